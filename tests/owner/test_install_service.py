"""Guards the systemd service: the unit's hardening score, its must-haves, the installer.

``systemd-analyze security --offline=true`` scores the unit when systemd-analyze (≥ 250)
is installed — the test skips otherwise — and must stay at or below 1.9. The installer
is checked through its dry run and through a run into temporary directories with the
commands recorded instead of executed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.app.watchdog import ServiceNotifier
from companion.core.errors import CompanionError
from companion.owner import cli, install
from companion.owner.install import UNIT_FILE, execute, plan

TARGET = 1.9


def unit_settings() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT_FILE.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


def test_unit_has_what_the_box_needs() -> None:
    s = unit_settings()
    assert s["Type"] == ["notify"] and s["WatchdogSec"] and s["Restart"] == ["on-failure"]
    assert int(s["StartLimitBurst"][0]) <= 5 and int(s["StartLimitIntervalSec"][0]) >= 300
    assert s["RestartPreventExitStatus"] == ["2"]  # a config mistake: no restarts
    assert s["User"] == ["companion"] and s["SupplementaryGroups"] == ["gpio i2c spi"]
    assert s["StateDirectory"] == ["companion"] and s["RuntimeDirectory"] == ["companion"]
    assert "LG_WD=%t/companion" in s["Environment"]
    assert set(s["DeviceAllow"]) == {"char-gpiochip rw", "char-i2c rw", "char-spi rw"}
    assert "modprobe@i2c_dev.service" in s["Wants"][0] and "modprobe@i2c_dev.service" in \
        s["After"][0]
    assert "PrivateDevices" not in s  # would hide /dev/gpiochip*, /dev/i2c-*
    assert "ProcSubset" not in s  # gpiozero reads /proc/device-tree
    assert s["ProtectHome"] == ["yes"] and s["ExecStart"][0].startswith("/opt/")


def analyze() -> str:
    exe = shutil.which("systemd-analyze")
    if exe is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd)")
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    match = re.match(r"systemd (\d+)", version)
    if not match or int(match.group(1)) < 250:
        pytest.skip(f"systemd-analyze too old for --offline: {version.splitlines()[:1]}")
    done = subprocess.run([exe, "security", "--offline=true", str(UNIT_FILE)],
                          capture_output=True, text=True, timeout=60)
    return done.stdout + done.stderr


def test_hardening_exposure_is_at_most_target() -> None:
    report = analyze()
    match = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", report)
    assert match, report[-2000:]
    score = float(match.group(1))
    print(f"\nsystemd-analyze security: exposure {score}")
    assert score <= TARGET, report


def fake_plan(tmp_path: Path, **options):
    return plan(preset="adafruit-oled-bonnet", unit_dir=tmp_path / "systemd",
                etc_dir=tmp_path / "etc", group_exists=lambda g: g != "spi",
                user_exists=lambda u: False, **options)


def test_dry_run_prints_every_step_and_changes_nothing(tmp_path: Path, capsys,
                                                      monkeypatch) -> None:
    monkeypatch.setattr(install, "systemd_running", lambda places: True)  # as on the box
    assert cli.main(["install-service", "--dry-run", "--venv", "/opt/companion/venv"]) == 0
    out = capsys.readouterr().out
    for expected in ("useradd --system", "--shell /usr/sbin/nologin", "python3 -m venv "
                     "--system-site-packages /opt/companion/venv",
                     "/opt/companion/venv/bin/pip install --upgrade",
                     "write /etc/systemd/system/companion.service",
                     "systemctl daemon-reload",
                     "systemctl enable companion.service companion-web.service",
                     "systemctl restart companion.service companion-web.service",
                     "write /etc/systemd/system/companion-web.service",
                     "Dry run: nothing was changed."):
        assert expected in out, out


def test_install_writes_unit_and_config_and_runs_the_commands(tmp_path: Path) -> None:
    ran: list[list[str]] = []
    steps = fake_plan(tmp_path, venv="/opt/companion/venv")
    execute(steps, runner=lambda cmd, check: ran.append(cmd), out=lambda line: None)
    assert ran[0][:2] == ["useradd", "--system"] and "gpio,i2c,bluetooth" in ran[0]  # no spi here
    assert ran[-2:] == [["systemctl", "enable", "companion.service", "companion-web.service"],
                        ["systemctl", "restart", "companion.service", "companion-web.service"]]
    unit = (tmp_path / "systemd" / "companion.service").read_text()
    assert ("ExecStart=/opt/companion/venv/bin/companion --config "
            "/etc/companion/config.toml run") in unit
    assert 'preset = "adafruit-oled-bonnet"' in (tmp_path / "etc" / "config.toml").read_text()
    web = (tmp_path / "systemd" / "companion-web.service").read_text()
    assert ("ExecStart=/opt/companion/venv/bin/companion --config "
            "/etc/companion/config.toml web") in web


def test_install_keeps_an_existing_config_and_adds_an_existing_user_to_groups(
        tmp_path: Path) -> None:
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "config.toml").write_text("mine")
    steps = plan(preset="breadboard", current="/opt/x/bin/companion",
                 unit_dir=tmp_path, etc_dir=tmp_path / "etc",
                 group_exists=lambda g: True, user_exists=lambda u: True)
    assert [s.command[:2] for s in steps if s.command][0] == ("usermod", "--append")
    assert not any(s.path == tmp_path / "etc" / "config.toml" for s in steps)


def test_venv_under_home_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="ProtectHome"):
        fake_plan(tmp_path, venv="/home/pi/venv")


def test_install_without_root_says_to_use_sudo(monkeypatch, capsys) -> None:
    monkeypatch.setattr("os.geteuid", lambda: 1000)
    assert cli.main(["install-service"]) == 2
    assert "sudo" in capsys.readouterr().err


def test_notifier_reads_the_watchdog_interval() -> None:
    n = ServiceNotifier(environ={"WATCHDOG_USEC": "30000000"})
    assert n.interval == 30 and n.beat_every == 7.5 and not n.active
    assert ServiceNotifier(environ={"WATCHDOG_USEC": "30000000",
                                    "WATCHDOG_PID": "1"}).interval is None  # not for us
    assert ServiceNotifier(environ={}).beat_every == 0
