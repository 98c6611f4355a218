"""``companion doctor``'s network line: does NetworkManager answer on the system D-Bus,
with a Wi-Fi device, and is the polkit rule that lets the service change the Wi-Fi in
place (issue 45). Never a failure: a box without NetworkManager plays on, without its
own Wi-Fi."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.core.i18n import N_, _
from companion.network.errors import NetworkError
from companion.network.polkit import RULE_PATH
from companion.network.wifi import Wifi
from companion.owner.doctor.report import Check


def network_check(wifi: Callable[[], Wifi] = Wifi, rule: Path = Path(RULE_PATH)) -> Check:
    """One line: NetworkManager's version and Wi-Fi device, and the polkit rule."""
    try:
        with wifi() as nm:
            version = nm.version()
            nm.device()
    except NetworkError as err:
        return Check(N_("network"), "info", err.translated(_))
    if not rule.is_file():
        return Check(N_("network"), "info",
                     _("NetworkManager {version} answers; the polkit rule {path} is not in "
                       "place, so the service cannot change the Wi-Fi (companion "
                       "install-service writes it)").format(version=version, path=rule))
    return Check(N_("network"), "ok",
                 _("NetworkManager {version} answers, with a Wi-Fi device; the polkit rule is "
                   "in place").format(version=version))
