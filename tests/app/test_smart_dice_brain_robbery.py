"""Issue 47: a Brain Robbery turn read from smart dice (the move, then the decoupling
checks, one die at a time and from two dice) logs as the same faces keyed in, plus which
die gave which face: both checks' dice, though each had an entry of its own."""

from __future__ import annotations

from typing import Any

from companion.hw.dice_set import KnownDie
from companion.hw.pixels_rolls import Landed
from companion.testing import Rig
from tests.games.brain_robbery.test_screens import ROSTER, logged, new_car_and_stop, start

__all__ = ["ROSTER"]  # the rig fixture seats them

RED, BLUE = 0xAED6, 0xB1D6
SET = [KnownDie(RED, "d6", "red d6"), KnownDie(BLUE, "d6", "blue d6")]


def land(rig: Rig, die: int, face: int) -> None:
    rig.app.keys.put(Landed(die, face))
    rig.pump()


def without_read(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.items() if k != "read"} for a in actions]


def test_a_move_and_its_checks_read_from_a_die_log_as_keyed_in(rig: Rig) -> None:
    rig.app.use_smart_dice(SET, confirm=False)    # each entry closes once its die is read
    start(rig)
    rig.keys("ok", "ok")
    land(rig, RED, 3)                             # the move: one die
    new_car_and_stop(rig)
    land(rig, RED, 1)                             # check 1 vs 3 cars: the Caboose is off
    land(rig, BLUE, 2)                            # check 2 vs 2 cars: the check ends
    assert [a.get("read") for a in logged(rig)] == [
        None, [[RED, 3]], None, [[RED, 1], [BLUE, 2]]]  # the move's two checks, both kept

    keyed = Rig(players=ROSTER)
    try:
        start(keyed)
        keyed.keys("ok", "ok", "long roll", "up", "up", "ok")
        new_car_and_stop(keyed)
        keyed.keys("long roll", "ok", "up", "ok")
        assert without_read(logged(rig)) == logged(keyed)
    finally:
        keyed.close()
