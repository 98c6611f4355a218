"""Guards issue 36: temporary copies an interrupted backup, restore, salvage or settings
write left behind (each as big as the log) are cleaned at the next start, and on a full
card they go before any real backup; restore and salvage copies carry a name the cleaner
knows (issue 43)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from companion.log.backups import Backups, copy_log, stale_copies
from companion.log.store import Store
from companion.owner.cli import main
from tests.logs import dice_game


def leave_copies(db: Path) -> list[Path]:
    old = time.time() - 3600
    dead = 2**22 + 12345  # no such process
    copies = [db.parent / "backups" / f".companion-20261127-120000.db.{dead}.tmp",
              db.with_name(f".{db.name}.restore"), db.with_name(f".{db.name}.salvage"),
              db.with_name(".settings.toml.abc123")]
    for path in copies:
        path.write_bytes(b"x" * 4096)
        os.utime(path, (old, old))
    (db.parent / ".salvage-xyz").mkdir()
    os.utime(db.parent / ".salvage-xyz", (old, old))
    return copies + [db.parent / ".salvage-xyz"]


def test_the_next_start_clears_what_interrupted_copies_left(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    Backups(db).make()
    copies = leave_copies(db)
    fresh = db.with_name(f".{db.name}.restore.{os.getpid()}.tmp")  # a restore under way
    fresh.write_bytes(b"y")
    now = time.time()  # just written, by the clock the cleaner reads (a test may move it)
    os.utime(fresh, (now, now))
    rebuilt = db.with_name(f".{db.name}.rebuilt")  # not a leftover: the next start uses it
    assert sorted(stale_copies(db)) == sorted(copies)
    Store.open(db).close()
    assert not any(p.exists() for p in copies)
    assert fresh.exists() and len(Backups(db).all()) == 1
    assert not rebuilt.exists()


def test_on_a_full_card_leftovers_go_before_real_backups(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    backups = Backups(db)
    made = [backups.make() for _ in range(3)]
    copies = leave_copies(db)
    assert backups.make_room()
    assert not any(p.exists() for p in copies)
    assert all(p.exists() for p in made)


@pytest.mark.parametrize("kind", ["restore", "salvage"])
def test_a_restore_or_salvage_copy_under_way_has_a_name_the_cleaner_knows(
        tmp_path: Path, kind: str) -> None:
    """Issue 43: the copy a restore or a salvage writes (``.companion.db.restore.PID.tmp``,
    never ``..companion.db.restore.PID.tmp``) is one the next start finds once its
    process is gone, so a power cut in the middle never leaves a full-size copy for ever."""
    db = tmp_path / "companion.db"
    dice_game(db, rolls=50)
    seen: list[list[Path]] = []

    def during_the_copy() -> None:
        under_way = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        # the box's now is when the copy is written (a moved test clock is not the
        # file system's)
        now = max([p.stat().st_mtime for p in under_way], default=time.time())
        # two days on (an RTC-less Pi's clock jumping when NTP answers): its process
        # still holds it open, so it is still under way
        later = now + 2 * 86400
        seen.append([p for p in under_way if p in stale_copies(db, now)])
        seen.append([p for p in under_way if p in stale_copies(db, later)])

    copy_log(db, db.with_name(f".{db.name}.{kind}"), pages=1, step=during_the_copy)
    assert seen and all(found == [] for found in seen), seen


def test_a_copy_named_for_a_live_process_that_does_not_hold_it_is_a_leftover_after_a_day(
        tmp_path: Path) -> None:
    """A process id is reused after a reboot: a copy named for a live process that does not
    hold it open is left behind once a day old (the copy under way above, held open, is
    kept whatever the clock says)."""
    db = tmp_path / "companion.db"
    dice_game(db)
    copy = db.with_name(f".{db.name}.restore.{os.getpid()}.tmp")  # this process: alive
    copy.write_bytes(b"x" * 4096)
    now = copy.stat().st_mtime
    assert stale_copies(db, now) == []
    assert stale_copies(db, now + 2 * 86400) == [copy]
    if Path("/proc/self/fd").is_dir():  # Linux: asked of the open files, not the clock
        with copy.open("rb"):
            assert stale_copies(db, now + 2 * 86400) == []


def test_restore_and_start_clear_the_copies_of_gone_processes_never_a_live_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "state" / "companion.db"
    db.parent.mkdir()
    dice_game(db)
    source = tmp_path / "night.db"
    dice_game(source, rolls=3)
    dead = 2**22 + 12345  # no such process
    old = time.time() - 3600

    def leave(*names: str) -> list[Path]:
        for name in names:
            (db.parent / name).write_bytes(b"x" * 4096)
            os.utime(db.parent / name, (old, old))
        return [db.parent / name for name in names]

    live = db.with_name(f".{db.name}.restore.{os.getppid()}.tmp")  # another restore under way
    live.write_bytes(b"y")
    os.utime(live, (time.time(), time.time()))  # written now, by the box's clock
    left = leave(f"..{db.name}.restore.{dead}.tmp", f"..{db.name}.salvage.{dead}.tmp",
                 f".{db.name}.restore.{dead}.tmp", f".{db.name}.salvage.{dead}.tmp")
    assert main(["restore", str(source), "--db", str(db)]) == 0, capsys.readouterr()
    assert not any(p.exists() for p in left) and live.exists()
    left = leave(f"..{db.name}.restore.{dead}.tmp", f"..{db.name}.salvage.{dead}.tmp")
    Store.open(db).close()
    assert not any(p.exists() for p in left) and live.exists()
