"""Guards the paths ``install-service`` writes into the unit: ``--venv`` relative, under
/home through the working directory or a link, or with a space or ``%`` in it gives an
``ExecStart=`` systemd accepts (absolute, quoted, escaped) or one line and exit 2."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from companion.core.errors import CommandError, CompanionError
from companion.owner import cli
from companion.owner.install import exec_word, plan, unit_text


def unit_of(tmp_path: Path, venv: str) -> str:
    steps = plan(preset="adafruit-oled-bonnet", venv=venv, unit_dir=tmp_path / "systemd",
                 etc_dir=tmp_path / "etc", group_exists=lambda g: True,
                 user_exists=lambda u: True)
    unit = next(s for s in steps if s.path == tmp_path / "systemd" / "companion.service")
    return unit.text


def exec_start(unit: str) -> str:
    return next(line for line in unit.splitlines() if line.startswith("ExecStart="))


def test_a_relative_venv_is_made_absolute(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "opt").mkdir()
    monkeypatch.chdir(tmp_path / "opt")
    assert exec_start(unit_of(tmp_path, "venv")) == (
        f"ExecStart={tmp_path}/opt/venv/bin/companion --config /etc/companion/config.toml run")


@pytest.mark.skipif(not Path("/home").is_dir(), reason="no /home here")
def test_a_relative_venv_in_a_home_is_refused(tmp_path: Path, capsys,  # noqa: ANN001
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir("/home")  # as the README's `cd ~/companion` would be
    assert cli.main(["install-service", "--dry-run", "--venv", "venv"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: /home/venv/bin/companion is under a home directory")
    assert len(err.splitlines()) == 1


def test_a_venv_reached_through_a_link_into_home_is_refused(tmp_path: Path) -> None:
    (tmp_path / "link").symlink_to("/home")
    with pytest.raises(CompanionError, match="ProtectHome"):
        unit_of(tmp_path, str(tmp_path / "link" / "pi" / "venv"))


def test_a_folder_with_a_space_is_quoted_and_percent_doubled(tmp_path: Path) -> None:
    assert exec_start(unit_of(tmp_path, "/opt/my venv")).startswith(
        'ExecStart="/opt/my venv/bin/companion" --config')
    assert exec_word("/opt/100%/v") == "/opt/100%%/v"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_reads_the_quoted_executable_whole(tmp_path: Path) -> None:
    folder = tmp_path / "my venv 100%" / "bin"
    folder.mkdir(parents=True)
    (folder / "companion").write_text("#!/bin/sh\n")
    (folder / "companion").chmod(0o755)
    (tmp_path / "companion.service").write_text(unit_of(tmp_path, str(folder.parent)))
    done = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "companion.service")],
                          capture_output=True, text=True, timeout=60)
    assert "not executable" not in done.stderr and "Neither a valid" not in done.stderr, \
        done.stderr


@pytest.mark.parametrize("folder", ['/opt/a"b', "/opt/$HOME", "/opt/a\\b", "/opt/a\tb"])
def test_a_folder_systemd_would_misread_is_one_line(capsys, folder: str) -> None:  # noqa: ANN001
    assert cli.main(["install-service", "--dry-run", "--venv", folder]) == 2
    err = capsys.readouterr().err
    assert "the service cannot run" in err and len(err.splitlines()) == 1


def test_a_missing_unit_template_is_one_sentence(tmp_path: Path) -> None:
    # The message names the file as {template}, which is also the error's own first
    # parameter: it must reach the message, not clash with it (a TypeError before).
    with pytest.raises(CommandError, match="nope.service is missing: run install-service"):
        unit_text("/opt/venv/bin/companion", unit=tmp_path / "nope.service")
