"""Genial Spezial: setup, the board for the player count, the score table, standings
and the winner.

On the score table each turn is entered in place: UP orange, RIGHT purple, DOWN blue,
LEFT green, one press per point · OK confirms the turn · BACK takes back the last press
(with none: the start menu) · hold OK +1 on all four (large towers) · hold an arrow or
ROLL: standings, where hold OK ends the game early · hold BACK undoes the last turn.
See :mod:`companion.games.genial.screens.score`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.api.screens import (
    N_,
    Choice,
    Context,
    Painter,
    Screen,
    SetupScreen,
    hint,
    title_bar,
    translator,
    wrap,
)
from companion.games.genial import GAME, rules
from companion.games.genial.screens.grid import (
    NAME_W,
    ROW_H,
    draw_title,
    name_cell,
    name_width,
    row_y,
    shown_names,
)
from companion.games.genial.screens.result import StandingsScreen
from companion.games.genial.screens.score import GenialScreen

_, ngettext = translator(__name__)

KEY = "genial"
YOUNGEST, RANDOM = N_("youngest"), N_("random")

__all__ = ["BoardScreen", "GenialScreen", "GenialSetup", "SCREENSHOTS", "StandingsScreen",
           "new_game", "play_screen"]


def new_game(ctx: Context) -> None:
    """Push the setup: player count, names in seat order (youngest first), who starts."""
    ctx.push(GenialSetup(ctx))


def play_screen(ctx: Context) -> Screen:
    """The score table; it turns into the winner screen once the game is over."""
    return GenialScreen(ctx)


class GenialSetup(SetupScreen):
    """The generic player setup, with seat 1 named "Youngest" and a "Starts" row.

    Start shows the board setup for the chosen player count before the game begins.
    """

    def __init__(self, ctx: Context) -> None:
        starts = Choice("starts", N_("Starts"), [YOUNGEST, RANDOM], shown=lambda v: _(v),
                        gettext=_)
        super().__init__(ctx, KEY, low=GAME.min_players, high=GAME.max_players,
                         extra=[starts])
        self.seats[0].label = N_("Youngest")
        self.seats[0].gettext = _

    def key_ok(self) -> None:
        if self.rows()[self.row] is not None:
            super().key_ok()  # a name to type, or the jump to Start
            return
        if not self.ready():  # a seat with nobody, or a repeated name: it says which
            return
        starts = {c.key: c.value for c in self.extra}["starts"]
        self.ctx.push(BoardScreen(self.ctx, self.players(), starts == RANDOM))


class BoardScreen(Screen):
    """What goes on the board for this player count; OK starts the game.

    The first view shows the counts big; DOWN scrolls to the full wording.
    """

    def __init__(self, ctx: Context, players: list[str], random_first: bool) -> None:
        super().__init__(ctx)
        self.players = players
        self.random_first = random_first
        self.setup = rules.setup(len(players))
        self.top = 0

    def lines(self) -> list[str]:
        """The full wording of the setup, a sentence per line, in the language in use."""
        s = self.setup
        if s.removed_light_values:
            tokens = _("Box: light {values} tokens ({n})").format(
                values=_values(s.removed_light_values), n=s.tokens_removed)
        else:
            tokens = _("Box: no tokens")
        return [
            _("{n} large on spaces {players}").format(n=s.large_towers, players=s.players),
            _("{n} small on light spaces").format(n=s.small_towers),
            _("Box: {large} large, {small} small").format(large=s.large_boxed,
                                                         small=s.small_boxed)
            if s.large_boxed or s.small_boxed else _("Box: no towers"),
            tokens,
            _("{n} tokens, light up").format(n=s.tokens_used),
        ]

    def detail_lines(self) -> list[str]:
        return [part for line in self.lines() for part in wrap(line, 21)]

    def key_down(self) -> None:
        self.top = min(self.top + 1, len(self.detail_lines()) - 3)

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_ok(self) -> None:
        first = self.ctx.dice.roll(len(self.players))[0] - 1 if self.random_first else 0
        self.ctx.start_game(KEY, {"players": self.players, "first": first})

    def render(self, p: Painter) -> None:
        if self.top == 0:
            self._summary(p)
            return
        title_bar(p, _("Board for {n}").format(n=len(self.players)), _("OK=go"))
        for i, line in enumerate(self.detail_lines()[self.top - 1:self.top + 3]):
            p.text((2, 13 + i * 12), line, "text")

    def _summary(self, p: Painter) -> None:
        """The score table the game opens on (its title bar, the names in seat order,
        the hint line), with the board's three counts where the scores will be: OK
        then changes only those cells (issue 18)."""
        s = self.setup
        state = rules.new_game({"players": self.players})
        draw_title(p, state)
        shown = shown_names(p, self.players, name_width())
        for seat, name in enumerate(shown):
            name_cell(p, row_y(seat), name, current=seat == 0 and not self.random_first)
        lines = [_("{n} large on {players}").format(n=s.large_towers, players=s.players),
                 _("{n} small").format(n=s.small_towers),
                 _("{n} tokens").format(n=s.tokens_used)]
        p.line((NAME_W, row_y(0), NAME_W, row_y(len(lines)) - 2))  # the board, not a row
        for i, line in enumerate(lines):
            y = row_y(i)
            with p.region((PANEL_X, y, p.width - 1, y + ROW_H - 1)):
                p.text((PANEL_X, y), line, "text")
        if row_y(len(self.players)) <= p.height - 8:
            hint(p, _("OK=go  DOWN=details"))
        else:  # four players: no hint line, the keys go at the end of the last row
            y = row_y(len(lines))
            with p.region((PANEL_X, y, p.width - 1, y + ROW_H - 1)):
                p.right(y, _("OK=go DN=more"), "text", x1=p.width - 1)


PANEL_X = NAME_W + 4  # the board's counts, right of the names and a rule


def _values(values: tuple[int, ...]) -> str:
    """The light values of the tokens put away: "1 & 2"."""
    return _("{a} & {b}").format(a=values[0], b=values[1]) if len(values) > 1 else str(values[0])


# -- screenshot scenes -------------------------------------------------------------------

PLAYERS = ["Ann", "Bob", "Cleo"]


def _reach(app: Any, targets: list[list[int]], rounds: int, extra: int = 0) -> None:
    """Start a game and play ``rounds`` rounds (+ ``extra`` turns) that end on ``targets``.

    Each player's points are spread evenly over their turns; the extra turns score nothing.
    """
    app.start_game(KEY, {"players": PLAYERS, "first": 0})
    for turn in range(rounds):
        for tracks in targets:
            points = {s: v // rounds + (turn < v % rounds)
                      for s, v in zip(rules.SYMBOLS, tracks, strict=True)}
            app.play({"type": "turn", "points": {s: n for s, n in points.items() if n}})
    for _turn in range(extra):
        app.play({"type": "turn"})


def _midgame(app: Any) -> None:
    """Round 7, Bob to play; Cleo's lowest ties Ann's, broken on the 2nd-lowest."""
    _reach(app, [[8, 5, 10, 6], [6, 9, 4, 7], [11, 5, 7, 9]], rounds=6, extra=1)


def _final(app: Any) -> None:
    """The rules' own example: Ann and Bob both lowest 11; Ann's 13 beats Bob's 12."""
    _reach(app, [[13, 11, 16, 17], [11, 12, 14, 15], [9, 18, 20, 14]], rounds=20)


