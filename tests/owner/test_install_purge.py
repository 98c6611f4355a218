"""Guards uninstalling and purging as a maker found them (issue 42): after a plain
uninstall, ``sudo companion install-service --uninstall --purge`` was ``command not found``
(the link is gone) and nothing said what to run instead; ``--purge`` deleted ``backups/``
without asking; a kept log stayed owned by the deleted user's number; ``--force-config``
overwrote the owner's config without a copy; an empty ``/opt/companion`` and root's pip
cache were left after a purge.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.owner import install
from companion.owner.install import FROM_THE_CLONE, Places
from tests.owner.test_system_steps import FakeSystem, companion, install_box

ROOT = Path(__file__).resolve().parents[2]


class System(FakeSystem):
    """FakeSystem, and cp and chown as they would be."""

    def __init__(self) -> None:
        super().__init__()
        self.owners: dict[str, str] = {}

    def __call__(self, cmd: list[str], check: bool) -> None:
        super().__call__(cmd, check)
        if cmd[0] == "cp":
            shutil.copy2(cmd[-2], cmd[-1])
        elif cmd[0] == "chown":
            self.owners[cmd[-1]] = cmd[-2]


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Places, Path, System]:
    return install_box(tmp_path, monkeypatch, System())


def with_a_log(places: Places) -> None:
    (places.state / "backups").mkdir(parents=True)
    (places.state / "companion.db").write_bytes(b"the games")
    (places.state / "backups" / "companion-1.db").write_bytes(b"a backup")


def test_purge_after_a_plain_uninstall_is_named_and_works(box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, "--preset", "breadboard", monkeypatch=monkeypatch)
    with_a_log(places)
    said = companion(places, system, "--uninstall", monkeypatch=monkeypatch)
    assert said[-1] == ("To delete the log and the config later (the companion command is "
                        f"gone then): {FROM_THE_CLONE} --uninstall --purge")
    assert system.owners[str(places.state)] == "root:root"  # not the deleted user's number
    for readme in (ROOT / "README.md", ROOT / "systemd" / "README.md"):
        assert f"{FROM_THE_CLONE} --uninstall --purge" in readme.read_text(), readme
    # what that command runs: the clone's companion, with no unit, venv, link or user left
    said = companion(places, system, "--uninstall", "--purge", monkeypatch=monkeypatch)
    assert not places.etc.exists() and not (places.state / "companion.db").exists()
    assert (places.state / "backups" / "companion-1.db").read_bytes() == b"a backup"
    assert system.owners[str(places.state / "backups")] == "root:root"
    assert any("--purge-backups deletes it too" in line for line in said)


def test_purge_keeps_the_backups_unless_asked_and_leaves_nothing_else(box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, monkeypatch=monkeypatch)
    with_a_log(places)
    companion(places, system, "--uninstall", "--purge", "--purge-backups",
              monkeypatch=monkeypatch)
    assert not places.state.exists() and not places.etc.exists()
    assert not places.at("/opt/companion").exists()  # not an empty folder either
    assert sorted(p.name for p in places.at("/opt").iterdir()) == []
    pip = next(cmd for cmd in system.ran if cmd[0].endswith("/bin/pip"))
    assert "--no-cache-dir" in pip  # nothing in root's ~/.cache/pip


def test_purge_backups_goes_with_purge_only(box, monkeypatch) -> None:
    places, _, system = box
    with pytest.raises(install.CommandError, match="--purge-backups goes with --uninstall "
                                                   "--purge only"):
        companion(places, system, "--uninstall", "--purge-backups", monkeypatch=monkeypatch)


def test_force_config_keeps_a_copy_of_the_owners_config(box, monkeypatch) -> None:
    places, _, system = box
    companion(places, system, monkeypatch=monkeypatch)
    config = places.etc / "config.toml"
    config.write_text('preset = "breadboard"\n# the owner was here\n')
    companion(places, system, "--force-config", "--preset", "adafruit-oled-bonnet",
              monkeypatch=monkeypatch)
    copies = list(places.etc.glob("config.toml.companion-*"))
    assert [c.read_text() for c in copies] == ['preset = "breadboard"\n# the owner was here\n']
    assert 'preset = "adafruit-oled-bonnet"' in config.read_text()
