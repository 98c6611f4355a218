"""Guards installing, updating and uninstalling the service (issue 37) against a folder
standing in for ``/``.

A maker found that updating carried stale code: ``sudo pip install .`` left a root-owned
``build/`` and ``companion.egg-info/`` in the clone, and a module the new version deleted
stayed installed from the old ``build/lib``. Now the clone is copied without them and pip
builds in the copy; ``--update`` reinstalls, rewrites the units and restarts, keeping the
config and the log; ``--uninstall`` takes off the units, the link, the venv and the user,
and keeps the log unless ``--purge``. pip and systemctl are stood in for by a runner that
does what they would to the files (pip: the built package replaces the installed one).
"""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.owner import install
from companion.owner.cli import _parser
from companion.owner.install import Places

REPO = Path(__file__).resolve().parents[2]


def clone(tmp_path: Path) -> Path:
    """A clone with a module ``gone`` and what an old ``sudo pip install .`` left in it."""
    src = tmp_path / "home" / "pi" / "companion"
    (src / "systemd").mkdir(parents=True)
    for unit in ("companion.service", "companion-web.service", "companion-dark.service"):
        shutil.copy(REPO / "systemd" / unit, src / "systemd")
    (src / "pyproject.toml").write_text('[project]\nname = "companion"\nversion = "0.1.0"\n')
    (src / "companion").mkdir()
    (src / "companion" / "__init__.py").write_text("")
    (src / "companion" / "gone.py").write_text("OLD = 1\n")
    (src / "build" / "lib" / "companion").mkdir(parents=True)
    (src / "build" / "lib" / "companion" / "stale.py").write_text("")
    (src / "companion.egg-info").mkdir()
    os.mkfifo(src / ".lgd-nfy0")  # lgpio's pipe, left where `companion doctor` was run
    return src


class FakeSystem:
    """Does to the files what python3 -m venv, pip, useradd and systemctl would."""

    def __init__(self) -> None:
        self.ran: list[list[str]] = []
        self.users: set[str] = set()

    def __call__(self, cmd: list[str], check: bool) -> None:
        self.ran.append(cmd)
        if cmd[:2] == ["python3", "-m"]:
            Path(cmd[-1], "bin").mkdir(parents=True, exist_ok=True)
        elif cmd[0].endswith("/bin/pip"):
            build = Path(cmd[-1].removesuffix("[pi,web]"))
            assert not (build / "build").exists() and not list(build.glob("*.egg-info"))
            venv = Path(cmd[0]).parent.parent
            site = venv / "lib" / "python3.11" / "site-packages" / "companion"
            shutil.rmtree(site, ignore_errors=True)  # pip uninstalls the old one first
            shutil.copytree(build / "companion", site)
            number = tomllib.loads((build / "pyproject.toml").read_text())["project"]["version"]
            meta = site.with_name(f"companion-{number}.dist-info")
            meta.mkdir(exist_ok=True)
            (meta / "METADATA").write_text(f"Name: companion\nVersion: {number}\n")
            (venv / "bin" / "companion").write_text("#!/bin/sh\n")
        elif cmd[0] == "useradd":
            self.users.add(cmd[-1])
        elif cmd[0] == "userdel":
            self.users.discard(cmd[-1])


def companion(places: Places, system: FakeSystem, *argv: str,
              monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr("os.geteuid", lambda: 0)
    said: list[str] = []
    args = _parser().parse_args(["install-service", *argv])
    assert install.main(args, places=places, runner=system, out=said.append,
                        group_exists=lambda g: True,
                        user_exists=lambda u: u in system.users) == 0
    return said


def install_box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                system: Any) -> tuple[Places, Path, Any]:
    """A clone to install from and an empty root where systemd runs, for ``system``."""
    src = clone(tmp_path)
    monkeypatch.setattr(install, "ROOT", src)
    monkeypatch.setattr(install, "_build_dir", lambda: tmp_path / "tmp" / "companion-build")
    (tmp_path / "root" / "run" / "systemd" / "system").mkdir(parents=True)  # systemd runs
    return Places(tmp_path / "root"), src, system


def installed(places: Places) -> set[str]:
    site = places.at("/opt/companion/venv/lib/python3.11/site-packages/companion")
    return {p.name for p in site.iterdir()}


