"""Guards issue 36: temporary copies an interrupted backup, restore, salvage or settings
write left behind (each as big as the log) are cleaned at the next start, and on a full
card they go before any real backup."""

from __future__ import annotations

import os
import time
from pathlib import Path

from companion.log.backups import Backups, stale_copies
from companion.log.store import Store
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
