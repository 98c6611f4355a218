"""The polkit rule install-service writes: exactly the NetworkManager actions the box uses,
for the service user alone, with nothing else allowed."""

from __future__ import annotations

import re

import pytest

from companion.network.polkit import ACTIONS, RULE_PATH, rule


def test_the_rule_allows_exactly_the_needed_actions_for_the_service_user() -> None:
    text = rule("companion")
    assert set(re.findall(r'"(org\.freedesktop\.[^"]+)"', text)) == set(ACTIONS) == {
        "org.freedesktop.NetworkManager.network-control",
        "org.freedesktop.NetworkManager.settings.modify.system",
        "org.freedesktop.NetworkManager.wifi.scan",
        "org.freedesktop.NetworkManager.wifi.share.protected",
    }
    assert 'subject.user == "companion"' in text
    assert text.count("polkit.Result.YES") == 1 and "Result.AUTH" not in text
    assert "enable-disable" not in text and "sleep-wake" not in text
    assert text.count("{") == text.count("}") and text.count("[") == text.count("]")
    assert RULE_PATH.startswith("/etc/polkit-1/rules.d/") and RULE_PATH.endswith(".rules")


@pytest.mark.parametrize("user", ["", 'x"; polkit.Result.YES; "', "a b"])
def test_a_strange_user_name_is_refused(user: str) -> None:
    with pytest.raises(ValueError):
        rule(user)
