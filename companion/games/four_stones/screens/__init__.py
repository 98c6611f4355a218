"""Four-Colour Stones at the table: the box deals, knows every legal jump, passes, scores.

Flow of a round: OK deals a random layout (dealt again by itself while nobody could
open it) and shows it a quarter at a time, in type big enough to lay the pieces from;
then the turn screen shows whose turn it is, the chosen jump in the rules' notation
(``2d-4d``) with the points it takes, and the jump's cells big. UP/DOWN choose among
the legal jumps, OK jumps. A colour with no jump passes on its own (the turn screen
notes it: ``G pass``);
when nobody can jump the round's scores appear; OK deals the next round.

The screens: :mod:`.turn` (the main screen by phase), :mod:`.board` (the board and the
jump, drawn), :mod:`.scores` (the deal prompt, the score table, the standings).
"""

from __future__ import annotations

from typing import Any

from companion.api.screens import N_, Choice, Context, Screen, SetupScreen, translator
from companion.games.four_stones import rules
from companion.games.four_stones.rules import COLOURS
from companion.games.four_stones.screens.board import colour_word
from companion.games.four_stones.screens.scores import side_label
from companion.games.four_stones.screens.turn import StonesScreen, deal_round, pass_note

_, ngettext = translator(__name__)

KEY = "four_stones"

__all__ = ["KEY", "SCREENSHOTS", "StonesScreen", "StonesSetup", "deal_round", "new_game",
           "pass_note", "play_screen"]

#: Setup values, translated where drawn.
BASIC, STAR = N_("basic"), N_("star")
BY_THE_RULES = N_("by the rules")


def new_game(ctx: Context) -> None:
    """Ask for 4 players (or 2 with the two-player rule) and the setup, then start."""
    ctx.push(StonesSetup(ctx))


def play_screen(ctx: Context) -> Screen:
    return StonesScreen(ctx)


class StonesSetup(SetupScreen):
    """Players 4 or 2 (seats named by colour), basic or star setup; round r opens seat r."""

    def __init__(self, ctx: Context) -> None:
        extra = [
            Choice("star", N_("Setup"), [False, True], gettext=_,
                   shown=lambda v: _(STAR) if v else _(BASIC)),
            Choice("starts", N_("Starts"), [BY_THE_RULES], gettext=_,
                   shown=lambda v: _(v)),  # seat r opens round r
        ]
        super().__init__(ctx, KEY, low=2, high=4, default=4, extra=extra,
                         options=self._options)
        self.count = Choice("players", N_("Players"), [4, 2], 0, gettext=_,
                            shown=lambda n: _("2 (2 each)") if n == 2 else "4")

    def rows(self) -> list[Choice | None]:
        two = self.count.value == 2
        for seat, key in zip(self.seats, ("YR", "GB") if two else COLOURS, strict=False):
            seat.label = key
            seat.gettext = side_label if two else colour_word
        return super().rows()

    def _options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        options: dict[str, Any] = {"players": players, "star": chosen["star"]}
        house = dict(self.ctx.config.house_rules.get(KEY, {}))
        if house:
            options["house_rules"] = house
        return options


# -- screenshots ----------------------------------------------------------------------

PLAYERS_4 = {"players": ["Ann", "Ben", "Cleo", "Dan"]}


def _started(app: Any, options: dict[str, Any] = PLAYERS_4) -> None:
    from companion.api.screens import press

    app.start_game(KEY, dict(options))
    press(app, "OK")  # deal; the board shows
    while app.message:
        press(app, "OK")
    app.band = None


def _deal(app: Any) -> None:
    _started(app)


def _quarter(app: Any) -> None:
    from companion.api.screens import press

    _started(app)
    press(app, "DOWN", "RIGHT")  # the lower right quarter


def _turn(app: Any) -> None:
    from companion.api.screens import press

    _started(app)
    press(app, "OK")  # the layout is on the table
    while len(rules.turn_moves(app.session.state)) < 3:
        press(app, "OK")  # the first jump on offer
        while app.message:
            press(app, "OK")
    app.band = None  # a pass notice has had its two seconds
    press(app, "DOWN")


def _board(app: Any) -> None:
    from companion.api.screens import press

    _turn(app)
    press(app, "RIGHT")  # the board, on the quarter of the chosen jump


def _play_round(app: Any) -> None:
    """Jump the first legal move until the round is over."""
    while app.session.state.phase == "play":
        app.play({"type": "jump", "move": rules.turn_moves(app.session.state)[0].split()[0]})
    app.message = None
    app.band = None


def _round(app: Any) -> None:
    from companion.api.screens import press

    _started(app)
    press(app, "OK")
    _play_round(app)


def _how(app: Any) -> None:
    from companion.api.screens import press

    _round(app)
    press(app, "DOWN")  # how the round's scores came about


def _pass(app: Any) -> None:
    from companion.api.screens import press

    _started(app)
    press(app, "OK")
    while not app.session.state.passed and app.session.state.phase == "play":
        press(app, "OK")  # jump until a colour cannot and passes (noted on the turn)
    app.band = None


def _over(app: Any) -> None:
    from companion.api.screens import press

    app.start_game(KEY, {"players": ["Ann", "Ben"]})
    for _round_played in range(2):
        press(app, "OK")
        app.message = None
        press(app, "OK")
        _play_round(app)


SCREENSHOTS = {
    "four_stones-deal": _deal,
    "four_stones-quarter": _quarter,
    "four_stones-turn": _turn,
    "four_stones-board": _board,
    "four_stones-pass": _pass,
    "four_stones-round": _round,
    "four_stones-how": _how,
    "four_stones-over": _over,
}
