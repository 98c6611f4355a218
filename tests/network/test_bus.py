"""The D-Bus calls: NetworkManager refusing for want of the polkit rule is its own
sentence; and no test reaches the machine's system bus unless it brings a private one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.network.bus import NM, NM_PATH, Bus
from companion.network.errors import NetworkError
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def test_a_refusal_for_want_of_polkit_says_to_install_the_service_again(nm: PrivateBus) -> None:
    nm.mock_call("AddMethod", "sssss", NM, "GetDevices", "", "ao",
                 "raise dbus.exceptions.DBusException('Not authorized', "
                 "name='org.freedesktop.NetworkManager.PermissionDenied')")
    with Bus(nm.address) as bus, pytest.raises(NetworkError) as err:
        bus.call(NM_PATH, NM, "GetDevices")
    assert err.value.kind == "not_allowed" and "install-service" in str(err.value)
    assert err.value.error_name == "org.freedesktop.NetworkManager.PermissionDenied"  # type: ignore[attr-defined]


def test_an_unknown_refusal_keeps_networkmanagers_words(nm: PrivateBus) -> None:
    with Bus(nm.address) as bus, pytest.raises(NetworkError) as err:
        bus.call("/org/freedesktop/NetworkManager/Devices/none", NM + ".Device", "Disconnect")
    assert err.value.kind == "failed" and str(err.value).startswith("NetworkManager refused: ")


def test_the_tests_never_see_the_machines_system_bus() -> None:
    address = os.environ["DBUS_SYSTEM_BUS_ADDRESS"]
    assert address.startswith("unix:path=") and not Path(address[10:]).exists()
    with pytest.raises(NetworkError) as err:
        Bus()
    assert err.value.kind == "no_dbus"
