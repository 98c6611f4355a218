"""High card's one screen: who draws next, this round's cards, rounds won.

Keys: OK or ROLL draws for the player marked "?" · hold BACK undoes · BACK leaves. Four
players fit; with five or six the rows scroll so that the one to draw is always shown.
"""

from __future__ import annotations

from typing import Any

from companion.api.screens import (
    N_,
    WIDTH,
    Choice,
    Context,
    Painter,
    Screen,
    SetupScreen,
    game_title,
    hint,
    open_game,
    playing,
    press,
    text_width,
    title_bar,
    translator,
    winner_page,
)
from companion_high_card import GAME, rules

#: The players' rows the screen has room for.
ROWS = 4

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
        return playing(self.ctx).state

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
        title_bar(p, game_title(GAME.key, short=True),
                  _("R{n}/{total}").format(n=s.played + 1, total=s.rounds))
        first = min(max(0, len(s.drawn) - ROWS + 1), max(0, len(s.players) - ROWS))
        right = WIDTH - 2 if len(s.players) <= ROWS else WIDTH - 5  # room for the bar
        for row, i in enumerate(range(first, min(first + ROWS, len(s.players)))):
            y = 13 + row * 10
            name = s.players[i]
            card = s.drawn[i] if i < len(s.drawn) else ("?" if name == s.to_draw else "")
            p.text((2, y), p.fit_name(name, "text", 66), "text")
            p.text((70, y), card, "bold")
            p.right(y, str(s.wins[i]), "text", x1=right)
        if len(s.players) > ROWS:  # a scroll bar: more seats above or below
            height = ROWS * 10
            bar = height * ROWS // len(s.players)
            y0 = 13 + (height - bar) * first // (len(s.players) - ROWS)
            p.rect((WIDTH - 2, y0, WIDTH - 1, y0 + bar - 1), fill=1, outline=None)
        taker = rules.round_winner(s)
        line = _("{name} took it  OK draw").format(name=taker) if taker and not s.drawn else ""
        hint(p, line if line and text_width(line, "small") <= WIDTH else _("OK draw"))


def _scene_table(app: Any) -> None:
    open_game(app, GAME.key)
    press(app, "OK", "OK", "OK", "OK", "OK", "OK")


SCREENSHOTS = {"high_card-table": _scene_table}
