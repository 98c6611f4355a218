"""At start, against a mocked NetworkManager: a known network that is up is kept; none up
within the wait starts the box's own Wi-Fi; ``network.fallback = "off"``, a laptop's
emulated screen and a run by hand (not the service) leave the Wi-Fi alone; a bad setting
is the config's one sentence."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.app import runtime
from companion.config.file import ConfigError, from_mapping
from companion.network import box_wifi, fallback
from companion.network.bus import Bus
from companion.network.errors import NetworkError
from companion.network.wifi import Wifi
from companion.testing import Clock
from tests.network.nm_mock import PrivateBus, nm_fixture, private_bus_fixture  # noqa: F401


def opener(bus: PrivateBus):  # type: ignore[no-untyped-def]
    return lambda: Wifi(Bus(bus.address), sleep=lambda s: None, timeout=2)


def waiting(clock: Clock):  # type: ignore[no-untyped-def]
    def sleep(seconds: float) -> None:
        clock.now += seconds
    return sleep


def test_a_known_network_that_comes_up_is_kept(nm: PrivateBus, tmp_path: Path) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Home")
    nm.add_known(dev, "Home", active=True)
    clock = Clock()
    assert fallback.at_start(tmp_path, wifi=opener(nm), sleep=waiting(clock),
                             clock=clock) == "network"
    assert clock.now == 1000.0 and box_wifi.load(tmp_path) is None


def test_no_known_network_within_the_wait_starts_the_box_wifi(
        nm: PrivateBus, tmp_path: Path) -> None:
    dev = nm.add_wifi_device()
    nm.add_network(dev, "Neighbours")
    clock = Clock()
    assert fallback.at_start(tmp_path, wifi=opener(nm), sleep=waiting(clock),
                             clock=clock) == "box_wifi"
    assert clock.now - 1000.0 == pytest.approx(fallback.WAIT)
    mine = box_wifi.load(tmp_path)
    with opener(nm)() as wifi:
        assert mine is not None and wifi.access_point_up(mine.name)
    # the next start finds it running and keeps it
    assert fallback.at_start(tmp_path, wifi=opener(nm), sleep=waiting(clock),
                             clock=clock) == "box_wifi"


def test_no_device_is_one_sentence_on_stderr(nm: PrivateBus, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(NetworkError):
        fallback.at_start(tmp_path, wifi=opener(nm), wait=0)
    fallback.in_background(tmp_path, wifi=opener(nm), wait=0).join(10)
    assert capsys.readouterr().err == (
        "companion: This box has no Wi-Fi device that NetworkManager manages.\n")


def test_the_setting_and_where_the_fallback_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Path] = []
    monkeypatch.setattr(fallback, "in_background",
                        lambda folder, **kw: started.append(folder) or threading.Thread())
    box = {"display": {"driver": "ssd1306"}}
    assert from_mapping({}).network == {"fallback": "hotspot"}
    assert runtime.network_fallback(from_mapping(box)) is False  # by hand, not the service
    monkeypatch.setenv("INVOCATION_ID", "0123456789abcdef")  # systemd started it
    assert runtime.network_fallback(from_mapping(box)) is True
    assert runtime.network_fallback(from_mapping({**box, "network": {"fallback": "off"}})) \
        is False
    assert runtime.network_fallback(from_mapping({})) is False  # a laptop: its owner's Wi-Fi
    assert len(started) == 1


def test_a_bad_fallback_is_the_configs_one_sentence() -> None:
    with pytest.raises(ConfigError) as err:
        from_mapping({"network": {"fallback": "always"}})
    assert str(err.value) == "network.fallback: must be one of 'hotspot', 'off', not 'always'."
