"""Guards companion.hw.display: every driver opens at the panel size the configuration
(or its preset) gives, 128×64 when it gives none."""

from __future__ import annotations

from typing import Any

import pytest

from companion.config.file import ConfigError, from_mapping
from companion.hw.display import open_display, panel_size
from companion.hw.fakebus import RecordingSerial

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


def test_the_size_is_128_by_64_unless_the_config_says_otherwise() -> None:
    assert panel_size(from_mapping({}).display) == (128, 64)
    assert panel_size({"driver": "dummy"}) == (128, 64)  # a [display] built by hand
    small = from_mapping({"display": {"width": 128, "height": 32}})
    assert panel_size(small.display) == (128, 32)


@pytest.mark.parametrize("preset", ["breadboard", "breadboard-ssd1309",
                                    "adafruit-oled-bonnet", "waveshare-oled-hat-1in3"])
def test_every_preset_is_a_128_by_64_panel(preset: str) -> None:
    assert panel_size(from_mapping({"preset": preset}).display) == (128, 64)


def test_a_preset_s_panel_size_can_be_overridden() -> None:
    config = from_mapping({"preset": "breadboard", "display": {"height": 32}})
    assert config.display["driver"] == "ssd1306" and panel_size(config.display) == (128, 32)


def test_a_size_no_driver_has_is_refused_by_key() -> None:
    with pytest.raises(ConfigError, match=r"^display\.height: must be one of"):
        from_mapping({"display": {"height": 50}})


@pytest.mark.parametrize(("width", "height"), [(128, 64), (128, 32)])
def test_the_dummy_and_the_terminal_open_at_the_configured_size(width: int,
                                                                height: int) -> None:
    shape = {"width": width, "height": height}
    assert open_display(from_mapping({"display": {"driver": "dummy", **shape}})).size \
        == (width, height)
    terminal = open_display(from_mapping({"display": {"driver": "emulator", **shape}}))
    assert terminal.size == (width, height)


@pytest.mark.parametrize(("driver", "height"), [("ssd1306", 32), ("ssd1306", 64),
                                                ("sh1106", 64), ("ssd1309", 64)])
def test_an_oled_opens_at_the_configured_size(monkeypatch: pytest.MonkeyPatch, driver: str,
                                              height: int) -> None:
    monkeypatch.setattr("luma.core.interface.serial.i2c",
                        lambda port, address: RecordingSerial())
    screen: Any = open_display(from_mapping({"display": {"driver": driver, "height": height}}))
    assert screen.oled.size == (128, height) and type(screen.oled).__name__ == driver
