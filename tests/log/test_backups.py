"""Guards the rotating backups: whole and checked or not at all, the rotation, when they
are made, a slow card never delaying a key, and a full card refusing nothing it can save.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core.errors import StorageKind
from companion.log import backups as backup
from companion.log.backups import BackupError, Backups, Cancelled, copy_log, to_prune
from companion.log.store import Store
from companion.testing import Rig

FULL = StorageKind.FULL


def finished_game(store: Store, rolls: int = 3) -> int:
    store._db.execute("PRAGMA synchronous=OFF")  # a fixture: no fsync needed
    game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
    for n in range(rolls):
        game.apply({"type": "roll", "dice": [n % 6 + 1]})
    game.apply({"type": "finish"})
    return game.game_id


def counts(path: Path) -> tuple[int, int]:
    conn = sqlite3.connect(path)
    try:
        return (conn.execute("SELECT COUNT(*) FROM games").fetchone()[0],
                conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    finally:
        conn.close()


def test_a_copy_is_whole_self_contained_and_leaves_no_temporary(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "c.db")
    finished_game(store, rolls=200)
    made = copy_log(store.path, tmp_path / "copy.db")
    assert counts(made) == (1, 201)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.db", "c.db-shm", "c.db-wal",
                                                          "copy.db"]
    assert backup.check(made) == "ok"
    conn = sqlite3.connect(made)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    store.close()


def test_a_stopped_copy_leaves_nothing_behind(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "c.db")
    finished_game(store, rolls=200)

    def stop() -> None:
        raise Cancelled("stopped")

    with pytest.raises(Cancelled):
        copy_log(store.path, tmp_path / "copy.db", pages=1, step=stop)
    assert not [p for p in tmp_path.iterdir() if "copy" in p.name]
    with pytest.raises(BackupError, match="there is no log"):
        copy_log(tmp_path / "missing.db", tmp_path / "copy.db")
    store.close()


def test_rotation_keeps_the_last_ten_and_one_a_month_for_a_year() -> None:
    # two backups a day for two years, oldest first
    names = [Path(f"companion-{y}{m:02d}{d:02d}-{h:02d}0000.db")
             for y in (2025, 2026) for m in range(1, 13) for d in range(1, 29) for h in (9, 21)]
    now = backup._utc("20261228-220000")
    doomed = set(to_prune(names, now))
    kept = [p.name for p in names if p not in doomed]
    assert kept[-10:] == [p.name for p in names[-10:]]
    monthly = kept[:-10]
    assert len(monthly) == 11  # December is among the last ten
    assert [n[10:16] for n in monthly] == [f"2026{m:02d}" for m in range(1, 12)]
    assert all(n.endswith("28-210000.db") for n in monthly)  # the newest of each month


def test_a_backup_after_each_finished_game_and_hourly_in_a_long_one(tmp_path: Path) -> None:
    now = [1_800_000_000.0]
    store = Store.open(tmp_path / "c.db")
    backups = Backups(store.path, clock=lambda: now[0]).start(store)
    try:
        finished_game(store)
        assert backups.wait()
        assert counts(backups.newest()) == (1, 4)  # the finished game is in a backup
        game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
        assert backups.wait()
        made = backups.made
        for _ in range(150):
            now[0] += 60
            game.apply({"type": "roll", "dice": [1]})
            assert backups.wait()
        assert backups.made - made == 2  # after 60 and 120 minutes of play
        assert counts(backups.newest()) == (2, 4 + 120)
    finally:
        backups.stop()
        store.close()


def test_a_slow_card_never_delays_a_key(tmp_path: Path) -> None:
    """The copy blocks until the keys are handled: if a key waited for the backup, the
    test could not get past the presses (each press would hang, then fail)."""
    rig = Rig(db=str(tmp_path / "c.db"))
    inside, release = threading.Event(), threading.Event()

    def slow_card() -> None:
        inside.set()
        assert release.wait(20), "the keys never came through"

    rig.keys("ok", "ok", "roll")  # New game, Dice roller, a first roll
    backups = Backups(rig.store.path, step=slow_card).start(rig.store)
    try:
        backups.request()
        assert inside.wait(10)  # it is copying now, and stays stuck there
        snapshot = counts(Path(rig.store.path))
        for n in range(2, 22):
            rig.keys("roll")
            assert f"#{n}" in rig.text  # drawn, so already saved
            assert backups.busy
        assert rig.store.unfinished().actions == 21
        release.set()
        assert backups.wait()
        assert counts(backups.newest()) == snapshot  # one consistent moment
    finally:
        release.set()
        backups.stop()
        rig.close()


class FullCard:
    """A connection whose writes fail like SQLite's on a full card while ``full()``."""

    def __init__(self, conn: sqlite3.Connection, full) -> None:  # noqa: ANN001
        self.conn, self.full = conn, full

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if self.full() and sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


