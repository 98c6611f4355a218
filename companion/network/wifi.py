"""NetworkManager's Wi-Fi, as the box needs it: the device, the networks it sees, the ones
it knows, the one in use; joining a network, starting and stopping an access point.

Every call goes over D-Bus (:class:`~companion.network.bus.Bus`); every failure is a
:class:`~companion.network.errors.NetworkError` whose message is one sentence. A join
that fails gives the previous network back (or, when there was none, calls
``fallback``: the box's own Wi-Fi), so the box is never left unreachable.

>>> check_password("short")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
companion.network.errors.BadPassword: A Wi-Fi password has 8 to 63 characters, ...
>>> check_password("0123456789abcdef" * 4) is None  # a 64-digit hex key
True
>>> check_name("喫茶店の Wi-Fi") is None
True
"""

from __future__ import annotations

import string
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.network.bus import NM, NM_PATH, SETTINGS_PATH, Bus, CallError
from companion.network.errors import (
    AP_FAILED,
    BAD_NAME,
    BAD_PASSWORD,
    JOIN_FAILED,
    NO_DEVICE,
    NO_PASSWORD,
    NOT_KNOWN,
    OUT_OF_RANGE,
    WRONG_PASSWORD,
    BadName,
    BadPassword,
    NetworkError,
)

DEVICE = "org.freedesktop.NetworkManager.Device"
WIRELESS = "org.freedesktop.NetworkManager.Device.Wireless"
ACCESS_POINT = "org.freedesktop.NetworkManager.AccessPoint"
ACTIVE = "org.freedesktop.NetworkManager.Connection.Active"
SETTINGS = "org.freedesktop.NetworkManager.Settings"
CONNECTION = "org.freedesktop.NetworkManager.Settings.Connection"
IP4_CONFIG = "org.freedesktop.NetworkManager.IP4Config"
WIFI_TYPE = 2  # NMDeviceType: NM_DEVICE_TYPE_WIFI
DEVICE_ACTIVATED = 100  # NMDeviceState
ACTIVATED, DEACTIVATED = 2, 4  # NMActiveConnectionState
#: NMDeviceStateReason codes that mean the password was refused.
PASSWORD_REASONS = {7, 8, 9, 10}  # no secrets, supplicant disconnect/config failed/timeout
SSID_NOT_FOUND = 53
#: How long a join or an access point may take to come up (seconds).
JOIN_TIMEOUT = 30.0


def check_password(password: str) -> None:
    """A WPA2 passphrase has 8–63 printable ASCII characters, or is 64 hex digits.

    :raises BadPassword: it is not (before NetworkManager is asked).
    """
    if len(password) == 64 and all(c in string.hexdigits for c in password):
        return
    if 8 <= len(password) <= 63 and all(32 <= ord(c) < 127 for c in password):
        return
    raise BadPassword(BAD_PASSWORD, n=len(password))


def check_name(ssid: str) -> None:
    """A network's name (SSID) has 1 to 32 bytes in UTF-8.

    :raises BadName: it has not (before NetworkManager is asked).
    """
    size = len(ssid.encode("utf-8", "surrogatepass"))
    if not 1 <= size <= 32:
        raise BadName(BAD_NAME, n=size)


def check_join(ssid: str, password: str, *, secured: bool) -> None:
    """What the page and the box check before a join: the name, and the password a
    network with one needs (an open network takes none).

    :raises NetworkError: one sentence (:class:`BadName`, :class:`BadPassword`, or no
        password typed for a network that has one).
    """
    check_name(ssid)
    if secured and not password:
        raise BadPassword(NO_PASSWORD, name=ssid)
    if secured:
        check_password(password)


def _failed(reason: int, ssid: str) -> NetworkError:
    """The sentence for a join NetworkManager gave up with device state ``reason``."""
    if reason in PASSWORD_REASONS:
        return NetworkError(WRONG_PASSWORD, name=ssid)
    if reason == SSID_NOT_FOUND:
        return NetworkError(OUT_OF_RANGE, name=ssid)
    return NetworkError(JOIN_FAILED, name=ssid)


@dataclass(frozen=True)
class Network:
    """A network the box sees: its name, signal (0–100) and whether it has a password."""

    ssid: str
    strength: int
    secured: bool
    path: str


