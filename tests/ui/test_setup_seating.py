"""Issue 35, the English evening's seating: the setup opens on the last table of this
game with the cursor on Start (1 press to play again), and choosing a seated person for
a seat swaps the two seats (Dev from seat 4 to seat 1 in 3 presses, not ~12 with a
guest parked on the way). Measured by `make bench` (benchmarks/seating.py); here in both
languages through the buttons."""

from __future__ import annotations

import pytest

from benchmarks import seating
from companion.testing import Rig
from companion.ui.setup import SetupScreen


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_same_table_again_is_one_press(language: str) -> None:
    assert seating.again(language) == 1


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_regular_moves_to_seat_one_in_three_presses(language: str) -> None:
    presses, seats = seating.move_to_seat_1(language)
    assert (presses, seats) == (3, ["Dev", "Bob", "Cy", "Ann"])


def test_choosing_someone_seated_swaps_and_passing_by_undoes_nothing() -> None:
    """RIGHT goes past the people not at the table; a person seated elsewhere swaps, and
    moving on from them puts them back: no seat is ever left with a duplicate."""
    rig = Rig(players=("Ann", "Bob", "Cy", "Eve"))
    try:
        rig.open_game("genial")
        setup = rig.app.top
        assert isinstance(setup, SetupScreen)
        rig.keys("right", "right")                       # Players: 4 → Ann Bob Cy Eve
        rig.keys("down", "down")                         # Seat 2 (Bob)
        rig.keys("left")                                 # the seat before: Ann, swapped
        assert setup.players() == ["Bob", "Ann", "Cy", "Eve"]
        rig.keys("left")                                 # on to Eve: Ann back, Eve swapped
        assert setup.players() == ["Ann", "Eve", "Cy", "Bob"]
        for _press in range(8):
            rig.keys("right")
            assert len(set(setup.players())) == 4 or "+ New player" in setup.players()
    finally:
        rig.close()


@pytest.mark.parametrize(("game", "table"), [
    ("four_stones", ["Bob", "Ann"]),           # its count row reads 4, 2: a 2-player table
    ("brikks", ["Cy", "Ann", "Bob"]),          # its own rows come after the seats
])
def test_the_last_table_comes_back_whatever_rows_the_game_adds(game: str,
                                                               table: list[str]) -> None:
    rig = Rig(players=("Ann", "Bob", "Cy", "Dee"))
    try:
        game_id = rig.store.new_game(game, {"players": table})
        rig.store.finish(game_id, {"places": [table]})
        rig.open_game(game)
        setup = rig.app.top
        assert isinstance(setup, SetupScreen)
        assert setup.count.value == len(table) and setup.players() == table
        assert setup.rows()[setup.row] is None     # the cursor on Start
    finally:
        rig.close()
