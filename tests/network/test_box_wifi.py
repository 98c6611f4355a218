"""The box's own Wi-Fi against a mocked NetworkManager: its name from the device, a
random WPA2 password kept in the state folder until the owner makes a new one, started
as an access point and stopped with the previous network given back; a file in the
state folder that is not ours is set aside, not trusted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.network import box_wifi
from companion.network.bus import Bus
from companion.network.errors import NetworkError
from companion.network.wifi import Wifi
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def client(bus: PrivateBus) -> Wifi:
    return Wifi(Bus(bus.address), sleep=lambda s: None, timeout=2)


def test_the_password_is_kept_until_the_owner_makes_a_new_one(tmp_path: Path) -> None:
    first = box_wifi.credentials(tmp_path, "11:22:33:44:AB:12")
    assert first.name == "Companion-AB12" and len(first.password) >= 12
    assert set(first.password) <= set(box_wifi.ALPHABET)
    assert box_wifi.credentials(tmp_path) == first
    assert (tmp_path / box_wifi.FILE).stat().st_mode & 0o077 == 0  # the password is private
    renewed = box_wifi.renew_password(tmp_path)
    assert renewed.name == first.name and renewed.password != first.password
    assert box_wifi.credentials(tmp_path) == renewed


@pytest.mark.parametrize("text", ['{"name": "Companion-1", "password": "short"}',
                                  '{"name": "Evil", "password": "longenough1"}',
                                  '[1, 2]', 'not json', '{"name": "Companion-1", '
                                  '"password": "longenough1", "extra": 1}'])
def test_a_file_that_is_not_ours_is_set_aside(tmp_path: Path, text: str) -> None:
    (tmp_path / box_wifi.FILE).write_text(text)
    made = box_wifi.credentials(tmp_path)
    assert made.name.startswith("Companion-") and made.password != "longenough1"
    assert (tmp_path / (box_wifi.FILE + ".bad")).read_text() == text


def test_start_and_stop_give_the_previous_network_back(nm: PrivateBus, tmp_path: Path) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home")
    nm.add_known(dev, "Home", active=True)
    with client(nm) as wifi:
        mine = box_wifi.start(wifi, tmp_path)
        assert mine.name == "Companion-5566"  # the mock's device is 11:22:33:44:55:66
        assert wifi.access_point_up(mine.name)
        up = wifi.active()
        assert up is not None and up.access_point
        saved = json.loads((tmp_path / box_wifi.FILE).read_text())
        assert saved["previous"] == next(k.uuid for k in wifi.known() if k.ssid == "Home")
        assert box_wifi.start(wifi, tmp_path) == mine  # already running: the same
        box_wifi.stop(wifi, tmp_path)
        back = wifi.active()
        assert back is not None and back.ssid == "Home"
        assert box_wifi.credentials(tmp_path).password == mine.password


def test_a_new_password_restarts_the_running_access_point(nm: PrivateBus, tmp_path: Path) -> None:
    nm.add_wifi_device()
    with client(nm) as wifi:
        box_wifi.start(wifi, tmp_path)
        renewed = box_wifi.renew_password(tmp_path)
        box_wifi.start(wifi, tmp_path, again=True)
        aps = [k for k in wifi.known() if k.access_point]
        assert len(aps) == 1 and wifi.access_point_up(renewed.name)
        box_wifi.stop(wifi, tmp_path)
        assert wifi.active() is None


def test_no_device_is_one_sentence(nm: PrivateBus, tmp_path: Path) -> None:
    with client(nm) as wifi, pytest.raises(NetworkError) as err:
        box_wifi.start(wifi, tmp_path)
    assert err.value.kind == "no_device"
