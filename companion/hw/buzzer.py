"""An optional buzzer: a chirp when the turn passes, beeps at the turn timer's warning.

A passive piezo disc is driven with :class:`gpiozero.TonalBuzzer` (``[sound] buzzer =
"tonal"``, the default), an active buzzer module with :class:`gpiozero.Buzzer`
(``"plain"``). Neither has a volume control, so there are two modes besides off:
``"on"`` beeps near the piezo's loud resonance (2–3 kHz), ``"quiet"`` plays short clicks
at a low tone, which a piezo renders much more softly (an active buzzer only gets shorter).

One worker thread plays the notes, so the app's loop never waits for a sound; a sound
asked for while three are still queued is dropped rather than played late.

>>> from gpiozero.pins.mock import MockFactory, MockPWMPin
>>> factory = MockFactory(pin_class=MockPWMPin)
>>> sounder = Sounder(18, pin_factory=factory, sleep=lambda s: None)
>>> sounder.play("turn"); sounder.wait()
>>> [s.state for s in factory.pin(18).states][1:]
[0.5, 0.0]
>>> sounder.close()
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from gpiozero import Buzzer, TonalBuzzer
from gpiozero.tones import Tone

from companion.core.i18n import _

#: A note: frequency in Hz (ignored by a plain buzzer), seconds on, seconds of silence after.
Note = tuple[float, float, float]

SOUNDS: dict[str, dict[str, tuple[Note, ...]]] = {
    "on": {
        "turn": ((2000.0, 0.08, 0.0),),
        "warning": ((2800.0, 0.1, 0.1),) * 3,
        "timeout": ((1400.0, 0.6, 0.0),),
    },
    "quiet": {
        "turn": ((600.0, 0.02, 0.0),),
        "warning": ((600.0, 0.04, 0.12),) * 2,
        "timeout": ((600.0, 0.15, 0.0),),
    },
}
BACKLOG = 3


class Sounder:
    """Named sounds on one GPIO pin.

    :param pin: the BCM pin of the buzzer.
    :param tonal: a passive piezo (``TonalBuzzer``, needs PWM) or an active buzzer.
    :param pin_factory: gpiozero's pin factory (``MockFactory`` in tests).
    :param sleep: how the worker waits between notes (a no-op in tests).
    """

    def __init__(self, pin: int, *, tonal: bool = True, pin_factory: Any = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if tonal:
            self.device: Any = TonalBuzzer(pin, mid_tone=Tone(frequency=1760.0), octaves=2,
                                           pin_factory=pin_factory)
        else:
            self.device = Buzzer(pin, pin_factory=pin_factory)
        self.tonal = tonal
        self._sleep = sleep
        self._queue: queue.Queue[tuple[Note, ...] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="buzzer", daemon=True)
        self._thread.start()

    def play(self, sound: str, mode: str = "on") -> None:
        """Queue ``sound`` (``"turn"``, ``"warning"``, ``"timeout"``) in ``mode``."""
        if mode == "off":
            return
        if mode not in SOUNDS or sound not in SOUNDS[mode]:
            raise ValueError(f"no sound {sound!r} in mode {mode!r}.")
        if self._queue.qsize() < BACKLOG:
            self._queue.put(SOUNDS[mode][sound])

    def wait(self) -> None:
        """Block until every queued sound has been played (tests)."""
        self._queue.join()

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=2)
        self.device.close()

    def _run(self) -> None:
        while True:
            notes = self._queue.get()
            try:
                if notes is None:
                    return
                for frequency, on, off in notes:
                    self._note(frequency, on)
                    if off:
                        self._sleep(off)
            except Exception as err:  # a failing pin must not kill the thread
                print("companion: " + _("the buzzer failed: {why}").format(why=err),
                      file=sys.stderr)
            finally:
                self._queue.task_done()

    def _note(self, frequency: float, seconds: float) -> None:
        if self.tonal:
            self.device.play(Tone(frequency=frequency))
        else:
            self.device.on()
        try:
            self._sleep(seconds)
        finally:
            self.device.stop() if self.tonal else self.device.off()


def open_sounder(config: Any, *, pin_factory: Any = None,
                 sleep: Callable[[float], None] = time.sleep) -> Sounder | None:
    """The configured buzzer, or None when ``[sound] pin`` is not set.

    ``[sound] mode`` is only the default: with ``"off"`` the buzzer is opened all the same,
    so the turn timer's setup can turn it on for one game (each sound is played in the
    mode the game asks for; "off" plays nothing).

    A buzzer that cannot be opened is reported on stderr and the box stays silent: the
    sound is a convenience, never a reason not to start.
    """
    sound = config.sound
    if sound.get("pin", "") == "":
        return None
    try:
        return Sounder(sound["pin"], tonal=sound["buzzer"] == "tonal",
                       pin_factory=pin_factory, sleep=sleep)
    except Exception as err:  # gpiozero raises many kinds (no factory, pin in use, no PWM)
        print("companion: " + _("no sound: the buzzer on GPIO{pin} cannot be used ({why}).")
              .format(pin=sound["pin"], why=err), file=sys.stderr)
        return None
