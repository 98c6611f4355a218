"""A yes/no question as a screen of its own."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.i18n import _
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import grid_text, hint, title_bar, wrap


class Confirm(Screen):
    """A yes/no question: OK does it, BACK does not."""

    def __init__(self, ctx: Context, question: str, on_yes: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.question = question
        self.on_yes = on_yes

    def key_ok(self) -> None:
        self.ctx.pop()
        self.on_yes()

    def render(self, p: Painter) -> None:
        title_bar(p, _("Sure?"))
        for i, line in enumerate(wrap(self.question, 21)[:3]):
            grid_text(p, i, line)
        hint(p, _("OK yes   BACK no"))
