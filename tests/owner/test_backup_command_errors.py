"""Guards that ``companion backup`` and ``restore`` say in one line (exit 2, no traceback)
what went wrong, in their own words, and leave no stray copy: a log they will not copy,
a folder that is missing, read-only or a file, and a log path that is a folder.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.owner import cli
from tests.logs import dice_game


def one_line(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = cli.main(list(args))
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1, (code, err)
    return err


def test_backup_of_a_newer_log_does_not_say_cannot_restore(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "companion.db"
    dice_game(db, rolls=1)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()
    code = cli.main(["backup", "--db", str(db)])
    out, err = capsys.readouterr()
    assert "cannot restore" not in err, err
    assert code == 0 and "Backed up 1 game (1 action)" in out
    assert len(list((tmp_path / "backups").glob("companion-*.db"))) == 1


def test_backup_of_a_file_that_is_not_a_log_says_so_and_copies_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    foreign = tmp_path / "foreign.db"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE x (a)")
    conn.commit()
    conn.close()
    out = tmp_path / "out.db"
    err = one_line(capsys, "backup", "--db", str(foreign), str(out))
    assert "cannot back up" in err and "not a companion log" in err, err
    assert "cannot restore" not in err
    assert not out.exists()


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """A real folder that turns read-only (a tmpfs, remounted ``ro`` by :func:`lock`):
    SQLite writes its files itself, so no Python-level stand-in would do."""
    folder = tmp_path / "card"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "none", str(folder)],
                                           capture_output=True).returncode != 0:
        pytest.skip("needs root to mount a read-only tmpfs")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def lock(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)


def test_backup_into_a_read_only_folder_says_so(
        tmp_path: Path, card: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "b.db"
    dice_game(db, rolls=1)
    lock(card)
    err = one_line(capsys, "backup", str(card), "--db", str(db))
    assert "read-only" in err and str(card) in err


def test_restore_onto_a_read_only_card_says_so_and_keeps_the_log(
        tmp_path: Path, card: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keep = tmp_path / "keep.db"
    dice_game(keep, rolls=1)
    log = card / "x.db"
    dice_game(log, rolls=1)
    before = sorted(p.name for p in card.iterdir())
    lock(card)
    err = one_line(capsys, "restore", str(keep), "--db", str(log))
    assert "read-only" in err
    assert sorted(p.name for p in card.iterdir()) == before


def test_backup_into_a_missing_folder_or_under_a_file_names_the_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "c.db"
    dice_game(db, rolls=1)
    (tmp_path / "afile").write_text("x")
    err = one_line(capsys, "backup", str(tmp_path / "afile" / "x"), "--db", str(db))
    assert "not a folder" in err
    err = one_line(capsys, "backup", str(tmp_path / "nope" / "x.db"), "--db", str(db))
    assert str(tmp_path / "nope") in err and "no such file or folder" in err
    assert "cannot copy c.db" not in err


def test_restore_onto_a_folder_or_under_a_file_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keep = tmp_path / "keep.db"
    dice_game(keep, rolls=1)
    folder = tmp_path / "d"
    folder.mkdir()
    err = one_line(capsys, "restore", str(keep), "--db", str(folder))
    assert "it is a folder" in err and list(folder.iterdir()) == []
    (tmp_path / "afile").write_text("x")
    err = one_line(capsys, "restore", str(keep), "--db", str(tmp_path / "afile" / "x.db"))
    assert "not a folder" in err
