"""Guards display faults: a bus error on display() never stops the game or loses state.

A flaky fake OLED raises ``OSError`` (and luma's own ``DeviceNotFoundError``, which is
not one) for a while; the app keeps taking keys and saving actions, the guard retries
with growing waits, and when the display answers it is opened afresh and gets the
whole current frame.
"""

from __future__ import annotations

from typing import Any

from luma.core.device import dummy
from luma.core.error import DeviceNotFoundError
from PIL import Image

from companion.hw.guarded import GuardedDisplay, open_guarded
from companion.testing import Rig


class FlakyOled(dummy):
    """luma's dummy device whose bus can be unplugged."""

    opened = 0

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        FlakyOled.opened += 1
        self.unplugged = False
        self.frames = 0

    def display(self, image: Image.Image) -> None:
        if self.unplugged:
            raise OSError(121, "Remote I/O error")
        super().display(image)
        self.frames += 1


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def guarded(device: Any, **options: Any) -> tuple[GuardedDisplay, list, Clock]:
    timers: list = []
    clock = Clock()
    guard = GuardedDisplay(device, clock=clock, log=None,
                           schedule=lambda delay, fn: timers.append((delay, fn)), **options)
    return guard, timers, clock


def test_game_goes_on_while_the_display_is_gone_and_comes_back_whole() -> None:
    oled = FlakyOled()
    guard, timers, clock = guarded(oled)
    rig = Rig(display=guard)
    rig.keys("ok", "ok", "roll")
    oled.unplugged = True
    rig.keys("roll", "up", "roll")  # nothing reaches the panel; nothing is lost
    assert not guard.healthy
    state = rig.app.session.state
    assert len(state.rolls) == 3 and state.count == 3
    assert len(rig.store.actions(rig.app.session.game_id)) == 4
    oled.unplugged = False
    clock.now += 60
    timers.pop()[1]()  # the retry timer fires
    assert guard.healthy and guard.recoveries == 1
    assert oled.image.tobytes() == rig.app.render().tobytes()  # the current frame, whole
    rig.close()


def test_retries_back_off_from_half_a_second_to_thirty() -> None:
    oled = FlakyOled()
    oled.unplugged = True
    guard, timers, clock = guarded(oled)
    guard.display(Image.new("1", (128, 64)))
    delays = []
    for _ in range(10):
        delay, fn = timers.pop()
        delays.append(delay)
        clock.now += delay
        fn()
    assert delays == [0.5, 1, 2, 4, 8, 16, 30, 30, 30, 30]
    before = guard.total_failures
    guard.display(Image.new("1", (128, 64)))  # backing off: not even tried
    assert guard.total_failures == before


def test_luma_device_not_found_is_caught_too() -> None:
    class Gone(FlakyOled):
        def display(self, image: Image.Image) -> None:
            raise DeviceNotFoundError("I2C device not found on address: 0x3C")

    guard, timers, _ = guarded(Gone())
    guard.display(Image.new("1", (128, 64)))
    assert not guard.healthy and len(timers) == 1


def test_recovery_reopens_the_device_so_it_gets_its_init_sequence() -> None:
    FlakyOled.opened = 0
    first = FlakyOled()
    guard, timers, clock = guarded(first, reopen=FlakyOled)
    first.unplugged = True
    frame = Image.new("1", (128, 64), 1)
    guard.display(frame)
    clock.now += 1
    timers.pop()[1]()
    assert FlakyOled.opened == 2 and guard.device is not first
    assert guard.device.image.tobytes() == frame.tobytes()


def test_partial_adapter_is_invalidated_instead_when_there_is_no_reopen() -> None:
    class Partial(FlakyOled):
        invalidated = 0

        def invalidate(self) -> None:
            self.invalidated += 1

    oled = Partial()
    guard, timers, clock = guarded(oled)
    oled.unplugged = True
    guard.display(Image.new("1", (128, 64)))
    oled.unplugged = False
    clock.now += 1
    timers.pop()[1]()
    assert oled.invalidated == 1 and guard.healthy


def test_a_display_missing_at_start_is_not_fatal() -> None:
    attempts = []

    def opener() -> FlakyOled:
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError(2, "No such file or directory: '/dev/i2c-1'")
        return FlakyOled()

    timers: list = []
    guard = open_guarded(opener, log=None, schedule=lambda d, fn: timers.append(fn))
    assert guard.device is None and not guard.healthy
    guard.display(Image.new("1", (128, 64)))  # the app draws anyway
    timers.pop()()
    assert guard.healthy and guard.device.frames == 1


def test_after_cleanup_no_retry_touches_the_bus() -> None:
    oled = FlakyOled()
    guard, timers, clock = guarded(oled, reopen=FlakyOled)
    oled.unplugged = True
    guard.display(Image.new("1", (128, 64)))
    guard.cleanup()
    FlakyOled.opened = 0
    timers.pop()[1]()
    assert FlakyOled.opened == 0
