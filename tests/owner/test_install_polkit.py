"""Guards the Wi-Fi's polkit rule (issue 45): install-service writes
:func:`companion.network.polkit.rule` for the service's user where polkit reads its rules,
says what to do where polkit is not installed, and uninstall removes the rule."""

from __future__ import annotations

from companion.network import polkit
from tests.owner.test_system_steps import companion


def test_install_writes_the_rule_and_uninstall_removes_it(box, monkeypatch) -> None:
    places, _, system = box
    rule = places.at(polkit.RULE_PATH)
    rule.parent.mkdir(parents=True)
    said = "\n".join(companion(places, system, monkeypatch=monkeypatch))
    assert rule.read_text() == polkit.rule("companion")
    assert "polkit rule" in said
    companion(places, system, "--uninstall", monkeypatch=monkeypatch)
    assert not rule.exists() and rule.parent.is_dir()  # polkit's folder stays


def test_without_polkit_the_install_says_what_to_do(box, monkeypatch) -> None:
    places, _, system = box
    out = "\n".join(companion(places, system, monkeypatch=monkeypatch))
    assert "polkit is not installed" in out and "sudo apt install polkitd" in out
    assert not places.at(polkit.RULE_PATH).parent.exists()  # no folder made for it
