"""Guards storage faults: a damaged, foreign, unwritable or full log never stops the box.

Truncated file, garbage, a newer schema, a read-only directory, a full disk: the real
app starts (a subprocess, as after a power cut), says on screen what is wrong, keeps
playing where it can, exits cleanly on SIGTERM (so systemd never sees a crash loop),
and the user's data is never deleted — a damaged file is renamed aside, every other
file is left byte for byte as it was.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.log.store import Store
from companion.testing import Rig
from tests.apprun import AppProcess


def seed(db: Path) -> None:
    """A log with one dice game of two rolls, cleanly closed (no -wal/-shm left)."""
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 2})
    game.apply({"type": "roll", "dice": [3, 4]})
    game.apply({"type": "roll", "dice": [6, 5]})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def starts_and_stops(app: AppProcess) -> None:
    code, err = app.terminate()
    assert code == 0, err
    assert "Traceback" not in err


def test_truncated_log_is_kept_aside_and_a_new_one_works(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    seed(db)
    damaged = db.read_bytes()[: db.stat().st_size // 2]
    db.write_bytes(damaged)
    with AppProcess(tmp_path, db) as app:
        app.wait_for("Saved games were damaged")
        app.keys(b"\r\r\r ")  # close the notice, New game, Dice roller, roll
        app.wait_for("Dice 2d6 #1")
        starts_and_stops(app)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("c.db.corrupt-")]
    assert [p.read_bytes() for p in kept if not p.name.endswith(("-wal", "-shm"))] == [damaged]
    assert len(Store.open(db).history(10)) == 0 and Store.open(db).unfinished().actions == 1


def test_garbage_file_is_kept_aside(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    db.write_bytes(b"\x00garbage\xff" * 5000)
    store = Store.open(db)  # the log the box keeps in its state folder
    assert store.notice and "Saved games were damaged" in store.notice
    store.close()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("c.db.corrupt-")]
    assert [p.read_bytes() for p in kept] == [b"\x00garbage\xff" * 5000]


def test_run_db_refuses_a_file_that_is_not_a_log(tmp_path: Path) -> None:
    """``run --db notes.txt`` names a file by mistake: it is refused, not set aside."""
    db = tmp_path / "notes.txt"
    db.write_bytes(b"\x00garbage\xff" * 5000)
    with AppProcess(tmp_path, db) as app:
        code = app.proc.wait(20)
        err = app.proc.stderr.read().decode()
    assert code == 2 and err.count("\n") == 1 and "is not a companion log" in err, err
    assert sorted(p.name for p in tmp_path.iterdir() if "notes" in p.name) == ["notes.txt"]
    assert db.read_bytes() == b"\x00garbage\xff" * 5000


def test_log_from_a_newer_version_is_read_only_and_untouched(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version VALUES (7)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with AppProcess(tmp_path, db) as app:
        app.wait_for("Not saving games")
        app.wait_for("newer companion")
        app.keys(b"\r\r\r ")  # games can still be played, unsaved
        app.wait_for("Dice 2d6 #1")
        starts_and_stops(app)
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()
                  if p.name.startswith("c.db")) == ["c.db", "c.db.lock"]  # lock: one app


@pytest.fixture
def read_only_dir(tmp_path: Path):
    """A directory nobody may create files in — chmod, or ``chattr +i`` for root."""
    folder = tmp_path / "state"
    folder.mkdir()
    seed(folder / "c.db")
    if os.geteuid() != 0:
        (folder / "c.db").chmod(0o444)
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"running as root and chattr +i is not possible here: {made.stderr!r}")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


def test_read_only_directory_shows_the_saved_game_and_writes_nothing(
        tmp_path: Path, read_only_dir: Path) -> None:
    db = read_only_dir / "c.db"
    before = db.read_bytes()
    with AppProcess(tmp_path / "run", db) as app:
        app.wait_for("Not saving games")
        app.wait_for("read-only")
        app.wait_for("Dice 2d6 #2 6 5 11")  # the saved game, replayed from the file
        app.keys(b"\r ")  # close the notice; the game goes on (in memory)
        app.wait_for("Dice 2d6 #3")
        starts_and_stops(app)
    assert db.read_bytes() == before
    assert sorted(p.name for p in read_only_dir.iterdir()) == ["c.db"]


def test_state_directory_that_cannot_be_made_is_not_fatal(tmp_path: Path,
                                                          read_only_dir: Path) -> None:
    store = Store.open(read_only_dir / "sub" / "c.db")
    assert store.read_only and "Not saving games" in store.notice
    assert not (read_only_dir / "sub").exists()


def test_full_disk_at_start_opens_read_only_without_moving_the_file(
        tmp_path: Path, full_card) -> None:
    db = tmp_path / "c.db"
    seed(db)
    full_card()
    store = Store.open(db)
    assert store.read_only and store.notice == "Not saving games: the storage is full."
    assert store.unfinished().actions == 2  # what was saved stays visible
    assert [p.name for p in tmp_path.iterdir() if "corrupt" in p.name] == []


class FullDisk:
    """A connection that fails every write as SQLite does on a full disk."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.full = True

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if self.full and sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


def test_full_disk_mid_game_refuses_the_action_and_keeps_playing(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db)
    rig.keys("ok", "ok", "roll")
    saved = rig.app.session.state
    disk = FullDisk(rig.store._db)
    rig.store._db = disk
    rig.keys("roll")
    assert "Not saved, try again: the storage is full" in rig.text.replace(" | ", " ")
    assert rig.app.session.state == saved  # the screen did not pretend
    rig.keys("ok")  # closes the message
    disk.full = False  # room again
    rig.keys("roll", "up")
    state = rig.app.session.state
    rig.close()
    again = Rig(db=db)
    assert again.app.session.state == state and len(state.rolls) == 2
    again.close()
