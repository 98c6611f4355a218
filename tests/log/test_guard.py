"""Guards B2 (issue 36): a file the companion writes on request (``history --bgstats
FILE``, ``companion backup FILE``) never lands on the log or its files: the log itself,
its ``-wal``/``-shm``, a file set aside, the backups folder, through a symlink or a hard
link. One line, exit 2, every file as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.log.backups import Backups
from companion.owner.cli import main
from tests.logs import dice_game


def night(tmp_path: Path) -> Path:
    db = tmp_path / "state" / "companion.db"
    db.parent.mkdir()
    dice_game(db, rolls=3)
    Backups(db).make()
    (tmp_path / "state" / "companion.db-wal").write_bytes(b"")  # as a running box has it
    os.symlink(db, tmp_path / "link.db")
    os.link(db, tmp_path / "hard.db")
    return db


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def targets(tmp_path: Path, db: Path) -> list[Path]:
    backup = next((db.parent / "backups").iterdir())
    return [db, Path(f"{db}-wal"), Path(f"{db}-shm"), db.with_name("companion.db.corrupt-x"),
            backup, db.parent / "backups" / "companion-20991231-000000.db",
            db.parent / "backups", tmp_path / "link.db", tmp_path / "hard.db",
            db.parent / ".." / "state" / "companion.db"]


@pytest.mark.parametrize("command", ["bgstats", "backup"])
def test_writes_named_on_the_command_line_never_hit_the_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    db = night(tmp_path)
    for target in targets(tmp_path, db):
        before = snapshot(tmp_path)
        args = ["history", "--bgstats", str(target)] if command == "bgstats" else \
            ["backup", str(target)]
        code = main([*args, "--db", str(db)])
        out, err = capsys.readouterr()
        assert code == 2, (target, out, err)
        assert err.count("\n") == 1 and "Traceback" not in err, err
        assert snapshot(tmp_path) == before, target


def test_a_bgstats_export_elsewhere_is_still_written(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    db = night(tmp_path)
    assert main(["history", "--bgstats", str(tmp_path / "plays.json"), "--db", str(db)]) == 0
    assert (tmp_path / "plays.json").is_file()
    assert main(["backup", str(tmp_path / "copy.db"), "--db", str(db)]) == 0
    assert main(["backup", str(db.parent), "--db", str(db)]) == 0  # beside it, dated
