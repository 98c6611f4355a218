"""Guards the Wi-Fi's polkit rule (issue 45): install-service writes
:func:`companion.network.polkit.rule` for the service's user where polkit reads its rules,
says what to do where polkit is not installed, and uninstall removes the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.network import polkit
from companion.owner import install
from companion.owner.install import Places
from tests.owner.test_system_steps import FakeSystem, clone, companion


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Places, FakeSystem]:
    src = clone(tmp_path)
    monkeypatch.setattr(install, "ROOT", src)
    monkeypatch.setattr(install, "_build_dir", lambda: tmp_path / "tmp" / "companion-build")
    (tmp_path / "root" / "run" / "systemd" / "system").mkdir(parents=True)
    return Places(tmp_path / "root"), FakeSystem()


def test_install_writes_the_rule_and_uninstall_removes_it(box, monkeypatch) -> None:
    places, system = box
    rule = places.at(polkit.RULE_PATH)
    rule.parent.mkdir(parents=True)
    said = "\n".join(companion(places, system, monkeypatch=monkeypatch))
    assert rule.read_text() == polkit.rule("companion")
    assert "polkit rule" in said
    companion(places, system, "--uninstall", monkeypatch=monkeypatch)
    assert not rule.exists() and rule.parent.is_dir()  # polkit's folder stays


def test_without_polkit_the_install_says_what_to_do(box, monkeypatch) -> None:
    places, system = box
    out = "\n".join(companion(places, system, monkeypatch=monkeypatch))
    assert "polkit is not installed" in out and "sudo apt install polkitd" in out
    assert not places.at(polkit.RULE_PATH).parent.exists()  # no folder made for it
