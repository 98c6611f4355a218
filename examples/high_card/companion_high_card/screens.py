"""High card's one screen: who draws next, this round's cards, rounds won.

Keys: OK or ROLL draws for the player named at the top · hold BACK undoes · BACK leaves.
"""

from __future__ import annotations

from typing import Any

from companion import catalogue
from companion.i18n import N_, translator
from companion.ui.fonts import text_width
from companion.ui.menus import Choice, SetupScreen
from companion.ui.paint import WIDTH, Painter
from companion.ui.scenes import open_game, press
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar, winner_page
from companion_high_card import GAME, rules

#: This package's own catalogue (``companion_high_card/locale``), the core's behind it.
_, ngettext = translator(__name__)


def new_game(ctx: Context) -> None:
    ctx.push(SetupScreen(ctx, GAME.key, low=GAME.min_players, high=GAME.max_players,
                         default=2, extra=[Choice("rounds", N_("Rounds"), rules.ROUNDS, 1,
                                                  gettext=_)]))


def play_screen(ctx: Context) -> Screen:
    return TableScreen(ctx)


class TableScreen(Screen):
    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def key_ok(self) -> None:
        if rules.is_over(self.state):
            self.ctx.home()
            return
        card = self.ctx.dice.pick(rules.remaining(self.state))
        self.ctx.play({"type": "draw", "card": card})

    key_roll = key_ok

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        if rules.is_over(s):
            winner_page(p, rules.result(s),
                        ngettext("{n} round", "{n} rounds", s.rounds).format(n=s.rounds),
                        _("OK menu  hold BACK undo"))
            return
        title_bar(p, catalogue.title(GAME.key, short=True),
                  _("R{n}/{total}").format(n=s.played + 1, total=s.rounds))
        for i, name in enumerate(s.players[:4]):
            y = 13 + i * 10
            card = s.drawn[i] if i < len(s.drawn) else ("?" if name == s.to_draw else "")
            p.text((2, y), p.fit(name, "text", 66), "text")
            p.text((70, y), card, "bold")
            p.right(y, str(s.wins[i]), "text", x1=WIDTH - 2)
        taker = rules.round_winner(s)
        line = _("{name} took it  OK draw").format(name=taker) if taker and not s.drawn else ""
        hint(p, line if line and text_width(line, "small") <= WIDTH else _("OK draw"))


def _scene_table(app: Any) -> None:
    open_game(app, GAME.key)
    press(app, "OK", "OK", "OK", "OK", "OK", "OK")


SCREENSHOTS = {"high_card-table": _scene_table}