def test_install_then_update_to_a_version_without_a_module(
        box: tuple[Places, Path, FakeSystem], monkeypatch: pytest.MonkeyPatch) -> None:
    places, src, system = box
    companion(places, system, "--preset", "breadboard", monkeypatch=monkeypatch)
    assert installed(places) == {"__init__.py", "gone.py"}  # not stale.py from build/lib
    link = places.at("/usr/local/bin/companion")
    assert link.resolve() == places.at("/opt/companion/venv/bin/companion")
    unit = (places.units / "companion.service").read_text()
    assert f"ExecStart={places.at('/opt/companion/venv/bin/companion')} --config" in unit
    assert system.users == {"companion", "companion-web"}  # the page has its own (issue 43)
    config = places.etc / "config.toml"
    config.write_text(config.read_text() + "[sound]\npin = \"\"\n")  # the owner's edit
    places.state.mkdir(parents=True)
    (places.state / "companion.db").write_bytes(b"the games")
    system.ran.clear()

    (src / "companion" / "gone.py").unlink()  # git pull: the new version deleted it
    said = companion(places, system, "--update", monkeypatch=monkeypatch)

    assert installed(places) == {"__init__.py"}
    assert 'pin = ""' in config.read_text()  # the config as the owner left it
    assert (places.state / "companion.db").read_bytes() == b"the games"
    assert system.ran[-1] == ["systemctl", "restart", "companion.service",
                             "companion-web.service"]
    assert not any(cmd[0] in ("useradd", "usermod", "cp") for cmd in system.ran)
    assert said[-1] == "Updated from 0.1.0 to 0.1.0: config and log kept as they were."
    assert not (tmp_path_of(places) / "tmp" / "companion-build").exists()  # copy removed
    assert sorted(p.name for p in src.iterdir()) == [  # nothing new left in the clone
        ".lgd-nfy0", "build", "companion", "companion.egg-info", "pyproject.toml", "systemd"]


def tmp_path_of(places: Places) -> Path:
    return places.root.parent


def test_update_before_an_install_is_one_sentence(box, monkeypatch, capsys) -> None:
    places, _, system = box
    monkeypatch.setattr("os.geteuid", lambda: 0)
    with pytest.raises(install.CommandError, match="nothing to update"):
        install.main(_parser().parse_args(["install-service", "--update"]), places=places,
                     runner=system, out=lambda line: None)


def test_uninstall_keeps_the_log_unless_purged(box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, monkeypatch=monkeypatch)
    places.state.mkdir(parents=True)
    (places.state / "companion.db").write_bytes(b"the games")
    system.ran.clear()

    dry = companion(places, system, "--uninstall", "--dry-run", monkeypatch=monkeypatch)
    assert system.ran == [] and (places.units / "companion.service").exists()
    text = "\n".join(dry)
    for step in ("systemctl disable --now companion.service companion-web.service",
                 "userdel companion",
                 f"keep {places.state}, owned by root (--purge deletes it)",
                 f"rm -rf {places.at('/opt/companion/venv')}", "Dry run: nothing was changed."):
        assert step in text, text

    said = companion(places, system, "--uninstall", monkeypatch=monkeypatch)
    assert not (places.units / "companion.service").exists()
    assert not places.at("/usr/local/bin/companion").is_symlink()
    assert not places.at("/opt/companion/venv").exists()
    assert system.users == set()
    assert (places.state / "companion.db").read_bytes() == b"the games"
    assert (places.etc / "config.toml").exists()
    assert ["systemctl", "disable", "--now", "companion.service",
            "companion-web.service"] in system.ran
    assert "Uninstalled." in said

    companion(places, system, "--uninstall", "--purge", monkeypatch=monkeypatch)
    assert not places.state.exists() and not places.etc.exists()


def test_purge_goes_with_uninstall_only(box, monkeypatch) -> None:
    places, _, system = box
    monkeypatch.setattr("os.geteuid", lambda: 0)
    with pytest.raises(install.CommandError, match="--purge goes with --uninstall"):
        install.main(_parser().parse_args(["install-service", "--purge"]), places=places,
                     runner=system, out=lambda line: None)


def test_pip_builds_with_pep517_so_sdnotify_is_not_installed_the_deprecated_way(
        box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, monkeypatch=monkeypatch)
    pip = next(cmd for cmd in system.ran if cmd[0].endswith("/bin/pip"))
    assert "--use-pep517" in pip and pip[-1].endswith("companion-build[pi,web]")


def test_where_systemd_does_not_run_the_service_is_enabled_for_the_next_boot(
        box, monkeypatch) -> None:
    """A chroot (make pi-check), or an SD card image being made: systemctl can enable a
    unit there but not reload or start anything."""
    places, _, system = box
    shutil.rmtree(places.at("/run/systemd"))
    said = companion(places, system, monkeypatch=monkeypatch)
    systemctl = [cmd for cmd in system.ran if cmd[0] == "systemctl"]
    assert systemctl == [["systemctl", "enable", "companion.service", "companion-web.service"]]
    assert any("systemd is not running here" in line for line in said)
    system.ran.clear()
    companion(places, system, "--uninstall", monkeypatch=monkeypatch)
    systemctl = [cmd for cmd in system.ran if cmd[0] == "systemctl"]
    assert systemctl == [["systemctl", "disable", "companion.service", "companion-web.service"]]
