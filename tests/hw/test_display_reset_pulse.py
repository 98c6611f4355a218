"""Guards the SSD1309 module's reset pulse (issue 42): the breadboard wiring held RES at
3V3, and these 2.42" modules come up garbled or black without a pulse at power-on. With
``display.reset_pin`` the line goes low for at least the datasheet's minimum (3 µs, tRW),
then high, before the first command reaches the panel; a display opened again (a loose
ribbon) pulses the same line again; the pin is the display's, not a button's.
"""

from __future__ import annotations

import luma.core.interface.serial
import pytest
from gpiozero.pins.mock import MockFactory

from companion.config.file import ConfigError, from_mapping
from companion.hw import display
from companion.hw.fakebus import RecordingSerial

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

DATASHEET_TRW = 3e-6  # SSD1309: RES# low at least 3 µs


class Watched(RecordingSerial):
    """A bus that notes the RES pin's level at every command."""

    def __init__(self, pin) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.pin = pin
        self.levels: list[bool] = []

    def command(self, *cmd: int) -> None:
        self.levels.append(self.pin.state)
        super().command(*cmd)


@pytest.fixture
def factory():  # type: ignore[no-untyped-def]
    made = MockFactory()
    yield made
    display._RESET_LINES.clear()
    made.reset()


def open_with_reset(factory: MockFactory, monkeypatch: pytest.MonkeyPatch,
                    slept: list[tuple[float, bool]]) -> Watched:
    config = from_mapping({"preset": "breadboard-ssd1309"})
    pin = factory.pin(config.display["reset_pin"])
    bus = Watched(pin)
    monkeypatch.setattr(luma.core.interface.serial, "i2c", lambda **kw: bus)
    display._oled(config.display, pin_factory=factory,
                  sleep=lambda s: slept.append((s, pin.state)))
    return bus


def test_res_goes_low_long_enough_then_high_before_the_first_command(
        factory: MockFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[tuple[float, bool]] = []
    bus = open_with_reset(factory, monkeypatch, slept)
    pin = factory.pin(from_mapping({"preset": "breadboard-ssd1309"}).display["reset_pin"])
    low = [seconds for seconds, level in slept if not level]
    assert low and sum(low) >= DATASHEET_TRW  # held low at least tRW
    states = [s.state for s in pin.states]
    assert states[-2:] == [False, True]  # low, then high, and left high
    assert bus.levels and all(bus.levels)  # every command after the pulse
    assert bus.command_bytes > 0  # luma's init sequence went out

    slept.clear()
    open_with_reset(factory, monkeypatch, slept)  # opened again: pulsed again
    assert [level for _, level in slept] == [False, True]


def test_without_a_reset_pin_nothing_is_pulsed(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr(luma.core.interface.serial, "i2c", lambda **kw: RecordingSerial())
    config = from_mapping({"preset": "breadboard"})
    assert config.display["reset_pin"] == -1
    display._oled(config.display, sleep=slept.append)
    assert slept == []


def test_the_reset_pin_is_not_a_buttons() -> None:
    with pytest.raises(ConfigError, match="the display's RES line"):
        from_mapping({"preset": "breadboard-ssd1309", "buttons": {"up": 5}})
