"""Guards the key pad against a press shorter than the debounce window (a glitch).

A knock on the table, a long breadboard wire picking up noise or a flick of the joystick
can pull a released button's pin low for a millisecond. The key pad accepts the first
edge of a press and ignores the edges that follow it within ``bounce_ms``, so the glitch's
own release is ignored: the pad must not go on believing the button is down — that gave a
long press (BACK held: undo!) ``hold_ms`` later, and swallowed the next real press.
"""

from __future__ import annotations

import queue
import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.core.keys import Key
from companion.hw.buttons import KeyPad
from tests.hw.test_buttons import FakeClock

PINS = {"ok": 24, "back": 25}


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def drain(q: queue.Queue) -> list[Key]:
    out = []
    while not q.empty():
        out.append(q.get_nowait())
    return out


def test_a_glitch_is_no_key_and_the_next_press_counts(factory) -> None:
    q: queue.Queue = queue.Queue()
    clock = FakeClock()
    pad = KeyPad(PINS, q.put, pin_factory=factory, bounce_ms=20, hold_ms=100, clock=clock)
    back = factory.pin(25)
    back.drive_low()  # 1 ms of noise on a released button
    clock.advance(1)
    back.drive_high()
    time.sleep(0.4)  # four hold times
    assert drain(q) == []  # not a long press (undo)
    clock.advance(200)
    back.drive_low()  # a real press, 80 ms
    clock.advance(80)
    back.drive_high()
    assert drain(q) == [Key("BACK")]
    pad.close()


def test_a_press_soon_after_a_glitch_is_timed_from_its_own_start(factory) -> None:
    q: queue.Queue = queue.Queue()
    clock = FakeClock()
    pad = KeyPad(PINS, q.put, pin_factory=factory, bounce_ms=20, hold_ms=400, clock=clock)
    ok = factory.pin(24)
    ok.drive_low()  # glitch
    clock.advance(1)
    ok.drive_high()
    time.sleep(0.15)
    clock.advance(150)
    ok.drive_low()  # a real short press begins 150 ms after the glitch …
    time.sleep(0.35)  # … and lasts 350 ms: past the glitch's hold time, not its own
    clock.advance(350)
    ok.drive_high()
    assert drain(q) == [Key("OK")]
    pad.close()


def test_a_real_hold_is_still_a_long_press(factory) -> None:
    q: queue.Queue = queue.Queue()
    clock = FakeClock()
    pad = KeyPad(PINS, q.put, pin_factory=factory, bounce_ms=20, hold_ms=100, clock=clock)
    back = factory.pin(25)
    back.drive_low()
    assert q.get(timeout=2) == Key("BACK", long=True)
    clock.advance(300)
    back.drive_high()
    time.sleep(0.05)
    assert drain(q) == []
    pad.close()
