"""A yes/no question as a screen of its own."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.i18n import _
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import grid, grid_text, hint, title_bar, wrap


class Confirm(Screen):
    """A yes/no question: OK does it, BACK does not."""

    def __init__(self, ctx: Context, question: str, on_yes: Callable[[], None], *,
                 whole: tuple[str, ...] = ()) -> None:
        super().__init__(ctx)
        self.question = question
        self.on_yes = on_yes
        #: Parts of the question no line may break inside (a name and its number).
        self.whole = whole

    def key_ok(self) -> None:
        self.ctx.pop()
        self.on_yes()

    top = 0  # the first line of a long question shown (UP/DOWN scroll it)

    def _lines(self) -> list[str]:
        return wrap(self.question, 21, self.whole)

    def key_down(self) -> None:
        self.top = max(0, min(self.top + 1, len(self._lines()) - 4))

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def render(self, p: Painter) -> None:
        """The question under "Sure?" in three rows; a longer one takes the title bar's
        row too, and one longer still scrolls (UP/DOWN, a bar at the right): never a
        line of it left out (the hide question lost its end, issue 41)."""
        lines = self._lines()
        if len(lines) <= 3:
            title_bar(p, _("Sure?"))
            for i, line in enumerate(lines):
                grid_text(p, i, line)
        else:
            pitch = grid()[1]
            shown = lines[self.top:self.top + 4]
            for i, line in enumerate(shown):
                p.text((2, i * pitch), p.fit(line, "text", p.width - 6), "text")
            if len(lines) > 4:
                height = 4 * pitch
                bar = max(4, height * 4 // len(lines))
                y0 = (height - bar) * self.top // (len(lines) - 4)
                p.rect((p.width - 3, y0, p.width - 1, y0 + bar - 1), fill=1, outline=None)
        hint(p, _("OK yes   BACK no"))