def test_a_full_card_deletes_old_backups_first_then_saves(tmp_path: Path) -> None:
    rig = Rig(db=str(tmp_path / "c.db"))
    backups = Backups(rig.store.path).start(rig.store)
    for _ in range(3):
        finished_game(rig.store)
        backups.wait()
    newest = backups.newest()
    assert len(backups.all()) >= 3  # one after each game (requests may merge)
    rig.keys("ok", "ok", "roll")
    backups.wait()
    rig.store._db = FullCard(rig.store._db, lambda: len(backups.all()) > 1)
    rig.keys("roll")
    assert "Not saved" not in rig.text and rig.store.unfinished().actions == 2
    assert backups.all() == [newest]  # only the newest backup was kept
    backups.stop()
    rig.close()


def test_a_card_still_full_refuses_the_action_and_loses_nothing(tmp_path: Path) -> None:
    rig = Rig(db=str(tmp_path / "c.db"))
    backups = Backups(rig.store.path).start(rig.store)
    rig.keys("ok", "ok", "roll", "roll")
    backups.wait()
    saved = rig.app.session.state
    rig.store._db = FullCard(rig.store._db, lambda: True)
    rig.keys("roll")
    assert "Not saved, try again: the storage is full" in rig.text.replace(" | ", " ")
    assert rig.app.session.state == saved
    assert len(backups.all()) == 1  # the newest backup stays
    backups.stop()
    rig.store._db = rig.store._db.conn
    rig.close()
    assert Store.open(tmp_path / "c.db").unfinished().actions == 2


def test_a_backup_on_a_full_card_makes_room_once(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(tmp_path / "c.db")
    backups = Backups(store.path, clock=iter(range(1_800_000_000, 1_900_000_000)).__next__)
    for _ in range(3):
        finished_game(store)
        backups.make()
    real, calls = backup.copy_log, []

    def full_once(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls.append(1)
        if len(calls) == 1:
            raise BackupError("cannot copy c.db: database or disk is full", kind=FULL)
        return real(*args, **kwargs)

    monkeypatch.setattr(backup, "copy_log", full_once)
    made = backups.make()
    assert len(backups.all()) == 2 and backups.newest() == made and len(calls) == 2
    monkeypatch.setattr(backup, "copy_log", lambda *a, **k: (_ for _ in ()).throw(
        BackupError("cannot copy c.db: database or disk is full", kind=FULL)))
    with pytest.raises(BackupError, match="full"):
        backups.make()
    assert backups.all() == [made]  # a failed backup never costs the newest one
    store.close()


def test_status_reports_the_newest_backup_and_free_space(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    assert backup.status(db)[:2] == (None, 0)
    store = Store.open(db)
    finished_game(store)
    Backups(db, clock=lambda: 1_800_000_000.0).make()
    age, count, free = backup.status(db, now=1_800_007_200.0)
    assert (age, count) == (7200.0, 1) and free > 0
    store.close()
