"""Guards companion.hw.buttons: mock pins → keys, long presses, debounce, stuck buttons."""

from __future__ import annotations

import queue
import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.core.keys import Key
from companion.hw.buttons import KeyPad

PINS = {"up": 17, "down": 27, "ok": 24, "back": 25}


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, ms: float) -> None:
        self.now += ms / 1000


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def test_short_press_on_release(factory) -> None:
    keys: list[Key] = []
    pad = KeyPad(PINS, keys.append, pin_factory=factory, bounce_ms=0)
    factory.pin(24).drive_low()
    assert keys == []  # nothing until the button comes back up
    factory.pin(24).drive_high()
    assert keys == [Key("OK")]
    pad.close()


def test_long_press_fires_once_while_held_and_release_is_silent(factory) -> None:
    q: queue.Queue = queue.Queue()
    pad = KeyPad(PINS, q.put, pin_factory=factory, bounce_ms=0, hold_ms=100)
    factory.pin(25).drive_low()
    assert q.get(timeout=2) == Key("BACK", long=True)
    factory.pin(25).drive_high()
    time.sleep(0.05)
    assert q.empty()
    pad.close()


def test_thousand_bouncy_presses_give_thousand_keys(factory) -> None:
    keys: list[Key] = []
    clock = FakeClock()
    pad = KeyPad(PINS, keys.append, pin_factory=factory, bounce_ms=20, clock=clock)
    pin = factory.pin(17)
    for _ in range(1000):
        for edge in range(5):  # press: 5 bounce edges within 5 ms, settling low
            (pin.drive_low if edge % 2 == 0 else pin.drive_high)()
            clock.advance(1)
        pin.drive_low()
        clock.advance(80)
        for edge in range(5):  # release: 5 bounce edges within 5 ms, settling high
            (pin.drive_high if edge % 2 == 0 else pin.drive_low)()
            clock.advance(1)
        pin.drive_high()
        clock.advance(80)
    assert keys == [Key("UP")] * 1000
    pad.close()


def test_without_debounce_the_same_presses_would_double(factory) -> None:
    """The test above can fail: with debounce off the bounces become keys."""
    keys: list[Key] = []
    clock = FakeClock()
    pad = KeyPad(PINS, keys.append, pin_factory=factory, bounce_ms=0, clock=clock)
    pin = factory.pin(17)
    for edge in range(5):
        (pin.drive_low if edge % 2 == 0 else pin.drive_high)()
        clock.advance(1)
    pin.drive_high()
    assert len(keys) > 1
    pad.close()


def test_stuck_button_gives_one_press_and_others_still_work(factory) -> None:
    q: queue.Queue = queue.Queue()
    clock = FakeClock()
    pad = KeyPad(PINS, q.put, pin_factory=factory, bounce_ms=20, hold_ms=100, clock=clock)
    factory.pin(27).drive_low()  # DOWN stuck low
    assert q.get(timeout=2) == Key("DOWN", long=True)
    time.sleep(0.5)  # five hold times: no stream of repeats
    assert q.empty()
    for _ in range(3):
        clock.advance(100)
        factory.pin(24).drive_low()
        clock.advance(100)
        factory.pin(24).drive_high()
    assert [q.get_nowait() for _ in range(3)] == [Key("OK")] * 3
    assert q.empty()
    pad.close()


def test_states_and_close_release_pins(factory) -> None:
    pad = KeyPad(PINS, lambda k: None, pin_factory=factory)
    factory.pin(17).drive_low()
    assert pad.states()["up"] is True and pad.states()["ok"] is False
    pad.close()
    again = KeyPad(PINS, lambda k: None, pin_factory=factory)  # no GPIOPinInUse
    again.close()
