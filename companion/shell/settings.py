"""The Settings screen: what an owner changes at the table without a laptop.

UP/DOWN choose a row, LEFT/RIGHT change it (at once: the language switches the whole
box, the contrast the panel), BACK leaves. Each change is saved as it is made
(:mod:`companion.config.settings` says where); the bottom line names the file. The last
row but one, About, names the version and the commit (:mod:`companion.version`): what
to tell someone helping with the box; the last, Smart dice, opens the table's Pixels dice
(:mod:`companion.shell.smart_dice_screen`).
"""

from __future__ import annotations

from companion.core.i18n import LANGUAGES, NAMES, _
from companion.shell.smart_dice_screen import SmartDiceScreen
from companion.ui.paint import Painter
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import grid, hint, menu_list, title_bar

CONTRAST = (15, 47, 79, 111, 143, 175, 207, 239, 255)


def about() -> str:
    """The version and the commit's first seven digits, short enough for the panel:
    ``0.1.0 0123456``."""
    from companion.version import commit, version

    made = commit()
    return f"{version()} {made[:7]}" if made else version()


class SettingsScreen(Screen):
    ctx: BoxContext

    def __init__(self, ctx: BoxContext) -> None:
        super().__init__(ctx)
        self.row = 0

    def rows(self) -> list[str]:
        lang = self.ctx.config.language or self.ctx.language()
        contrast = self.ctx.config.display["contrast"]
        level = min(range(len(CONTRAST)), key=lambda i: abs(CONTRAST[i] - contrast)) + 1
        return [_("Language: {name}").format(name=NAMES[lang]),
                _("Contrast: {level}/{top}").format(level=level, top=len(CONTRAST)),
                _("About: {version}").format(version=about()),
                _("Smart dice: {n}").format(n=len(self.ctx.smart_dice.known()))]

    def key_up(self) -> None:
        self.row = (self.row - 1) % len(self.rows())

    def key_down(self) -> None:
        self.row = (self.row + 1) % len(self.rows())

    def _change(self, step: int) -> None:
        if self.row == 2:  # About: nothing to change
            return
        if self.row == 3:
            self.ctx.push(SmartDiceScreen(self.ctx))
            return
        if self.row == 0:
            now = self.ctx.config.language or self.ctx.language()
            new = LANGUAGES[(LANGUAGES.index(now) + step) % len(LANGUAGES)]
            self.ctx.change_setting("language", new)
        else:
            now = self.ctx.config.display["contrast"]
            i = min(range(len(CONTRAST)), key=lambda i: abs(CONTRAST[i] - now))
            self.ctx.change_setting("display.contrast",
                                    CONTRAST[max(0, min(len(CONTRAST) - 1, i + step))])

    def key_left(self) -> None:
        self._change(-1)

    def key_right(self) -> None:
        self._change(1)

    key_ok = key_right

    def key_back(self) -> None:
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        title_bar(p, _("Settings"))
        top, pitch = grid()
        menu_list(p, self.rows(), self.row, top=top, rows=3, pitch=pitch)  # the grid
        hint(p, _("LEFT/RIGHT change"))
