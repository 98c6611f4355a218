"""Every way the box's Wi-Fi can fail, each one translatable sentence.

>>> err = NetworkError(WRONG_PASSWORD, name="Cafe")
>>> str(err)
'The password for Cafe is wrong: nothing changed.'
>>> err.kind
'wrong_password'
"""

from __future__ import annotations

from companion.core.errors import CompanionError, Translatable
from companion.core.i18n import N_

NOT_INSTALLED = N_("The box cannot reach NetworkManager: its D-Bus library (dbus-fast) is "
                   "not installed; install the companion again.")
NO_DBUS = N_("The box cannot reach NetworkManager: the system D-Bus does not answer.")
NM_ABSENT = N_("NetworkManager is not running on this box (an older image with dhcpcd?).")
NOT_ALLOWED = N_("NetworkManager does not let the box change the Wi-Fi: install the service "
                 "again (companion install-service) to add its polkit rule.")
NO_DEVICE = N_("This box has no Wi-Fi device that NetworkManager manages.")
BAD_PASSWORD = N_("A Wi-Fi password has 8 to 63 characters, or 64 hexadecimal digits: this "
                  "one has {n}.")
BAD_NAME = N_("A Wi-Fi network's name has 1 to 32 bytes (a Japanese character takes three): "
              "this one has {n}.")
NO_PASSWORD = N_("{name} has a password: type it to join.")
WRONG_PASSWORD = N_("The password for {name} is wrong: nothing changed.")
OUT_OF_RANGE = N_("The box does not see {name}: it is out of range or hidden.")
JOIN_FAILED = N_("The box could not join {name}: nothing changed.")
AP_FAILED = N_("The box could not start its own Wi-Fi: NetworkManager said no.")
NOT_KNOWN = N_("The box does not know a network called {name}.")
FAILED = N_("NetworkManager refused: {why}")

#: The template → a short name tests and callers compare with.
KINDS = {NOT_INSTALLED: "not_installed", NO_DBUS: "no_dbus", NM_ABSENT: "nm_absent",
         NOT_ALLOWED: "not_allowed", NO_DEVICE: "no_device", BAD_PASSWORD: "bad_password",
         BAD_NAME: "bad_name", NO_PASSWORD: "no_password",
         WRONG_PASSWORD: "wrong_password", OUT_OF_RANGE: "out_of_range",
         JOIN_FAILED: "join_failed", AP_FAILED: "ap_failed", NOT_KNOWN: "not_known",
         FAILED: "failed"}


class NetworkError(Translatable, CompanionError, OSError):
    """The Wi-Fi could not be read or changed; the message says why in one sentence
    (``translated(_)`` in the language in use)."""

    @property
    def kind(self) -> str:
        return KINDS.get(self.template, "failed")


class BadPassword(NetworkError, ValueError):
    """A password NetworkManager would refuse (its length), caught before it is asked."""


class BadName(NetworkError, ValueError):
    """A network's name NetworkManager would refuse (empty, or longer than 32 bytes)."""
