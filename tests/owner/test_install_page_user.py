"""Guards the phone page's own user (issue 43): both units ran as ``companion``, so the
page's process could signal the box's. Now ``companion-web.service`` runs as
``companion-web``, whose primary group is the box's: it reads and writes the state folder
through the group (folder 0770, files 0660) and nothing else of the box; install-service
makes the user (an update too) and removes it; ``systemd-analyze`` still passes
(tests/owner/test_dark.py verifies every unit; the score is checked here).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.owner import install
from tests.owner.test_dark import unit
from tests.owner.test_system_steps import companion

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_runs_as_its_own_user_in_the_boxs_group() -> None:
    web, box = unit("companion-web.service"), unit("companion.service")
    assert web["User"] == ["companion-web"] and web["Group"] == ["companion"]
    assert "StateDirectory" not in web  # systemd would give the folder to the page's user
    assert web["ReadWritePaths"] == ["/var/lib/companion"]
    assert "STATE_DIRECTORY=/var/lib/companion" in web["Environment"]
    assert web["UMask"] == ["0007"] and "SupplementaryGroups" not in web
    assert box["User"] == ["companion"] and box["StateDirectoryMode"] == ["0770"]
    assert box["UMask"] == ["0007"]


def test_install_makes_the_pages_user_and_uninstall_removes_it(box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, monkeypatch=monkeypatch)
    made = [cmd for cmd in system.ran if cmd[0] == "useradd"]
    assert made[0][-1] == "companion" and made[1][-1] == "companion-web"
    assert made[1][made[1].index("--gid") + 1] == "companion"
    assert "/usr/sbin/nologin" in made[1]
    web = (places.units / "companion-web.service").read_text()
    assert "\nUser=companion-web\n" in web and "\nGroup=companion\n" in web
    system.ran.clear()
    companion(places, system, "--uninstall", monkeypatch=monkeypatch)
    removed = [cmd for cmd in system.ran if cmd[0] == "userdel"]
    assert removed == [["userdel", "companion-web"], ["userdel", "companion"]]  # page first
    assert system.users == set()


def test_an_update_from_before_makes_the_user_and_opens_the_folder_to_the_group(
        box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, monkeypatch=monkeypatch)
    system.users.discard("companion-web")  # installed before the page had its own user
    places.state.mkdir(parents=True)
    places.state.chmod(0o700)
    system.ran.clear()
    companion(places, system, "--update", monkeypatch=monkeypatch)
    assert ["chmod", "-R", "g+rwX", str(places.state)] in system.ran
    assert "companion-web" in system.users
    assert not any(cmd[0] in ("usermod", "cp") for cmd in system.ran)


def test_another_user_name_gives_its_page_user_and_group(tmp_path: Path) -> None:
    text = install.unit_text("/opt/v/bin/companion", ROOT / "systemd" / "companion-web.service",
                             "box", "web", "-web")
    assert "\nUser=box-web\n" in text and "\nGroup=box\n" in text


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_the_pages_hardening_score_stays_low() -> None:
    done = subprocess.run(["systemd-analyze", "security", "--offline=true",
                           str(ROOT / "systemd" / "companion-web.service")],
                          capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for companion-web\.service: (\d+\.\d+)",
                      done.stdout)
    if match is None:
        pytest.skip(f"systemd-analyze gives no offline score here: {done.stderr[-200:]}")
    assert float(match.group(1)) <= 1.9, done.stdout
