"""Guards the key layer against a stuck button: held low for 30 s it is one long press.

While one button is stuck, the other buttons must keep working, and once it is freed it
works again. Marked ``soak``: CI holds it for 3 s; ``COMPANION_SOAK=full`` for 30 s.
"""

from __future__ import annotations

import os
import queue
import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.core.keys import Key
from companion.hw.buttons import KeyPad

PINS = {"up": 17, "down": 27, "left": 22, "right": 23, "ok": 24, "back": 25, "roll": 5}
STUCK_FOR = 30.0 if os.environ.get("COMPANION_SOAK") == "full" else 3.0


def drain(q: queue.Queue) -> list[Key]:
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out


@pytest.mark.soak
def test_button_stuck_low_is_one_long_press_and_the_rest_keep_working() -> None:
    factory = MockFactory()
    q: queue.Queue = queue.Queue()
    pad = KeyPad(PINS, q.put, pin_factory=factory, bounce_ms=20, hold_ms=200)
    try:
        stuck = factory.pin(PINS["down"])
        stuck.drive_low()
        others = ["up", "ok", "left", "back", "right", "roll"]
        pressed: list[Key] = []
        start = time.monotonic()
        n = 0
        while time.monotonic() - start < STUCK_FOR:
            name = others[n % len(others)]
            pin = factory.pin(PINS[name])
            pin.drive_low()
            time.sleep(0.03)
            pin.drive_high()
            time.sleep(0.03)
            pressed.append(Key(name.upper()))
            n += 1
        got = drain(q)
        assert got.count(Key("DOWN", long=True)) == 1, got[:10]
        assert [k for k in got if k.name != "DOWN"] == pressed  # none lost, none doubled
        assert len(got) == len(pressed) + 1
        stuck.drive_high()  # freed: its release says nothing …
        time.sleep(0.05)
        assert drain(q) == []
        stuck.drive_low()  # … and it works again
        time.sleep(0.03)
        stuck.drive_high()
        time.sleep(0.03)
        assert drain(q) == [Key("DOWN")]
    finally:
        pad.close()
        factory.reset()
