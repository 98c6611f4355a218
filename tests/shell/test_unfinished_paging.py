"""Guards issue 36: History → Unfinished reads the log a page at a time (a restored log
may hold hundreds of thousands of unfinished games) and still shows every game in order,
keeps the cursor on its game when the log changes, and takes a burst of OK after an
Abandon. How quick it is, ``python -m benchmarks.many_unfinished`` measures."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.log.store import Store
from companion.shell.unfinished import UnfinishedGame, UnfinishedList, dated
from companion.testing import Clock, Rig

KINDS = ["dice_roller", "brikks", "genial", "four_stones", "brain_robbery", "area_tiles"]
GAMES = 300


def crowd(db: Path, games: int = GAMES) -> None:
    """``games`` unfinished games of changing kinds and days (game 1 the oldest)."""
    Store.open(db).close()
    conn = sqlite3.connect(db)
    conn.executemany(
        "INSERT INTO games (kind, options, started) VALUES (?, ?, ?)",
        [(KINDS[i % len(KINDS)], json.dumps({"players": ["Ann", "Bo"]}),
          f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T19:00:00+00:00") for i in range(games)])
    conn.commit()
    conn.close()


@pytest.fixture
def crowded(tmp_path: Path):
    db = tmp_path / "companion.db"
    crowd(db)
    r = Rig(db=str(db), clock=Clock())
    r.later(10)  # the band saying the last game was resumed goes by itself
    r.app.home()
    home = r.app.top
    r.keys(*["down"] * (home.items().index("History") - home.index), "ok")
    assert r.app.top.items()[0] == f"Unfinished ({GAMES})"
    r.keys("ok")
    assert isinstance(r.app.top, UnfinishedList)
    yield r
    r.close()


def _rows(rig: Rig) -> list[str]:
    """The list's lines on screen, the title bar left out."""
    return rig.text.split(" | ")[2:]


def _chosen(rig: Rig) -> int:
    """The game under the cursor, as OK opens it (BACK returns to the list)."""
    assert isinstance(rig.app.top, UnfinishedList)
    rig.keys("ok")
    top = rig.app.top
    assert isinstance(top, UnfinishedGame)
    rig.keys("back")
    return top.record.id


def test_the_list_pages_through_every_game_in_order_and_wraps(crowded: Rig) -> None:
    every = crowded.store.unfinished_games()  # the whole list, read at once
    assert [g.id for g in every] == list(range(GAMES, 0, -1))
    lines = [dated(g.started, g.kind) for g in every]
    assert crowded.text.split(" | ")[:2] == ["Unfinished", str(GAMES)]
    for index in range(GAMES):
        assert _chosen(crowded) == every[index].id
        first = min(max(0, index - 3), GAMES - 4)
        assert _rows(crowded) == lines[first:first + 4], index
        crowded.keys("down")
    assert _chosen(crowded) == GAMES  # wrapped to the newest
    crowded.keys("up")  # and back to the oldest
    assert _chosen(crowded) == 1 and _rows(crowded) == lines[-4:]
    crowded.keys("ok")
    assert isinstance(crowded.app.top, UnfinishedGame) and crowded.app.top.record.id == 1


def test_the_cursor_keeps_its_game_when_a_newer_one_leaves(crowded: Rig) -> None:
    crowded.keys(*["down"] * 40)  # past the first page read
    kept = _chosen(crowded)
    assert kept == GAMES - 40
    other = sqlite3.connect(crowded.store.path)  # another program abandons two newer games
    other.execute("UPDATE games SET abandoned = 1 WHERE id IN (?, ?)", (GAMES, GAMES - 5))
    other.commit()
    other.close()
    crowded.app.redraw()
    assert crowded.text.split(" | ")[1] == str(GAMES - 2)
    assert _chosen(crowded) == kept and crowded.app.top.index == 38
    crowded.keys("down")
    assert _chosen(crowded) == kept - 1


def test_abandon_gives_the_row_to_the_next_older_game(crowded: Rig) -> None:
    crowded.keys(*["down"] * 7, "ok", "down", "ok", "ok")  # game 293 → Abandon → yes
    assert crowded.store.game(GAMES - 7).finished is None
    assert isinstance(crowded.app.top, UnfinishedList)
    assert crowded.text.split(" | ")[1] == str(GAMES - 1)
    assert _chosen(crowded) == GAMES - 8 and crowded.app.top.index == 7
    crowded.keys("up")
    assert _chosen(crowded) == GAMES - 6


def test_a_burst_of_ok_after_abandoning_the_oldest_game(crowded: Rig) -> None:
    crowded.keys("up", "ok", "down", "ok")  # the oldest game → Abandon → asks
    crowded.keys("ok", "ok")  # yes, and OK again at once: the new oldest game opens
    assert crowded.store.game(1).finished is None and len(crowded.store.unfinished_games()) \
        == GAMES - 1
    top = crowded.app.top
    assert isinstance(top, UnfinishedGame) and top.record.id == 2
    crowded.keys("back")
    assert _chosen(crowded) == 2 and crowded.app.top.index == GAMES - 2
    crowded.keys("ok", "ok")  # → Resume
    assert crowded.app.session.game_id == 2


def test_the_store_reads_the_unfinished_list_page_by_page(tmp_path: Path) -> None:
    crowd(tmp_path / "companion.db", 40)
    store = Store.open(tmp_path / "companion.db")
    try:
        store.finish(35, {"places": [["Ann"]]})
        store.abandon(10)
        assert store.unfinished_count() == 38
        assert [g.id for g in store.unfinished_page(0, 3)] == [40, 39, 38]
        assert [g.id for g in store.unfinished_page(4, 3)] == [36, 34, 33]
        assert [g.id for g in store.unfinished_page(36, 10)] == [2, 1]
        assert store.unfinished_place(36) == 4
        assert store.unfinished_place(35) == 5  # finished: where the next older one is
        assert store.unfinished_place(10) == store.unfinished_place(9)
        conn = sqlite3.connect(store.path)  # a damaged card's text in an unfinished result
        conn.execute("UPDATE games SET result = '{not json' WHERE id = 39")
        conn.commit()
        conn.close()
        assert [g.id for g in store.unfinished_page(0, 3)] == [40, 39, 38]
    finally:
        store.close()


def test_games_gone_between_the_count_and_the_page_are_read_again(crowded: Rig) -> None:
    listing = crowded.app.top
    assert isinstance(listing, UnfinishedList)
    lines = listing.lines()  # counted 300 and read the first page
    other = sqlite3.connect(crowded.store.path)  # meanwhile another program abandons many
    other.execute("UPDATE games SET abandoned = 1 WHERE id <= 250")
    other.commit()
    other.close()
    assert lines.record(GAMES - 1) is None and lines[GAMES - 1] == ""  # nothing there now
    crowded.keys("up")  # to the oldest game: the list is read again first
    assert crowded.text.split(" | ")[1] == "50"
    assert _chosen(crowded) == 251
