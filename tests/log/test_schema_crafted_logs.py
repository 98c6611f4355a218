"""Guards the crafted-log suite (issue 36, B1): a SQLite file is taken as a log by
``companion restore``, ``run --db``, the one-shot commands and the start-up only when
its objects are exactly the companion's (``sqlite_master`` compared with what the
migrations make). A trigger that deletes acknowledged rolls, a view in place of a
table, a CHECK that makes every save fail, a missing or extra column, a schema version
that is no number: one sentence, nothing run, nothing lost. Deeply nested JSON in a
game's row is a damaged record, never a RecursionError.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.core.errors import StorageError
from companion.log.backups import Backups
from companion.log.opening import not_a_log
from companion.log.store import Store
from companion.owner.cli import main
from tests.apprun import AppProcess
from tests.logs import dice_game


def _sql(*statements: str) -> Callable[[sqlite3.Connection], None]:
    def run(conn: sqlite3.Connection) -> None:
        for statement in statements:
            conn.execute(statement)
    return run


def _rebuilt_games(column_sql: str, columns: str) -> Callable[[sqlite3.Connection], None]:
    """``games`` made again with ``column_sql`` as its columns, keeping ``columns``."""
    return _sql("PRAGMA foreign_keys=OFF", "ALTER TABLE games RENAME TO old_games",
                f"CREATE TABLE games ({column_sql})",
                f"INSERT INTO games ({columns}) SELECT {columns} FROM old_games",
                "DROP TABLE old_games")


_GAME_COLUMNS = "id, kind, options, started, finished, result, abandoned, started_after"

#: name → how a real log is made hostile.
CRAFTS: dict[str, Callable[[sqlite3.Connection], None]] = {
    "trigger deleting each new action": _sql(
        "CREATE TRIGGER eat AFTER INSERT ON actions BEGIN DELETE FROM actions "
        "WHERE rowid = new.rowid; END"),
    "trigger wiping finished games": _sql(
        "CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM games "
        "WHERE finished IS NOT NULL; END"),
    "RAISE(ABORT) trigger": _sql(
        "CREATE TRIGGER no BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'no'); END"),
    "view in place of a table": _sql(
        "PRAGMA foreign_keys=OFF", "DROP TABLE seats",
        "CREATE VIEW seats AS SELECT 1 AS game_id, 1 AS seat, 1 AS player_id"),
    "extra view": _sql("CREATE VIEW spy AS SELECT * FROM games"),
    "extra table": _sql("CREATE TABLE notes (text TEXT)"),
    "extra index": _sql("CREATE INDEX by_kind ON games (kind)"),
    "CHECK constraint": _rebuilt_games(
        "id INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind != 'brikks'), options TEXT NOT "
        "NULL, started TEXT NOT NULL, finished TEXT, result TEXT, abandoned INTEGER NOT "
        "NULL DEFAULT 0, started_after INTEGER NOT NULL DEFAULT 0", _GAME_COLUMNS),
    "missing column": _sql("ALTER TABLE games DROP COLUMN result"),
    "extra column": _sql("ALTER TABLE games ADD COLUMN spare TEXT"),
    "schema version 'abc'": _sql("UPDATE schema_version SET version = 'abc'"),
    "schema version -5": _sql("UPDATE schema_version SET version = -5"),
    "two schema versions": _sql("INSERT INTO schema_version VALUES (1)"),
    "no schema version table": _sql("DROP TABLE schema_version"),
    # issue 43: counters a later write would overflow
    "change count 2**31 - 1": _sql("PRAGMA user_version = 2147483647"),
    "change count -1": _sql("PRAGMA user_version = -1"),
    "action number 2**63 - 1": _sql(
        "UPDATE actions SET seq = 9223372036854775807 WHERE seq = 2"),
    "action row id 2**63 - 1": _sql(
        "UPDATE actions SET rowid = 9223372036854775807 WHERE seq = 2"),
}


def crafted(tmp_path: Path, craft: Callable[[sqlite3.Connection], None]) -> Path:
    """A whole companion log (one game, two rolls) made hostile by ``craft``."""
    path = tmp_path / "crafted" / "night.db"
    path.parent.mkdir()
    dice_game(path, rolls=2)
    conn = sqlite3.connect(path, isolation_level=None)
    craft(conn)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    return path


def home_log(tmp_path: Path) -> Path:
    """The box's own log: one game of five rolls, and a backup of it."""
    db = tmp_path / "state" / "companion.db"
    db.parent.mkdir()
    dice_game(db, rolls=5)
    Backups(db).make()
    return db


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", CRAFTS)
def test_restore_refuses_a_crafted_log_and_touches_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    source = crafted(tmp_path, CRAFTS[name])
    db = home_log(tmp_path)
    before, source_before = snapshot(db.parent), source.read_bytes()
    code = main(["restore", str(source), "--db", str(db)])
    out, err = capsys.readouterr()
    assert code == 2 and not out, (out, err)
    assert err.count("\n") == 1 and "is not a companion log" in err, err
    assert "Traceback" not in err
    assert snapshot(db.parent) == before and source.read_bytes() == source_before


