"""Schema 6 (issue 44): a log made by schema 5 opens, is migrated with its games and
players kept, and takes a BG Stats group's plays, each held once by its UUID."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.log import schema
from companion.log.imported_plays import BgGame, BgLocation, NewPlay
from companion.log.store import Store

ANN = "0F6C1E2A-1111-4A2B-9C3D-000000000001"


def schema_5_log(db: Path) -> None:
    """A log as schema 5 left it: Ann on the roster, one finished game of hers."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for n in range(5):
        schema._step(conn, n)
    conn.execute("INSERT INTO schema_version VALUES (5)")
    conn.execute("INSERT INTO players (id, uuid, name, key, created) VALUES (1, ?, 'Ann', "
                 "'ann', '2026-01-01T00:00:00+00:00')", (ANN,))
    conn.execute("INSERT INTO games (id, kind, options, started, finished, result) VALUES "
                 "(1, 'genial', '{\"players\": [\"Ann\", \"Ben\"]}', "
                 "'2026-01-01T20:00:00+00:00', '2026-01-01T20:30:00+00:00', "
                 "'{\"scores\": {\"Ann\": 12, \"Ben\": 9}, \"winners\": [\"Ann\"], "
                 "\"places\": [[\"Ann\"], [\"Ben\"]]}')")
    conn.execute("INSERT INTO seats VALUES (1, 0, 1)")
    conn.close()


def test_a_schema_5_log_is_checked_migrated_and_takes_imported_plays(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    schema_5_log(db)
    conn = sqlite3.connect(db, isolation_level=None)
    assert schema.problem(conn) is None  # a schema-5 log is a log
    conn.close()
    store = Store.open(db)
    try:
        assert store.notice is None, store.notice
        assert store._db.execute("SELECT version FROM schema_version").fetchone()[0] == 6
        assert schema.problem(store._db) is None
        assert [p.uuid for p in store.players()] == [ANN]
        assert store.history()[0].result["winners"] == ["Ann"]
        game = BgGame("0A000000-0000-4000-8000-000000000001", "Azul", 230802)
        place = BgLocation("0C000000-0000-4000-8000-000000000001", "Ann's")
        seat = {"uuid": ANN, "name": "Ann", "score": "12", "winner": True, "rank": 1,
                "start": True}
        play = NewPlay("0B000000-0000-4000-8000-000000000001", game.uuid,
                       "2025-01-05T19:00:00+00:00", 40, place.uuid, [seat])
        assert store.imported.add([game], [place], [play]) == 1
        assert store.imported.add([game], [place], [play]) == 0  # held once
        assert store.imported.count() == 1
        assert [(p.name, p.plays) for p in store.imported.locations()] == [("Ann's", 1)]
    finally:
        store.close()


def test_a_crafted_imported_table_is_not_a_log(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    Store.open(db).close()
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("CREATE TRIGGER t AFTER INSERT ON imported_plays BEGIN SELECT 1; END")
    assert schema.problem(conn) == "it holds trigger t, which the companion does not make"
    conn.close()
