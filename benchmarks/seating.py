"""Presses to seat a regular table (issue 35, the English evening): four friends who
always play together, with the setup of a game they played last time.

* **again**: the same four in the same seats: presses from the setup screen to the
  game (goal 1: OK on Start, where the setup opens);
* **move to seat 1**: Dev, last time in seat 4, to seat 1 (goal 3 or fewer: DOWN, DOWN
  to the first seat, LEFT takes the previous seat's person, swapping the two seats).

Measured on :class:`companion.testing.Rig`, the buttons' real path, with Genial Spezial
(it seats 2-4 and has its own row, "Starts", between the seats and Start).

>>> figures = measure()
>>> figures["again"], figures["move_to_seat_1"]
(1, 3)
"""

from __future__ import annotations

from typing import Any

from companion.testing import Rig
from companion.ui.setup import SetupScreen

TABLE = ("Ann", "Bob", "Cy", "Dev")


def _setup(rig: Rig) -> SetupScreen:
    rig.open_game("genial")
    setup = rig.app.top
    assert isinstance(setup, SetupScreen), type(setup).__name__
    return setup


def played_once(language: str = "en") -> Rig:
    """A box whose four regulars finished a game of Genial Spezial in seat order."""
    rig = Rig(language=language, players=TABLE)
    rig.app.start_game("genial", {"players": list(TABLE), "first": 0})
    rig.store.finish(rig.app.session.game_id, {"winners": ["Ann"]})  # the evening ends
    rig.app.home()
    return rig


def again(language: str = "en") -> int:
    """Presses from the setup to the game with the table of last time."""
    rig = played_once(language)
    try:
        _setup(rig)
        before = rig.presses
        while isinstance(rig.app.top, SetupScreen):
            rig.keys("ok")
            if rig.presses - before > 20:
                break
        return rig.presses - before
    finally:
        rig.close()


def move_to_seat_1(language: str = "en") -> tuple[int, list[str]]:
    """Presses to put Dev (seat 4 last time) in seat 1, and the seats then."""
    rig = played_once(language)
    try:
        setup = _setup(rig)
        before = rig.presses
        while setup.rows()[setup.row] is not setup.seats[0]:
            rig.keys("down")
        while setup.seats[0].value != "Dev" and rig.presses - before < 30:
            rig.keys("left")
        return rig.presses - before, setup.players()
    finally:
        rig.close()


def measure() -> dict[str, Any]:
    moves, seats = move_to_seat_1()
    return {"again": again(), "move_to_seat_1": moves, "seats_after_move": seats,
            "goals": {"again": 1, "move_to_seat_1": 3}}


def table(figures: dict[str, Any]) -> str:
    return ("Seating a table of four regulars (Genial Spezial, Rig):\n"
            f"  same table as last time        {figures['again']} press(es) (goal 1)\n"
            f"  Dev from seat 4 to seat 1      {figures['move_to_seat_1']} press(es) (goal 3)"
            f"  → {', '.join(figures['seats_after_move'])}")
