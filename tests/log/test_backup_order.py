"""Guards B3 and B5 (issue 36): backups are ordered by what they hold (the log's change
count, then its newest action), never by their names, which a clock once ahead writes
wrong for ever; another box's backup dropped into ``backups/`` is set aside untouched,
never used to replace a healthy log; the log's identity (schema 3) comes to an old log
by migration; the game to resume comes from the log's own order, not the clock."""

from __future__ import annotations

import calendar
import gzip
import shutil
import sqlite3
import time
from pathlib import Path

from companion.app.session import GameSession
from companion.config.file import from_mapping
from companion.log.backups import Backups, listing, own
from companion.log.schema import SCHEMA_VERSION, identity, problem
from companion.log.store import Store
from companion.owner.doctor.checks import Doctor

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
AHEAD = float(calendar.timegm((2027, 1, 15, 8, 0, 0)))  # a Pi without a clock, once


def play(db: Path, games: int, *, finish: bool = True) -> None:
    store = Store.open(db)
    for _ in range(games):
        game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
        game.apply({"type": "roll", "dice": [4]})
        if finish:
            game.apply({"type": "finish"})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def counts(db: Path) -> tuple[int, int]:
    store = Store.open(db)
    try:
        return (len(store.history()),
                store._db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    finally:
        store.close()


def test_a_backup_named_by_a_clock_that_was_ahead_is_not_the_newest(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    play(db, 1)
    ahead = Backups(db, clock=lambda: AHEAD).make()  # named 2027 by a clock once ahead
    lost_wal = db.read_bytes()  # the log as a lost WAL leaves it: one game
    play(db, 2)
    made = Backups(db).make()  # today, with three games
    assert listing(db.parent / "backups")[-1] == made and ahead.name > made.name
    db.write_bytes(lost_wal)
    assert counts(db)[0] == 3  # the lost games are noticed and come back from the backup


def test_doctor_says_a_backup_is_dated_ahead_instead_of_a_negative_age(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    play(db, 1)
    Backups(db, clock=lambda: time.time() + 365 * 86400).make()
    config = from_mapping({"state": {"dir": str(tmp_path)}})
    line = {c.name: c for c in Doctor(config, model=tmp_path / "no-model").run()}["backups"]
    assert "-" not in line.detail.split(",")[0] and "ahead of this clock" in line.detail


def test_another_boxes_backup_never_replaces_a_healthy_log(tmp_path: Path) -> None:
    ours, theirs = tmp_path / "box" / "companion.db", tmp_path / "other" / "companion.db"
    ours.parent.mkdir()
    theirs.parent.mkdir()
    play(ours, 2)
    Backups(ours).make()
    play(theirs, 5)  # more changes than ours: it would look "ahead"
    stray = Backups(theirs, clock=lambda: AHEAD).make()
    dropped = ours.parent / "backups" / stray.name
    shutil.copyfile(stray, dropped)
    stray_bytes = dropped.read_bytes()
    before = ours.read_bytes()
    assert counts(ours) == (2, 4)  # still ours: not set aside, not rebuilt
    assert not [p for p in ours.parent.iterdir() if ".behind-" in p.name]
    assert ours.read_bytes() != b"" and len(before) > 0
    kept = ours.parent / "backups" / (stray.name + ".foreign")
    assert not dropped.exists() and kept.read_bytes() == stray_bytes
    assert stray.name not in [p.name for p in Backups(ours).all()]


def test_a_damaged_log_is_not_rebuilt_from_another_boxes_backup(tmp_path: Path) -> None:
    ours, theirs = tmp_path / "box" / "companion.db", tmp_path / "other" / "companion.db"
    ours.parent.mkdir()
    theirs.parent.mkdir()
    play(ours, 2)
    Backups(ours).make()
    play(theirs, 5)
    shutil.copyfile(Backups(theirs, clock=lambda: AHEAD).make(),
                    ours.parent / "backups" / "companion-20270115-080000.db")
    conn = sqlite3.connect(ours)
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master"))
    conn.close()
    data = bytearray(ours.read_bytes())
    for table in ("games", "actions"):  # only a backup can give these back
        page = roots[table] - 1
        data[4096 * page: 4096 * (page + 1)] = b"\xff" * 4096
    ours.write_bytes(bytes(data))
    assert counts(ours) == (2, 4)


def test_an_old_log_gets_an_identity_by_migration(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    with gzip.open(FIXTURES / "v1-log.sqlite.gz", "rb") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    store = Store.open(db)
    try:
        conn = store._db
        assert conn.execute("SELECT version FROM schema_version").fetchone()[0] \
            == SCHEMA_VERSION == 6
        mine = identity(conn)
        assert mine and len(mine) == 36 and problem(conn) is None
        index = conn.execute("EXPLAIN QUERY PLAN SELECT id FROM games WHERE finished IS NULL "
                             "AND abandoned = 0 ORDER BY id DESC").fetchall()
        assert "games_unfinished" in str(index)
    finally:
        store.close()
    made = Backups(db).make()
    assert own(made.parent, mine) == [made]
    assert identity(sqlite3.connect(made)) == mine


def test_the_game_to_resume_comes_from_the_logs_order_not_the_clock(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    store = Store.open(db)
    try:
        store.clock = lambda: AHEAD  # the clock is ahead while game A is played
        a = store.new_game("dice_roller", {"players": ["Table"]})
        store.append(a, {"type": "roll", "dice": [1]})
        store.clock = lambda: AHEAD - 365 * 86400  # corrected backwards; game B
        b = store.new_game("dice_roller", {"players": ["Table"]})
        assert store.unfinished().id == b
        store.append(b, {"type": "roll", "dice": [2]})
        store.append(a, {"type": "roll", "dice": [3]})  # A resumed from History
        assert store.unfinished().id == a
    finally:
        store.close()


def test_restoring_another_boxes_log_keeps_it_and_sets_the_old_backups_aside(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """Moving to a new box: `companion restore` of the old box's log is the way; the
    restored log is not rebuilt at the next start, and the new box's own backups are
    kept aside untouched (they belong to the log kept as before-restore)."""
    from companion.owner.cli import main

    ours, theirs = tmp_path / "box" / "companion.db", tmp_path / "other" / "companion.db"
    ours.parent.mkdir()
    theirs.parent.mkdir()
    play(ours, 2)
    mine = Backups(ours).make()
    mine_bytes = mine.read_bytes()
    play(theirs, 1)
    assert main(["restore", str(theirs), "--db", str(ours)]) == 0
    capsys.readouterr()
    assert counts(ours) == (1, 2)
    assert not [p for p in ours.parent.iterdir() if ".behind-" in p.name or ".foreign-" in p.name]
    assert (mine.parent / (mine.name + ".foreign")).read_bytes() == mine_bytes
