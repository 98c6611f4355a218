"""Guards where ``companion doctor`` looks for the games when it reads the service's config.

After install-service the maker runs the doctor as their own user; it reads
/etc/companion/config.toml (the service's), but looked at that user's own state folder:
"backups: none yet" while the box had made dozens in /var/lib/companion. Now it looks
where the service saves (systemd's StateDirectory) — inside as root, and as anyone else it
says that only the service's user may open it, and how to look.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.config.file import load
from companion.log.backups import Backups
from companion.log.store import Store
from companion.owner.doctor.checks import Doctor


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """install-service's config file, and the service's state folder with one backup."""
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "mine"))  # the maker's own folder
    etc = tmp_path / "etc-companion"
    etc.mkdir()
    (etc / "config.toml").write_text('preset = "adafruit-oled-bonnet"\n')
    state = tmp_path / "var-lib-companion"
    state.mkdir(mode=0o700)
    store = Store.open(state / "companion.db")
    store.close()
    Backups(state / "companion.db", clock=lambda: time.time() - 3 * 3600).make()
    return etc / "config.toml", state


def checks(config_file: Path, state: Path, *, root: bool, read: Path | None = None) -> dict:
    """The doctor's checks with install-service's ``config_file``, reading ``read`` (by
    default that same file)."""
    doctor = Doctor(load(read or config_file), model=state / "no-model",
                    is_root=lambda: root, service_config=config_file, service_state=state)
    return {c.name: c for c in doctor.run()}


def test_as_root_it_looks_inside_the_services_folder(service) -> None:
    config_file, state = service
    found = checks(config_file, state, root=True)
    assert found["state"].status == "ok" and str(state) in found["state"].detail
    assert found["backups"].status == "ok" and "3 hours" in found["backups"].detail


def test_as_the_maker_it_says_where_and_how_to_look(service) -> None:
    config_file, state = service
    found = checks(config_file, state, root=False)
    assert found["state"].status == "info"
    assert f"the service saves games in {state}" in found["state"].detail
    assert "sudo " in found["state"].detail and " doctor" in found["state"].detail
    assert "backups" not in found  # not "none yet": it cannot see them
    assert found["disk"].status == "ok"  # no Raspberry Pi model here: not an SD card


def test_a_config_of_ones_own_keeps_ones_own_folder(service, tmp_path: Path) -> None:
    config_file, state = service
    mine = tmp_path / "my-config.toml"
    mine.write_text('preset = "adafruit-oled-bonnet"\n')
    found = checks(config_file, state, root=False, read=mine)
    assert found["state"].status == "ok", found["state"]
    assert str(tmp_path / "mine" / "companion") in found["state"].detail
