"""The polkit rule install-service writes: exactly the NetworkManager actions the box uses,
for the service's users alone (the box's and the page's), with nothing else allowed."""

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
    # the box, and the phone page's own unit (companion-web: joining, forgetting)
    assert 'var users = ["companion", "companion-web"];' in text
    assert "users.indexOf(subject.user) >= 0" in text
    assert text.count("polkit.Result.YES") == 1 and "Result.AUTH" not in text
    assert "enable-disable" not in text and "sleep-wake" not in text
    assert text.count("{") == text.count("}") and text.count("[") == text.count("]")
    assert RULE_PATH.startswith("/etc/polkit-1/rules.d/") and RULE_PATH.endswith(".rules")


@pytest.mark.parametrize("user", ["", 'x"; polkit.Result.YES; "', "a b"])
def test_a_strange_user_name_is_refused(user: str) -> None:
    with pytest.raises(ValueError):
        rule(user)


def test_the_page_suffix_is_the_page_units_own() -> None:
    """The page's unit runs as the service user with its suffix: the rule names that user
    (a rule for the box's user alone left the Wi-Fi page refused on a real box)."""
    from companion.network.polkit import PAGE_SUFFIX
    from companion.owner.install import page_users

    assert page_users("companion") == ["companion" + PAGE_SUFFIX]
