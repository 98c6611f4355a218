"""A mocked BlueZ on a private D-Bus, with Pixels dice that advertise, for the tests of
the box's smart dice.

python-dbusmock's ``bluez5`` template (Debian's ``python3-dbusmock``) answers as BlueZ on
a ``dbus-daemon`` of the tests' own (:class:`tests.network.nm_mock.PrivateBus`); the code
under test, ``bleak`` included, reaches it as the system bus (``DBUS_SYSTEM_BUS_ADDRESS``).
A die is a BlueZ device whose advertisement (``ManufacturerData``, ``ServiceData``,
``UUIDs``, ``RSSI``) the test changes as a die's firmware would.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator

import pytest
from dbus_fast import Variant

from companion.hw import pixels_messages as pm
from companion.network.errors import NetworkError  # CallError too (bluez not up yet)
from tests.network.nm_mock import SYSTEM_PYTHON, PrivateBus, need_mock

MOCK = "org.freedesktop.DBus.Mock"
DEVICE = "org.bluez.Device1"
#: The company id Pixels dice put before their manufacturer data.
COMPANY = 0xFFFF
STATES = {name: code for code, name in pm.ROLL_STATES.items()}
TYPES = {name: code for code, name in pm.DIE_TYPES.items()}


class BlueZ:
    """The mocked BlueZ, with an adapter ``hci0`` and the dice the test adds."""

    def __init__(self, bus: PrivateBus, *, adapter: bool = True) -> None:
        self.private = bus
        env = {**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": bus.address,
               "DBUS_SESSION_BUS_ADDRESS": bus.address}
        self.process = subprocess.Popen(
            [SYSTEM_PYTHON, "-m", "dbusmock", "--system", "--template", "bluez5"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                if adapter:
                    self.call("/org/bluez", "AddAdapter", "ss", "hci0", "table-companion")
                else:
                    self.private.bus.call("/", "org.freedesktop.DBus.ObjectManager",
                                          "GetManagedObjects", destination="org.bluez")
                break
            except NetworkError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        # what today's BlueZ says of an adapter and the template leaves out (bleak asks)
        if adapter:
            self.call("/org/bluez/hci0", "AddProperty", "ssv", "org.bluez.Adapter1", "Roles",
                      Variant("as", ["central", "peripheral"]))
        self.dice: dict[int, str] = {}

    def call(self, path: str, member: str, signature: str = "", *args: object) -> object:
        interface = "org.bluez.Mock" if path == "/org/bluez" else MOCK
        reply = self.private.bus.call(path, interface, member, signature, list(args),
                                      destination="org.bluez")
        return reply[0] if reply else None

    def add_die(self, pixel_id: int, name: str, die_type: str = "d6", *,
                state: str = "on_face", index: int = 0, battery: int = 80) -> str:
        """A die in range, advertising ``state`` and face ``index``."""
        address = "F0:" + ":".join(f"{b:02X}" for b in pixel_id.to_bytes(5, "big"))
        path = str(self.call("/org/bluez", "AddDevice", "sss", "hci0", address, name))
        self.dice[pixel_id] = path
        self.advertise(pixel_id, die_type, state, index, battery)
        return path

    def advertise(self, pixel_id: int, die_type: str, state: str, index: int = 0,
                  battery: int = 80, *, charging: bool = False, rssi: int = -60,
                  manufacturer: bytes | None = None) -> None:
        """The die's next advertisement (its firmware's bytes, or ``manufacturer``)."""
        data = manufacturer if manufacturer is not None else bytes(
            [6, TYPES[die_type] << 4 | 1, STATES[state], index,
             (0x80 if charging else 0) | battery])
        service = pixel_id.to_bytes(4, "little") + (1_700_000_000).to_bytes(4, "little")
        # one property at a time (the mock's UpdateProperties cannot wrap a dict), the
        # manufacturer data last: its change is the one the die's reader acts on
        for name, value in (("UUIDs", Variant("as", [pm.SERVICE])), ("RSSI", Variant("n", rssi)),
                            ("ServiceData", Variant("a{sv}", {pm.SERVICE: Variant("ay", service)})),
                            ("ManufacturerData",
                             Variant("a{qv}", {COMPANY: Variant("ay", data)}))):
            self.private.bus.call(self.dice[pixel_id], "org.freedesktop.DBus.Properties", "Set",
                                  "ssv", [DEVICE, name, value], destination="org.bluez")

    def give_gatt(self, pixel_id: int) -> str:
        """The die's Pixels service and its write characteristic, as BlueZ lists them once
        connected; Connect resolves the services (the template's leaves them unresolved).
        Returns the characteristic's path: its ``Value`` is what was written last."""
        device = self.dice[pixel_id]
        service, char = f"{device}/service0010", f"{device}/service0010/char0011"
        self.call(device, "AddMethod", "sssss", DEVICE, "Connect", "", "",
                  "self.props['org.bluez.Device1']['Connected'] = dbus.Boolean(True); "
                  "self.props['org.bluez.Device1']['ServicesResolved'] = dbus.Boolean(True); "
                  "self.EmitSignal('org.freedesktop.DBus.Properties', 'PropertiesChanged', "
                  "'sa{sv}as', ['org.bluez.Device1', {'Connected': dbus.Boolean(True, "
                  "variant_level=1), 'ServicesResolved': dbus.Boolean(True, variant_level=1)"
                  "}, []])")
        self.call(device, "AddMethod", "sssss", DEVICE, "Disconnect", "", "",
                  "self.props['org.bluez.Device1']['Connected'] = dbus.Boolean(False); "
                  "self.props['org.bluez.Device1']['ServicesResolved'] = dbus.Boolean(False); "
                  "self.EmitSignal('org.freedesktop.DBus.Properties', 'PropertiesChanged', "
                  "'sa{sv}as', ['org.bluez.Device1', {'Connected': dbus.Boolean(False, "
                  "variant_level=1), 'ServicesResolved': dbus.Boolean(False, variant_level=1)"
                  "}, []])")
        service_props = {"UUID": Variant("s", pm.SERVICE), "Primary": Variant("b", True),
                         "Device": Variant("o", device)}
        char_props = {"UUID": Variant("s", pm.WRITE), "Service": Variant("o", service),
                      "Flags": Variant("as", ["write", "write-without-response"]),
                      "Value": Variant("ay", b""), "Notifying": Variant("b", False)}
        for path, interface, props, methods in (
                (service, "org.bluez.GattService1", service_props, []),
                (char, "org.bluez.GattCharacteristic1", char_props,
                 [("WriteValue", "aya{sv}", "",
                   "self.props['org.bluez.GattCharacteristic1']['Value'] = args[0]")])):
            self.call("/", "AddObject", "ssa{sv}a(ssss)", path, interface, props, methods)
            # the template's object manager says so only when asked (dbusmock's rule)
            self.call("/", "EmitSignal", "sssav", "org.freedesktop.DBus.ObjectManager",
                      "InterfacesAdded", "oa{sa{sv}}",
                      [Variant("o", path), Variant("a{sa{sv}}", {interface: props})])
        return char

    def written(self, char: str) -> bytes:
        """What was last written to characteristic ``char``."""
        reply = self.private.bus.call(char, "org.freedesktop.DBus.Properties", "Get", "ss",
                                      ["org.bluez.GattCharacteristic1", "Value"],
                                      destination="org.bluez")
        return bytes(reply[0])

    def remove_die(self, pixel_id: int) -> None:
        """The die leaves (BlueZ forgets it)."""
        path = self.dice.pop(pixel_id)
        self.private.bus.call("/org/bluez/hci0", "org.bluez.Adapter1", "RemoveDevice", "o",
                              [path], destination="org.bluez")

    def power(self, on: bool) -> None:
        self.private.bus.call("/org/bluez/hci0", "org.freedesktop.DBus.Properties", "Set",
                              "ssv", ["org.bluez.Adapter1", "Powered", Variant("b", on)],
                              destination="org.bluez")

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture(name="bluez")
def bluez_fixture(monkeypatch: pytest.MonkeyPatch,
                  request: pytest.FixtureRequest) -> Iterator[BlueZ]:
    """A private bus with the mocked BlueZ and its adapter (none where the test is
    parametrised indirectly with ``False``), found as the system bus."""
    need_mock()
    bus = PrivateBus()
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address)
    mock = None
    try:
        mock = BlueZ(bus, adapter=getattr(request, "param", True))
        yield mock
    finally:
        if mock is not None:
            mock.close()
        bus.close()
