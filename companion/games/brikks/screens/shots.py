"""Named Brikks scenes for ``companion screenshot`` (the docs' pictures)."""

from __future__ import annotations

from typing import Any

from companion.api.screens import press
from companion.games.brikks import rules
from companion.games.brikks.screens.setup import KEY, BrikksSetup


def _blocks(app: Any, *colours: str) -> None:
    state = app.session.state
    for colour in colours:
        app.play({"type": "start_block", "player": rules.next_picker(state), "colour": colour})
        state = app.session.state


def _shot_setup(app: Any) -> None:
    app.push(BrikksSetup(app))
    press(app, "DOWN", "DOWN", "DOWN")


def _shot_start(app: Any) -> None:
    app.start_game(KEY, {"players": ["Ann", "Ben", "Cleo"]})
    _blocks(app, "red")


def _shot_roll(app: Any) -> None:
    app.start_game(KEY, {"players": ["Ann", "Ben"]})
    _blocks(app, "black", "red")
    press(app, "ROLL")


def _shot_reroll(app: Any) -> None:
    _shot_roll(app)
    press(app, "UP")


def _shot_costs(app: Any) -> None:
    _shot_roll(app)
    press(app, "RIGHT", "RIGHT")


def _shot_players(app: Any) -> None:
    _shot_roll(app)
    app.play({"type": "circle", "player": 0, "match": True})
    app.play({"type": "rows", "player": 1, "count": 2})
    press(app, "DOWN")


def _shot_score(app: Any) -> None:
    app.start_game(KEY, {"players": ["Ann", "Ben"]})
    _blocks(app, "black", "red")
    app.play({"type": "roll", "number": 2, "colour": "blue"})
    app.play({"type": "out", "player": 0})
    app.play({"type": "out", "player": 1})
    press(app, "long OK", "long OK", "long OK", "long OK", "long OK", "UP", "UP", "UP", "UP",
          "UP", "UP", "UP", "UP", "UP", "RIGHT", "UP", "UP", "UP", "UP")


def _shot_bonus(app: Any) -> None:
    _shot_score(app)
    press(app, "OK", "UP", "UP", "UP")  # the bonus marks, asked after the rows
    app.band = None


def _shot_total(app: Any) -> None:
    _shot_score(app)
    press(app, "OK", "OK", "OK", "OK")  # bonus, bombs and energy asked for, then the total
    app.band = None  # the picture without the passing "OK keeps each value"


def _shot_tracker(app: Any) -> None:
    _shot_players(app)
    press(app, "OK", "DOWN", "DOWN")


def _shot_solo(app: Any) -> None:
    app.start_game(KEY, {"players": ["Ann"]})
    _blocks(app, "green")
    app.play({"type": "roll", "number": 1, "colour": "white"})
    app.play({"type": "out", "player": 0})
    app.play({"type": "score", "player": 0, "rows": [10, 10, 10, 10, 10, 9, 9, 10, 0, 9, 0],
              "bonus_marks": 6, "bombs_left": 1, "energy_left": 2})


def _shot_result(app: Any) -> None:
    _shot_total(app)
    press(app, "OK", "long OK", "long OK", "long OK", "OK", "OK", "OK", "OK", "OK")
    app.band = None


def _shot_sheet(app: Any) -> None:
    _shot_result(app)
    press(app, "RIGHT")


SCENES = {
    "brikks-setup": _shot_setup,
    "brikks-start": _shot_start,
    "brikks-roll": _shot_roll,
    "brikks-reroll": _shot_reroll,
    "brikks-costs": _shot_costs,
    "brikks-players": _shot_players,
    "brikks-tracker": _shot_tracker,
    "brikks-score": _shot_score,
    "brikks-bonus": _shot_bonus,
    "brikks-total": _shot_total,
    "brikks-result": _shot_result,
    "brikks-sheet": _shot_sheet,
    "brikks-solo": _shot_solo,
}