def _scene_setup(app: Any) -> None:
    from companion.api.screens import press

    app.open_setup(KEY)
    press(app, "RIGHT")  # 3 players


def _scene_board(app: Any) -> None:
    from companion.api.screens import press

    _scene_setup(app)
    press(app, "UP", "OK")  # Start → board setup


def _scene_score(app: Any) -> None:
    _midgame(app)


def _scene_turn(app: Any) -> None:
    from companion.api.screens import press

    """Bob enters two on orange and three on blue, not yet confirmed."""
    _midgame(app)
    press(app, "UP", "UP", "DOWN", "DOWN", "DOWN")


def _scene_cap(app: Any) -> None:
    from companion.api.screens import press

    """Ann's orange is at 18: three more and +2 on all four lose three to the cap."""
    _reach(app, [[18, 12, 16, 14], [5, 5, 5, 5], [6, 6, 6, 6]], rounds=15)
    press(app, *["UP"] * 3, "RIGHT", "long OK", "long OK")


def _scene_standings(app: Any) -> None:
    from companion.api.screens import press

    _midgame(app)
    press(app, "long RIGHT")


def _scene_winner(app: Any) -> None:
    _final(app)


def _scene_winner_places(app: Any) -> None:
    from companion.api.screens import press

    _final(app)
    press(app, "DOWN", "DOWN", "DOWN", "DOWN")


SCREENSHOTS: dict[str, Callable[[Any], None]] = {
    "genial-setup": _scene_setup,
    "genial-board": _scene_board,
    "genial-score": _scene_score,
    "genial-turn": _scene_turn,
    "genial-cap": _scene_cap,
    "genial-standings": _scene_standings,
    "genial-winner": _scene_winner,
    "genial-winner-places": _scene_winner_places,
}