@dataclass(frozen=True)
class Known:
    """A network the box knows (a saved NetworkManager connection)."""

    name: str
    ssid: str
    path: str
    uuid: str
    access_point: bool  # mode "ap": the box's own Wi-Fi


def _ssid(raw: Any) -> str:
    return bytes(raw).decode("utf-8", "replace")


class Wifi:
    """NetworkManager's Wi-Fi on this box.

    :param bus: an open :class:`Bus` (None: the system bus).
    :param sleep: how to wait between two looks at a join (a test's fake clock).
    :param timeout: seconds a join or an access point may take to come up.
    """

    def __init__(self, bus: Bus | None = None, *, sleep: Callable[[float], None] = time.sleep,
                 timeout: float = JOIN_TIMEOUT) -> None:
        self.bus = bus if bus is not None else Bus()
        self.sleep = sleep
        self.timeout = timeout

    def close(self) -> None:
        self.bus.close()

    def __enter__(self) -> Wifi:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # reading

    def version(self) -> str:
        """NetworkManager's version: that it answers at all is the check."""
        return str(self.bus.get(NM_PATH, NM, "Version"))

    def device(self) -> str:
        """The path of the Wi-Fi device. :raises NetworkError: there is none."""
        for path in self.bus.call(NM_PATH, NM, "GetDevices")[0]:
            if self.bus.get(path, DEVICE, "DeviceType") == WIFI_TYPE:
                return str(path)
        raise NetworkError(NO_DEVICE)

    def address(self) -> str | None:
        """The box's IPv4 address on its network, as NetworkManager has it (the box's own
        unit sees no network of its own: ``PrivateNetwork=yes``), or None without one."""
        for path in self.bus.call(NM_PATH, NM, "GetDevices")[0]:
            try:
                if self.bus.get(path, DEVICE, "State") != DEVICE_ACTIVATED:
                    continue
                config = str(self.bus.get(path, DEVICE, "Ip4Config"))
                if config == "/":
                    continue
                data = self.bus.get(config, IP4_CONFIG, "AddressData")
            except CallError:
                continue
            for entry in data:
                found = str(entry.get("address", ""))
                if found and not found.startswith("127."):
                    return found
        return None

    def scan(self) -> None:
        """Ask for a fresh scan; a refusal (one is running) changes nothing."""
        try:
            self.bus.call(self.device(), WIRELESS, "RequestScan", "a{sv}", [{}])
        except CallError:
            pass

    def networks(self) -> list[Network]:
        """The networks seen, strongest first, one per name; hidden ones (no name) left out."""
        best: dict[str, Network] = {}
        for path in self.bus.call(self.device(), WIRELESS, "GetAllAccessPoints")[0]:
            props = self.bus.call(path, "org.freedesktop.DBus.Properties", "GetAll", "s",
                                  [ACCESS_POINT])[0]
            ssid = _ssid(props.get("Ssid", b""))
            if not ssid:
                continue
            secured = bool(props.get("Flags", 0) & 1 or props.get("WpaFlags", 0)
                           or props.get("RsnFlags", 0))
            seen = Network(ssid, int(props.get("Strength", 0)), secured, str(path))
            if ssid not in best or seen.strength > best[ssid].strength:
                best[ssid] = seen
        return sorted(best.values(), key=lambda n: (-n.strength, n.ssid))

    def known(self) -> list[Known]:
        """The Wi-Fi networks NetworkManager keeps."""
        out = []
        for path in self.bus.call(SETTINGS_PATH, SETTINGS, "ListConnections")[0]:
            settings = self.bus.call(path, CONNECTION, "GetSettings")[0]
            conn, wireless = settings.get("connection", {}), settings.get("802-11-wireless", {})
            if conn.get("type") != "802-11-wireless":
                continue
            out.append(Known(str(conn.get("id", "")), _ssid(wireless.get("ssid", b"")),
                             str(path), str(conn.get("uuid", "")),
                             wireless.get("mode") in ("ap", "access-point")))
        return out

    def active(self) -> Known | None:
        """The known network the Wi-Fi device uses now (None: none is up)."""
        active = str(self.bus.get(self.device(), DEVICE, "ActiveConnection"))
        if active == "/":
            return None
        try:
            if self.bus.get(active, ACTIVE, "State") != ACTIVATED:
                return None
            conn = str(self.bus.get(active, ACTIVE, "Connection"))
        except CallError:  # it went away between the two looks
            return None
        return next((k for k in self.known() if k.path == conn), None)

    # changing

    def forget(self, name: str) -> None:
        """Delete the known network ``name``. :raises NetworkError: none is called so."""
        for known in self.known():
            if known.name == name or (known.ssid == name and not known.access_point):
                self.bus.call(known.path, CONNECTION, "Delete")
                return
        raise NetworkError(NOT_KNOWN, name=name)

    def activate(self, known: Known) -> None:
        """Bring ``known`` up again (the previous network after a failed join)."""
        self.bus.call(NM_PATH, NM, "ActivateConnection", "ooo", [known.path, self.device(), "/"])

    def join(self, ssid: str, password: str = "", *, hidden: bool = False,
             fallback: Callable[[], object] | None = None) -> Known:
        """Join ``ssid`` with ``password`` (none for an open network) and give it as known.

        A network the box knows is joined with its saved password when none is typed.
        The name and the password are checked (:func:`check_join`) before NetworkManager
        is asked; a network not seen is refused unless it is ``hidden`` (a name typed:
        it has a password when one is given). A failed join deletes the half-made
        connection and gives the previous network back, or calls ``fallback`` (the box's
        own Wi-Fi) when there was none.

        :raises NetworkError: the sentence says what happened (wrong password, out of
            range, refused); the box is on the previous network or its own again.
        """
        check_name(ssid)
        if hidden:
            secured, specific = bool(password), "/"
        else:
            seen = next((n for n in self.networks() if n.ssid == ssid), None)
            if seen is None:
                raise NetworkError(OUT_OF_RANGE, name=ssid)
            secured, specific = seen.secured, seen.path
            saved = next((k for k in self.known() if k.ssid == ssid and not k.access_point),
                         None)
            if secured and not password and saved is not None:
                return self._rejoin(saved, specific, fallback)
        check_join(ssid, password, secured=secured)
        device = self.device()
        before = self.active()
        from dbus_fast import Variant

        settings: dict[str, dict[str, Any]] = {
            "connection": {"id": Variant("s", ssid), "type": Variant("s", "802-11-wireless"),
                           "uuid": Variant("s", str(uuid.uuid4()))},
            "802-11-wireless": {"ssid": Variant("ay", ssid.encode("utf-8")),
                                "mode": Variant("s", "infrastructure")},
        }
        if hidden:
            settings["802-11-wireless"]["hidden"] = Variant("b", True)
        if secured:
            settings["802-11-wireless-security"] = {"key-mgmt": Variant("s", "wpa-psk"),
                                                    "psk": Variant("s", password)}
        try:
            conn, active = self.bus.call(NM_PATH, NM, "AddAndActivateConnection", "a{sa{sv}}oo",
                                         [settings, device, specific])
        except CallError as err:
            self._give_back(before, fallback)
            raise NetworkError(JOIN_FAILED, name=ssid) from err
        reason = self._wait(str(active), device)
        if reason is None:
            joined = next((k for k in self.known() if k.path == conn), None)
            for old in self.known():  # an older profile of the same network is replaced
                if old.ssid == ssid and old.path != conn and not old.access_point:
                    self.bus.call(old.path, CONNECTION, "Delete")
            return joined or Known(ssid, ssid, str(conn), "", False)
        try:
            self.bus.call(str(conn), CONNECTION, "Delete")  # a wrong password is not kept
        except CallError:
            pass
        self._give_back(before, fallback)
        raise _failed(reason, ssid)

    def _rejoin(self, saved: Known, specific: str,
                fallback: Callable[[], object] | None) -> Known:
        """Bring up a network the box knows with its saved password; a failure gives the
        previous network back, as a join does (the saved profile is kept: forget it on
        the page when its password changed)."""
        device = self.device()
        before = self.active()
        try:
            active = self.bus.call(NM_PATH, NM, "ActivateConnection", "ooo",
                                   [saved.path, device, specific])[0]
        except CallError as err:
            self._give_back(before, fallback)
            raise NetworkError(JOIN_FAILED, name=saved.ssid) from err
        reason = self._wait(str(active), device)
        if reason is None:
            return saved
        self._give_back(before, fallback)
        raise _failed(reason, saved.ssid)

    def _give_back(self, before: Known | None, fallback: Callable[[], object] | None) -> None:
        try:
            if before is not None:
                self.activate(before)
            elif fallback is not None:
                fallback()
        except NetworkError:
            if fallback is not None and before is not None:
                fallback()

    def _wait(self, active: str, device: str) -> int | None:
        """None once ``active`` is up; the device's state reason when it failed."""
        waited = 0.0
        while True:
            try:
                state = self.bus.get(active, ACTIVE, "State")
            except CallError:  # NetworkManager removed it: it failed
                state = DEACTIVATED
            if state == ACTIVATED:
                return None
            if state == DEACTIVATED or waited >= self.timeout:
                reason = self.bus.get(device, DEVICE, "StateReason")
                return int(reason[1]) if reason and int(reason[1]) else -1
            self.sleep(0.25)
            waited += 0.25

    def start_access_point(self, name: str, password: str, address: str) -> Known:
        """The box's own Wi-Fi: an access point called ``name`` with WPA2 ``password``,
        sharing ``address``/24 (NetworkManager serves DHCP to the phones). A previous
        profile of the same name is replaced, so a new password takes effect.

        :raises NetworkError: no device, or NetworkManager refused.
        """
        from dbus_fast import Variant

        check_password(password)
        device = self.device()
        for old in self.known():
            if old.access_point and old.name == name:
                self.bus.call(old.path, CONNECTION, "Delete")
        settings = {
            "connection": {"id": Variant("s", name), "type": Variant("s", "802-11-wireless"),
                           "uuid": Variant("s", str(uuid.uuid4())),
                           "autoconnect": Variant("b", False)},
            "802-11-wireless": {"ssid": Variant("ay", name.encode("utf-8")),
                                "mode": Variant("s", "ap"), "band": Variant("s", "bg")},
            "802-11-wireless-security": {"key-mgmt": Variant("s", "wpa-psk"),
                                         "proto": Variant("as", ["rsn"]),
                                         "pairwise": Variant("as", ["ccmp"]),
                                         "group": Variant("as", ["ccmp"]),
                                         "psk": Variant("s", password)},
            "ipv4": {"method": Variant("s", "shared"),
                     "address-data": Variant("aa{sv}", [{"address": Variant("s", address),
                                                         "prefix": Variant("u", 24)}])},
            "ipv6": {"method": Variant("s", "ignore")},
        }
        try:
            conn = self.bus.call(SETTINGS_PATH, SETTINGS, "AddConnection", "a{sa{sv}}",
                                 [settings])[0]
            active = self.bus.call(NM_PATH, NM, "ActivateConnection", "ooo",
                                   [conn, device, "/"])[0]
        except CallError as err:
            if err.kind == "not_allowed":
                raise
            raise NetworkError(AP_FAILED) from err
        if self._wait(str(active), device) is not None:
            raise NetworkError(AP_FAILED)
        found = next((k for k in self.known() if k.path == conn), None)
        return found or Known(name, name, str(conn), "", True)

    def stop_access_point(self, name: str, previous: str | None = None) -> None:
        """Take the access point ``name`` down and bring the network ``previous`` (a
        connection's uuid) back when the box still knows it."""
        device = self.device()
        active = str(self.bus.get(device, DEVICE, "ActiveConnection"))
        mine = [k for k in self.known() if k.access_point and k.name == name]
        if active != "/" and mine:
            try:
                conn = str(self.bus.get(active, ACTIVE, "Connection"))
            except CallError:
                conn = ""
            if conn in {k.path for k in mine}:
                self.bus.call(NM_PATH, NM, "DeactivateConnection", "o", [active])
        back = next((k for k in self.known() if previous and k.uuid == previous), None)
        if back is not None:
            self.activate(back)

    def access_point_up(self, name: str) -> bool:
        """Whether the box's own Wi-Fi ``name`` is the one in use."""
        now = self.active()
        return now is not None and now.access_point and now.name == name
