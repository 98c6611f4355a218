"""The polkit rule that lets the service user ask NetworkManager for exactly what the box
does with the Wi-Fi, and nothing else.

``install-service`` writes :func:`rule` to :data:`RULE_PATH` and removes it on uninstall.
Each action and why it is needed:

- ``network-control``: bring a connection up or down (join, the box's own Wi-Fi, the
  previous network back);
- ``settings.modify.system``: add and delete saved connections (a joined network, the
  box's access point, forgetting one);
- ``wifi.scan``: look for networks;
- ``wifi.share.protected``: share the box's connection over a WPA2 access point
  (NetworkManager asks it of a "shared" Wi-Fi connection).

>>> "org.freedesktop.NetworkManager.wifi.scan" in rule("companion")
True
"""

from __future__ import annotations

import json

RULE_PATH = "/etc/polkit-1/rules.d/50-companion-network.rules"

ACTIONS = (
    "org.freedesktop.NetworkManager.network-control",
    "org.freedesktop.NetworkManager.settings.modify.system",
    "org.freedesktop.NetworkManager.wifi.scan",
    "org.freedesktop.NetworkManager.wifi.share.protected",
)


#: The phone page's unit runs as the service user with this added (``companion-web``:
#: :data:`companion.owner.install.UNITS`); it joins and forgets networks (the *Wi-Fi* page).
PAGE_SUFFIX = "-web"


def rule(user: str) -> str:
    """The rule's JavaScript (polkit ≥ 0.106 reads ``/etc/polkit-1/rules.d/*.rules``):
    ``user`` (the box) and ``user-web`` (the page) may do :data:`ACTIONS`, with no
    password asked, and nothing more."""
    if not user or not all(c.isalnum() or c in "-_." for c in user):
        raise ValueError(f"not a user name: {user!r}")
    actions = ",\n".join(f"        {json.dumps(a)}" for a in ACTIONS)
    users = json.dumps([user, user + PAGE_SUFFIX])
    return (
        "// Table Companion (companion install-service): the box's Wi-Fi through\n"
        "// NetworkManager, for the service's users only. Removed on uninstall.\n"
        "polkit.addRule(function(action, subject) {\n"
        "    var allowed = [\n"
        f"{actions}\n"
        "    ];\n"
        f"    var users = {users};\n"
        "    if (users.indexOf(subject.user) >= 0 && allowed.indexOf(action.id) >= 0) {\n"
        "        return polkit.Result.YES;\n"
        "    }\n"
        "});\n"
    )
