"""Guards that ``sudo companion restore`` leaves a log the service can still write: the
restored log, ``backups/`` and the backups in it get the previous log's owner, group and
mode; and that a plain copy of a live (WAL-mode) log on a read-only stick restores.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from companion.log import backups as backup
from companion.owner import cli
from tests.logs import dice_game

SERVICE = (4321, 4322)  # the `companion` user and group on the box


def test_a_restore_by_root_keeps_the_services_owner_and_mode(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "var-lib-companion"
    log = state / "companion.db"
    dice_game(log, rolls=1)
    os.chmod(log, 0o600)
    owners: dict[str, tuple[int, int]] = {}
    real = os.stat

    def chown(path, uid, gid):  # noqa: ANN001, ANN202 - root's chown, recorded
        owners[Path(path).name] = (uid, gid)

    def as_service(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        st = real(path, *args, **kwargs)
        if Path(path) == log:  # the service's log, as `ls -l` shows it
            fields = list(st)
            fields[4:6] = SERVICE
            return os.stat_result(fields)
        return st

    monkeypatch.setattr(backup.os, "geteuid", lambda: 0)
    monkeypatch.setattr(backup.os, "chown", chown)
    monkeypatch.setattr(backup.os, "stat", as_service)
    stick = tmp_path / "B.db"
    dice_game(stick, rolls=3)
    assert cli.main(["restore", str(stick), "--db", str(log)]) == 0, capsys.readouterr().err
    monkeypatch.undo()
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    made = list((state / "backups").iterdir())
    assert len(made) == 1 and stat.S_IMODE(made[0].stat().st_mode) == 0o600
    # Each file is given its owner under its temporary name, before it appears.
    assert owners.pop("backups") == SERVICE, owners
    assert owners.pop(f".{made[0].name}.{os.getpid()}.tmp") == SERVICE, owners
    assert owners.pop(f".companion.db.restore.{os.getpid()}.tmp") == SERVICE, owners
    assert owners == {}


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    folder = tmp_path / "stick"
    folder.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "none", str(folder)],
                                           capture_output=True).returncode != 0:
        pytest.skip("needs root to mount a read-only tmpfs")
    yield folder
    subprocess.run(["umount", str(folder)], check=True)


def test_a_plain_copy_of_a_live_log_on_a_read_only_stick_restores(
        tmp_path: Path, stick: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "live.db"
    dice_game(live, rolls=4)  # closed: the file is whole, and still says WAL in its header
    shutil.copyfile(live, stick / "companion.db")
    subprocess.run(["mount", "-o", "remount,ro", str(stick)], check=True)
    log = tmp_path / "home" / "companion.db"
    code = cli.main(["restore", str(stick / "companion.db"), "--db", str(log)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Restored 1 game (4 actions)" in out
