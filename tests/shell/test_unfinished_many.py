"""Guards issue 36: a log holding a great many unfinished games (a restored one) keeps
History quick: Store.unfinished() walks an index of the unfinished games (schema 3), and
the list History asks for on every key is read once until the log changes, here or
through another program's connection."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from companion.log.store import Store

MANY = 30_000


def crowded(db: Path) -> None:
    Store.open(db).close()
    conn = sqlite3.connect(db)
    options = json.dumps({"players": ["Ann", "Bo"], "count": 2})
    conn.executemany("INSERT INTO games (kind, options, started) VALUES ('dice_roller', ?, "
                     "'2026-01-01T00:00:00+00:00')", ((options,) for _ in range(MANY)))
    conn.commit()
    conn.close()


def test_many_unfinished_games_are_listed_once_until_the_log_changes(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    crowded(db)
    store = Store.open(db)
    try:
        plan = store._db.execute("EXPLAIN QUERY PLAN SELECT id FROM games g WHERE "
                                 "g.finished IS NULL AND g.abandoned = 0").fetchall()
        assert "games_unfinished" in str(plan)
        assert len(store.unfinished_games()) == MANY
        start = time.perf_counter()
        for _ in range(20):  # History asks on every key
            assert len(store.unfinished_games()) == MANY
        assert time.perf_counter() - start < 0.5
        store.abandon(MANY)  # this connection's change
        assert len(store.unfinished_games()) == MANY - 1
        other = sqlite3.connect(db)  # another program's (companion players, by hand)
        other.execute("UPDATE games SET abandoned = 1 WHERE id = 1")
        other.commit()
        other.close()
        games = store.unfinished_games()
        assert len(games) == MANY - 2 and games[-1].id == 2
    finally:
        store.close()
