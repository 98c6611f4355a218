"""Guards how shared places are numbered everywhere a result is listed: the way a table of
results counts (1, 1, 3), as Genial's standings always did; Brain Crush, Four-Colour
Stones, Brikks, the score pad, History and the exports' rank said 1, 1, 2."""

from __future__ import annotations

from pathlib import Path

from companion.app.session import GameSession
from companion.core.ranking import numbered
from companion.log.store import Store
from companion.records.plays import plays as read_plays
from companion.testing import Rig


def test_a_shared_place_counts_every_player_in_it() -> None:
    assert numbered([["Ann", "Bob"], ["Cy"]]) == [(1, "Ann"), (1, "Bob"), (3, "Cy")]
    assert numbered([["Ann"], ["Bob", "Cy"], ["Dee"]]) == [
        (1, "Ann"), (2, "Bob"), (2, "Cy"), (4, "Dee")]


def tie(db: Path) -> None:
    """A Genial game: Ann and Bob share first, Cy third."""
    store = Store.open(db)
    game = GameSession.start(store, "genial", {"players": ["Ann", "Bob", "Cy"]})
    game.apply({"type": "turn", "all": 2})
    game.apply({"type": "turn", "all": 2})
    game.apply({"type": "turn", "points": {"orange": 1}})
    game.apply({"type": "end_early"})
    store.close()


def test_the_exports_rank_and_history_count_shared_places(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    tie(db)
    store = Store.open(db)
    play = read_plays(store)[0]
    store.close()
    assert [play.rank(name) for name in ("Ann", "Bob", "Cy")] == [1, 1, 3]
    rig = Rig(db=str(db))
    try:
        rig.keys("down", "ok", "ok")  # History → the game
        assert [line for line in rig.app.top.lines() if line[1:2] == "."] == [
            "1. Ann 2", "1. Bob 2", "3. Cy 0"]
    finally:
        rig.close()



def test_brain_crush_final_screen_counts_shared_places() -> None:
    rig = Rig()
    try:
        rig.app.start_game("brain_crush", {"players": ["Ann", "Bob", "Cy"]})
        for action in ({"type": "take", "colour": "R", "kind": "5"},   # Ann 15
                       {"type": "take", "colour": "Y", "kind": "5"},   # Bob 15
                       {"type": "miss"}):                              # Cy 0
            rig.app.play(action)
        for _round in range(3):
            rig.app.play({"type": "end_round"})
        rig.keys("down")  # a key draws the frame
        texts = rig.app.texts
        places = [texts[texts.index(name) - 1] for name in ("Ann", "Bob", "Cy")]
        assert places == ["1", "1", "3"], texts
    finally:
        rig.close()
