"""A mocked NetworkManager on a private D-Bus, for the tests of the box's Wi-Fi.

``dbus-daemon`` starts a bus of its own (never the machine's system bus), and
python-dbusmock's ``networkmanager`` template (Debian's ``python3-dbusmock``, run by
``/usr/bin/python3``) answers on it as NetworkManager. The code under test reaches it the
way it reaches the real one: through ``DBUS_SYSTEM_BUS_ADDRESS``.

Where the mock is not installed the tests skip, except under CI (``CI=true``: ``.ci/run``
installs it, and they must run).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.network.bus import Bus, CallError
from companion.network.errors import NetworkError

SYSTEM_PYTHON = "/usr/bin/python3"
MOCK = "org.freedesktop.DBus.Mock"
NM = "org.freedesktop.NetworkManager"
NM_PATH = "/org/freedesktop/NetworkManager"
DEVICE_STATE_ACTIVATED, DEVICE_STATE_DISCONNECTED = 100, 30
SEC_PSK = 0x100  # NM80211ApSecurityFlags: KEY_MGMT_PSK


def available() -> str | None:
    """None when the mock can run here; else why not."""
    if shutil.which("dbus-daemon") is None:
        return "dbus-daemon is not installed (apt-get install dbus-daemon)"
    if not os.path.exists(SYSTEM_PYTHON) or subprocess.run(
            [SYSTEM_PYTHON, "-c", "import dbusmock"], capture_output=True).returncode:
        return "python3-dbusmock is not installed (apt-get install python3-dbusmock)"
    return None


def need_mock() -> None:
    why = available()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the NetworkManager tests: {why}")
        pytest.skip(f"{why}; CI installs it")


class PrivateBus:
    """A ``dbus-daemon`` of the tests' own; :meth:`start_nm` puts the mock on it."""

    def __init__(self) -> None:
        self.daemon = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.daemon.stdout is not None
        self.address = self.daemon.stdout.readline().strip()
        self.mock: subprocess.Popen[bytes] | None = None
        self._bus: Bus | None = None

    def start_nm(self) -> None:
        env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": self.address,
               "DBUS_SESSION_BUS_ADDRESS": self.address}
        self.mock = subprocess.Popen(
            [SYSTEM_PYTHON, "-m", "dbusmock", "--system", "--template", "networkmanager"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                self.bus.get(NM_PATH, NM, "Version")
                return
            except NetworkError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    @property
    def bus(self) -> Bus:
        if self._bus is None:
            self._bus = Bus(self.address)
        return self._bus

    def mock_call(self, member: str, signature: str = "", *args: Any,
                  path: str = NM_PATH) -> Any:
        """Call one of the mock's own methods (AddWiFiDevice, AddAccessPoint …)."""
        reply = self.bus.call(path, MOCK, member, signature, list(args))
        return reply[0] if reply else None

    def add_wifi_device(self, state: int = DEVICE_STATE_DISCONNECTED) -> str:
        return str(self.mock_call("AddWiFiDevice", "ssi", "wlan0", "wlan0", state))

    def add_network(self, device: str, ssid: str, strength: int = 70,
                    secured: bool = True) -> str:
        name = "ap_" + "".join(c if c.isalnum() else "_" for c in ssid)
        return str(self.mock_call("AddAccessPoint", "ssssuuuyu", device, name, ssid,
                                  "00:11:22:33:44:55", 2, 2437, 54000, strength,
                                  SEC_PSK if secured else 0))

    def add_known(self, device: str, ssid: str, *, active: bool = False) -> str:
        """A network the box knows (it must be in range: the mock's rule), up if ``active``."""
        name = "conn_" + "".join(c if c.isalnum() else "_" for c in ssid)
        conn = str(self.mock_call("AddWiFiConnection", "ssss", device, name, ssid, "wpa-psk"))
        if active:
            self.bus.call(NM_PATH, NM, "ActivateConnection", "ooo", [conn, device, "/"])
        return conn

    def give_address(self, device: str, ip: str) -> None:
        """The device, activated, holds IPv4 address ``ip`` (its IP4Config object)."""
        from dbus_fast import Variant

        config = "/org/freedesktop/NetworkManager/IP4Config/" + device.rsplit("/", 1)[1]
        self.mock_call("AddObject", "ssa{sv}a(ssss)", config,
                       "org.freedesktop.NetworkManager.IP4Config",
                       {"AddressData": Variant("aa{sv}", [{"address": Variant("s", ip),
                                                           "prefix": Variant("u", 24)}])}, [])
        iface = "org.freedesktop.NetworkManager.Device"
        self.mock_call("AddProperty", "ssv", iface, "Ip4Config", Variant("o", config),
                       path=device)
        self.bus.call(device, "org.freedesktop.DBus.Properties", "Set", "ssv",
                      [iface, "State", Variant("u", DEVICE_STATE_ACTIVATED)])

    def joins_fail(self, reason: int) -> None:
        """From now on a join ends as a real one that fails: the active connection goes
        away and the device says ``reason`` (7: no secrets, a wrong password)."""
        code = ("ret = self.add_and_activate_connection(self, args[0], args[1], args[2]); "
                "self.RemoveActiveConnection(args[1], ret[1]); "
                "objects[args[1]].Set('org.freedesktop.NetworkManager.Device', 'StateReason', "
                f"(dbus.UInt32(120), dbus.UInt32({reason})))")
        self.mock_call("AddMethod", "sssss", NM, "AddAndActivateConnection", "a{sa{sv}}oo",
                       "oo", code)

    def activations_fail(self, conn: str, reason: int) -> None:
        """Bringing up the known network ``conn`` fails as a real one would (``reason``:
        the device's state reason); any other comes up."""
        code = ("ret = self.activate_connection(self, args[0], args[1], args[2])\n"
                f"if args[0] == {conn!r}:\n"
                "    self.RemoveActiveConnection(args[1], ret)\n"
                "    objects[args[1]].Set('org.freedesktop.NetworkManager.Device', "
                f"'StateReason', (dbus.UInt32(120), dbus.UInt32({reason})))")
        self.mock_call("AddMethod", "sssss", NM, "ActivateConnection", "ooo", "o", code)

    def joins_work(self) -> None:
        """Joins succeed again (the template's own AddAndActivateConnection)."""
        self.mock_call("AddMethod", "sssss", NM, "AddAndActivateConnection", "a{sa{sv}}oo",
                       "oo", "ret = self.add_and_activate_connection(self, args[0], args[1], "
                       "args[2])")

    def hidden_network(self, device: str, ssid: str) -> None:
        """``ssid`` is in range but hidden (its beacons carry no name): a join that names it
        (specific object "/") finds it, as NetworkManager's probe would; no scan shows it."""
        code = ("ap = args[2]\n"
                "if ap == '/':\n"
                "    ssid = bytes(args[0]['802-11-wireless']['ssid']).decode()\n"
                f"    if ssid != {ssid!r}:\n"
                "        raise dbus.exceptions.DBusException('no such network', "
                "name='org.freedesktop.NetworkManager.Device.NotFound')\n"
                f"    ap = self.AddAccessPoint({device!r}, 'hidden', ssid, "
                "'00:11:22:33:44:66', 2, 2437, 54000, 60, 256)\n"
                "ret = self.add_and_activate_connection(self, args[0], args[1], ap)")
        self.mock_call("AddMethod", "sssss", NM, "AddAndActivateConnection", "a{sa{sv}}oo",
                       "oo", code)

    def stop_nm(self) -> None:
        if self.mock is not None:
            self.mock.terminate()
            self.mock.wait(10)
            self.mock = None

    def close(self) -> None:
        if self._bus is not None:
            self._bus.close()
        self.stop_nm()
        self.daemon.terminate()
        self.daemon.wait(10)


@pytest.fixture(name="private_bus")
def private_bus_fixture(monkeypatch: pytest.MonkeyPatch) -> Iterator[PrivateBus]:
    """A private bus with no NetworkManager yet; the code under test finds it as the
    system bus."""
    need_mock()
    bus = PrivateBus()
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address)
    try:
        yield bus
    finally:
        bus.close()


@pytest.fixture(name="nm")
def nm_fixture(private_bus: PrivateBus) -> PrivateBus:
    """The private bus with the mocked NetworkManager answering on it."""
    private_bus.start_nm()
    return private_bus


#: What a test module imports to use the fixtures ``nm`` and ``private_bus``.
FIXTURES = (nm_fixture, private_bus_fixture)

__all__ = ["CallError", "PrivateBus", "need_mock", "nm_fixture", "private_bus_fixture"]