@pytest.mark.parametrize("name", CRAFTS)
def test_a_crafted_log_is_not_a_log_for_run_db_or_the_commands(tmp_path: Path,
                                                               name: str) -> None:
    source = crafted(tmp_path, CRAFTS[name])
    before = snapshot(source.parent)
    assert not_a_log(source) is not None
    for write in (False, True):
        with pytest.raises(StorageError, match="is not a companion log"):
            Store.open_existing(source, write=write)
    assert snapshot(source.parent) == before


@pytest.mark.parametrize("name", ["trigger deleting each new action", "CHECK constraint",
                                  "schema version 'abc'", "missing column",
                                  "change count 2**31 - 1"])
def test_start_up_sets_a_crafted_log_aside_and_comes_back_from_its_backup(
        tmp_path: Path, name: str) -> None:
    """The box's own log replaced by a crafted one (by hand, over SSH): the crafted file
    is kept aside byte for byte, never run; the log comes back from the backup, and a
    roll saved afterwards stays saved."""
    db = home_log(tmp_path)
    hostile = crafted(tmp_path, CRAFTS[name])
    hostile.replace(db)
    hostile_bytes = db.read_bytes()
    store = Store.open(db)
    try:
        assert not store.read_only and store.notice
        game = store.unfinished()
        assert game is not None and game.actions == 5
        store.append(game.id, {"type": "roll", "dice": [6, 6]})
        assert len(store.actions(game.id)) == 6
        objects = store._db.execute("SELECT type, name FROM sqlite_master "
                                    "WHERE type IN ('trigger', 'view')").fetchall()
        assert objects == []
    finally:
        store.close()
    kept = [p for p in db.parent.iterdir() if p.name.startswith("companion.db.foreign-")
            and not p.name.endswith(("-wal", "-shm"))]
    assert [p.read_bytes() for p in kept] == [hostile_bytes]


def test_run_db_refuses_a_crafted_log_in_one_line(tmp_path: Path) -> None:
    source = crafted(tmp_path, CRAFTS["trigger deleting each new action"])
    before = snapshot(source.parent)
    with AppProcess(tmp_path, source) as app:
        code = app.proc.wait(20)
        err = app.proc.stderr.read().decode()
    assert code == 2 and err.count("\n") == 1 and "is not a companion log" in err, err
    assert snapshot(source.parent) == before


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("column", ["options", "result"])
def test_deeply_nested_json_is_a_damaged_game_not_a_crash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], column: str) -> None:
    source = tmp_path / "nested.db"
    dice_game(source, rolls=1)
    dice_game(source, rolls=1)
    conn = sqlite3.connect(source, isolation_level=None)
    deep = json.dumps({"players": ["Table"], "x": 0})[:-1] + ', "deep": ' + _nested(100000) + "}"
    conn.execute(f"UPDATE games SET {column} = ?, finished = '2026-01-01T00:00:00+00:00' "
                 "WHERE id = 1", (deep,))
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    db = tmp_path / "state" / "companion.db"
    assert main(["restore", str(source), "--db", str(db)]) == 0
    capsys.readouterr()
    store = Store.open(db)
    try:
        assert store.history() == [] and store.skipped == 1
        assert store.unfinished() is not None
    finally:
        store.close()
    assert main(["history", "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err


def test_a_backup_with_a_crafted_change_count_never_puts_the_log_behind(
        tmp_path: Path) -> None:
    """Issue 43: a copy counting 2**31 - 1 changes dropped into backups/ (or made of a
    crafted restore before it was refused) is never taken as newer than the healthy log:
    start after start, the log stays in place, nothing is set aside as ``.behind-``."""
    db = home_log(tmp_path)
    hostile = db.parent / "backups" / "companion-20261201-120000.db"
    hostile.write_bytes(Backups(db).all()[-1].read_bytes())  # the log's own identity
    conn = sqlite3.connect(hostile, isolation_level=None)
    conn.execute("PRAGMA user_version = 2147483647")
    conn.close()
    for _start in range(3):
        store = Store.open(db)
        try:
            assert not store.read_only and store.notice is None, store.notice
            game = store.unfinished()
            assert game is not None
            store.append(game.id, {"type": "roll", "dice": [6, 6]})
            assert 0 < store.generation < 2**31 - 1
        finally:
            store.close()
        Backups(db).make()
    assert not [p for p in db.parent.iterdir() if ".behind-" in p.name]
    assert len(Store.open_existing(db).actions(1)) == 8
