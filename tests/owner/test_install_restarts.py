"""Guards ``install-service`` run again (the way to update): a companion already running
is restarted on the new files. ``systemctl enable --now`` only starts a stopped unit, so the
old process went on with the old code until the next boot."""

from __future__ import annotations

from pathlib import Path

from companion.owner import cli, install
from companion.owner.install import execute, plan


def steps(tmp_path: Path, **options):
    return plan(preset="adafruit-oled-bonnet", venv="/opt/companion/venv",
                unit_dir=tmp_path / "systemd", etc_dir=tmp_path / "etc",
                group_exists=lambda g: True, user_exists=lambda u: True, **options)


def test_a_running_companion_is_restarted_on_the_new_files(tmp_path: Path) -> None:
    ran: list[list[str]] = []
    execute(steps(tmp_path), runner=lambda cmd, check: ran.append(cmd), out=lambda s: None)
    systemctl = [cmd for cmd in ran if cmd[0] == "systemctl"]
    assert systemctl == [["systemctl", "daemon-reload"],
                         ["systemctl", "enable", "companion.service", "companion-web.service"],
                         ["systemctl", "restart", "companion.service", "companion-web.service"]]


def test_no_start_only_enables(tmp_path: Path) -> None:
    commands = [s.command for s in steps(tmp_path, start=False) if s.command]
    assert commands[-1] == ("systemctl", "enable", "companion.service", "companion-web.service")
    assert not any("restart" in c or "--now" in c for c in commands)


def test_the_dry_run_says_so(capsys, monkeypatch) -> None:
    monkeypatch.setattr(install, "systemd_running", lambda places: True)  # as on the box
    assert cli.main(["install-service", "--dry-run", "--venv", "/opt/companion/venv"]) == 0
    out = capsys.readouterr().out
    assert "systemctl restart companion.service" in out and "--now" not in out
