"""Guards that backups belong to the log they were made from: logs sharing a folder share
``backups/`` but never each other's games (salvage, pruning, ``restore``'s kept log), and
``companion.db``'s backups named the old way are still its own.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from companion.log.backups import Backups, folder_for, listing, status
from companion.log.store import Store
from companion.owner import cli
from companion.owner.backup_command import restore
from tests.logs import dice_game


def rolls_in(db: Path) -> int:
    conn = sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        return conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    finally:
        conn.close()


def test_a_second_log_in_the_same_folder_keeps_its_own_games(tmp_path: Path) -> None:
    main = tmp_path / "companion.db"
    dice_game(main, rolls=2)
    assert cli.main(["backup", "--db", str(main)]) == 0
    trial = tmp_path / "trial.db"  # `companion --db trial.db`, in the same folder
    store = Store.open(trial)
    assert store.notice is None, f"a new, empty log is said to be damaged: {store.notice}"
    assert store.unfinished() is None, "the new log holds the other log's game"
    store.close()


def test_the_log_kept_aside_by_a_restore_is_not_rebuilt_from_the_restored_one(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    log = tmp_path / "companion.db"
    dice_game(log, rolls=5)
    other = tmp_path / "stick.db"
    dice_game(other, rolls=9)
    restore(None, str(other), db=str(log))
    aside = next(tmp_path.glob("companion.db.before-restore-*"))
    assert cli.main(["history", "--db", str(aside)]) == 0
    assert "Log damaged" not in capsys.readouterr().err
    assert rolls_in(aside) == 5, "the kept log was replaced by the restored log's backup"


def test_a_club_log_and_a_home_log_prune_only_their_own_backups(tmp_path: Path) -> None:
    home, club = tmp_path / "companion.db", tmp_path / "club.db"
    dice_game(home, rolls=1)
    dice_game(club, rolls=3)
    Backups(home, keep=1, months=0).make()
    clock = iter(range(1_800_000_000, 1_800_000_100, 10))
    club_backups = Backups(club, keep=1, months=0, clock=lambda: float(next(clock)))
    for _ in range(3):
        club_backups.make()
    folder = tmp_path / "backups"
    assert len(listing(folder_for(home))) == 1, "the club's pruning deleted the home log's backup"
    assert [p.name[:5] for p in listing(folder_for(club))] == ["club-"]
    assert rolls_in(listing(folder_for(home))[0]) == 1
    assert status(home)[1] == 1 and status(club)[1] == 1
    assert len(listing(folder)) == 2  # a plain folder: every log's


def test_companion_dbs_backups_from_before_are_still_its_own(tmp_path: Path) -> None:
    log = tmp_path / "companion.db"
    dice_game(log, rolls=4)
    (tmp_path / "backups").mkdir()
    old = tmp_path / "backups" / "companion-20260101-120000.db"
    shutil.copyfile(log, old)  # made by an older companion (same name as today's)
    assert listing(folder_for(log)) == [old]
    assert Backups(log).newest() == old
    dice_game(log, rolls=1)  # a second game after the backup
    # The WAL is lost: the log falls behind its backup, and salvage still finds it.
    conn = sqlite3.connect(log)
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    store = Store.open(log)
    assert store.notice is not None and "backup" in str(store.notice)
    store.close()
