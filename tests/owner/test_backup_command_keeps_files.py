"""Guards that ``companion backup`` and ``restore`` never lose a file: two restores in one
second keep the first log, and a backup never replaces a file that is not a companion log.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from companion.owner import cli
from companion.owner.backup_command import restore
from tests.logs import dice_game


def actions_in(path: Path) -> list[str]:
    """The actions of the log, read without the store (which would "salvage" the file)."""
    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute("SELECT action FROM actions ORDER BY seq")]
    finally:
        conn.close()


def test_two_restores_in_one_second_keep_the_first_log(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "strftime", lambda fmt, t=None: "20261123-120000")
    log = tmp_path / "companion.db"
    dice_game(log, rolls=5)
    original = actions_in(log)
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    dice_game(a, rolls=1)
    dice_game(b, rolls=2)
    first = restore(None, str(a), db=str(log))
    second = restore(None, str(b), db=str(log))  # the same second: the right backup after all
    kept = [p for p in tmp_path.iterdir() if ".before-restore-" in p.name
            and not p.name.endswith(("-wal", "-shm"))]
    assert any(actions_in(p) == original for p in kept), \
        "the log from before the first restore is gone"
    assert len(kept) == 2 and all(p.name in first + second for p in kept)
    assert actions_in(log) == actions_in(b)


def test_a_backup_does_not_replace_a_file_that_is_not_a_companion_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "companion.db"
    dice_game(log)
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\n")
    other = tmp_path / "photos.db"  # another program's SQLite file
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE photos (name TEXT)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    for target in (notes, other):
        assert cli.main(["backup", "--db", str(log), str(target)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not a companion log" in err, err
        assert "Traceback" not in err
    assert notes.read_text() == "shopping list\n" and other.read_bytes() == before
    assert cli.main(["backup", "--db", str(log), str(log)]) == 2  # onto itself
    assert "itself" in capsys.readouterr().err
    assert len(actions_in(log)) == 2


def test_a_backup_replaces_an_older_backup_of_the_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "companion.db"
    stick = tmp_path / "stick.db"
    dice_game(log, rolls=1)
    assert cli.main(["backup", "--db", str(log), str(stick)]) == 0
    dice_game(log, rolls=3)
    assert cli.main(["backup", "--db", str(log), str(stick)]) == 0
    assert "Backed up 2 games (4 actions)" in capsys.readouterr().out
    assert len(actions_in(stick)) == 4
