"""Guards B4 (issue 36): a ``-wal`` beside the log that belongs to another database
(another box's log, a backup copied over the log by hand) is set aside untouched and
never replayed into the log; the log's own ``-wal`` after a power cut is still read."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.app.session import GameSession
from companion.log.backups import Backups
from companion.log.store import Store
from companion.log.wal import stranger


def live(db: Path, games: int) -> tuple[bytes, bytes]:
    """A log of ``games`` finished games whose last commits are only in its -wal, as a
    power cut leaves it: ``(main file, -wal)``."""
    store = Store.open(db)
    store._db.execute("PRAGMA wal_autocheckpoint=0")
    for _ in range(games):
        game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
        game.apply({"type": "roll", "dice": [4]})
        game.apply({"type": "finish"})
    main, wal = db.read_bytes(), Path(f"{db}-wal").read_bytes()
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    return main, wal


def history(db: Path) -> int:
    store = Store.open(db)
    try:
        return len(store.history())
    finally:
        store.close()


def test_another_logs_wal_is_set_aside_not_replayed(tmp_path: Path) -> None:
    ours = tmp_path / "box" / "companion.db"
    theirs = tmp_path / "other" / "companion.db"
    ours.parent.mkdir()
    theirs.parent.mkdir()
    live(ours, 2)
    _, their_wal = live(theirs, 3)
    Path(f"{ours}-wal").write_bytes(their_wal)
    assert stranger(ours) is not None
    assert history(ours) == 2
    kept = [p for p in ours.parent.iterdir() if p.name.endswith("-wal") and ".stray-" in p.name]
    assert [p.read_bytes() for p in kept] == [their_wal]


def test_a_backup_copied_over_the_log_does_not_take_the_old_logs_wal(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    live(db, 1)
    backup = Backups(db).make()
    main, wal = live(db, 2)  # three games now, two of them only in the -wal
    shutil.copyfile(backup, db)  # by hand, over the log, the -wal left beside it
    Path(f"{db}-wal").write_bytes(wal)
    assert stranger(db) is not None
    store = Store.open(db)
    try:
        assert len(store.history()) >= 1
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        orphans = store._db.execute("SELECT COUNT(*) FROM actions WHERE game_id NOT IN "
                                    "(SELECT id FROM games)").fetchone()[0]
        assert orphans == 0
    finally:
        store.close()
    assert [p for p in tmp_path.iterdir() if ".stray-" in p.name and p.name.endswith("-wal")]


def test_the_logs_own_wal_after_a_power_cut_is_read(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    live(db, 1)
    main, wal = live(db, 2)
    db.write_bytes(main)
    Path(f"{db}-wal").write_bytes(wal)
    assert stranger(db) is None
    assert history(db) == 3
