"""The titled list every menu is made of: UP/DOWN move (wrapping), OK chooses, BACK leaves."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.i18n import _
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import page_list, title_bar


class ListScreen(Screen):
    """A titled list; UP/DOWN move, OK chooses, BACK leaves."""

    title = ""  # marked N_() where set, translated when drawn

    def heading(self) -> str:
        """The title bar's text: :attr:`title` translated (a game's list, whose title its
        own translator gives, returns that instead)."""
        return _(self.title) if self.title else ""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = 0

    def items(self) -> Sequence[str]:
        raise NotImplementedError

    def choose(self, index: int) -> None:
        raise NotImplementedError

    def key_up(self) -> None:
        self.index = (self.index - 1) % max(1, len(self.items()))

    def key_down(self) -> None:
        self.index = (self.index + 1) % max(1, len(self.items()))

    def key_ok(self) -> None:
        if self.items():
            self.choose(min(self.index, len(self.items()) - 1))

    def render(self, p: Painter) -> None:
        title_bar(p, self.heading())
        items = self.items()
        self.index = min(self.index, max(0, len(items) - 1))
        page_list(p, items, self.index)
