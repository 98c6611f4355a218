"""Guards issue 36: History → Unfinished never raises IndexError when OK comes while the
cursor is past a list that just got shorter (a burst of OK after Abandon), and the
command-line colour of a player is short plain text (``core.columns.cut`` stays linear)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.core.columns import cut
from companion.core.errors import BadName
from companion.log.store import Store
from companion.shell.unfinished import UnfinishedGame, UnfinishedList
from companion.testing import Rig


def test_ok_past_the_end_of_a_shorter_list_opens_the_last_game(rig: Rig) -> None:
    game = rig.store.new_game("dice_roller", {"players": ["Table"], "count": 1})
    rig.store.append(game, {"type": "roll", "dice": [3]})
    listing = UnfinishedList(rig.app)
    listing.index = 4  # where the cursor was before two games were abandoned
    listing.key_ok()
    assert isinstance(rig.app.top, UnfinishedGame) and rig.app.top.record.id == game


@pytest.mark.parametrize("colour", ["\x1b[31mred", "red\n", "a" * 25, "\u202eder"])
def test_a_colour_that_is_not_short_plain_text_is_refused(tmp_path: Path, colour: str) -> None:
    store = Store.open(tmp_path / "companion.db")
    try:
        with pytest.raises(BadName, match="A colour is at most 24 characters"):
            store.add_player("Ann", colour)
        assert store.players() == []
        assert store.add_player("Ann", " #c0392b ").colour == "#c0392b"
    finally:
        store.close()


def test_cutting_a_huge_text_is_linear() -> None:
    start = time.perf_counter()
    assert cut("x" * 200_000, 8) == "x" * 7 + "…"  # one pass, and it says it is cut
    assert time.perf_counter() - start < 0.5
