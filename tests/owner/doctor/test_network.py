"""``companion doctor``'s network line against a mocked NetworkManager on a private
D-Bus: it answers (with the polkit rule in place or not), no Wi-Fi device, NetworkManager
absent; never a failure, always one line."""

from __future__ import annotations

from pathlib import Path

from companion.config.file import from_mapping
from companion.network.bus import Bus
from companion.network.wifi import Wifi
from companion.owner.doctor.checks import Doctor
from companion.owner.doctor.network import network_check
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def opener(bus: PrivateBus):  # type: ignore[no-untyped-def]
    return lambda: Wifi(Bus(bus.address))


def test_networkmanager_answers_and_the_rule_is_or_is_not_in_place(
        nm: PrivateBus, tmp_path: Path) -> None:
    nm.add_wifi_device()
    rule = tmp_path / "50-companion-network.rules"
    line = network_check(opener(nm), rule)
    assert line.status == "info" and "is not in place" in line.detail
    rule.write_text("polkit.addRule(...)")
    line = network_check(opener(nm), rule)
    assert (line.status, line.detail) == ("ok", "NetworkManager 0.9.6.0 answers, with a Wi-Fi "
                                          "device; the polkit rule is in place")


def test_no_device_and_no_networkmanager_are_one_line(nm: PrivateBus, tmp_path: Path) -> None:
    line = network_check(opener(nm), tmp_path / "rule")
    assert line.status == "info" and "no Wi-Fi device" in line.detail
    nm.stop_nm()
    line = network_check(opener(nm), tmp_path / "rule")
    assert line.status == "info" and "NetworkManager is not running" in line.detail


def test_the_doctor_prints_the_line(private_bus: PrivateBus) -> None:
    checks = Doctor(from_mapping({"state": {"dir": "/tmp"}})).run()
    network = [c for c in checks if c.name == "network"]
    assert len(network) == 1 and network[0].status == "info"
