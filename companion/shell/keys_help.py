"""Which key does what: the help screen on the start menu."""

from __future__ import annotations

from companion.core.i18n import N_, _
from companion.ui.paint import Painter
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import grid_text, title_bar


class KeysHelp(Screen):
    """What each button does, in words."""

    ctx: BoxContext

    LINES = (N_("UP/DOWN  choose"), N_("LEFT/RIGHT  change"), N_("OK       confirm"),
             N_("BACK     back"), N_("hold BACK  undo"), N_("ROLL     roll dice"))

    def __init__(self, ctx: BoxContext) -> None:
        super().__init__(ctx)
        self.top = 0

    def key_down(self) -> None:
        self.top = min(self.top + 1, len(self.LINES) - 4)

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def render(self, p: Painter) -> None:
        title_bar(p, _("Keys"))
        for i, line in enumerate(self.LINES[self.top:self.top + 4]):
            grid_text(p, i, _(line))


