"""The laptop keyboard as the box's buttons.

Keys drive gpiozero **mock pins**, so a laptop goes through exactly the code path of the
real buttons (long press included). A keyboard does not bounce, so the app runs its
key pad with ``bounce_ms=0`` and a tap takes no time: 400 keys typed (or pasted) in a
second reach the app in that second, not one every 60 ms:

=================  ===========================
keyboard           button
=================  ===========================
arrow keys         UP / DOWN / LEFT / RIGHT
Enter              OK
Backspace, Esc     BACK
Space              ROLL
``u``              hold BACK (undo)
``h`` then a key   hold that key (long press)
``q``              quit the companion
=================  ===========================
"""

from __future__ import annotations

import os
import queue
import select
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

#: Terminal byte sequences → (button name, long press).
SEQUENCES: dict[bytes, tuple[str, bool]] = {
    b"\x1b[A": ("up", False), b"\x1bOA": ("up", False),
    b"\x1b[B": ("down", False), b"\x1bOB": ("down", False),
    b"\x1b[C": ("right", False), b"\x1bOC": ("right", False),
    b"\x1b[D": ("left", False), b"\x1bOD": ("left", False),
    b"\r": ("ok", False), b"\n": ("ok", False),
    b"\x7f": ("back", False), b"\x08": ("back", False), b"\x1b": ("back", False),
    b" ": ("roll", False),
    b"u": ("back", True),
}
QUIT_KEYS = (b"q", b"Q", b"\x03")
HOLD_PREFIX = b"h"


class PinPresser:
    """Presses mock pins one at a time, as a finger would, from its own thread.

    :param pins: button name → BCM pin; :param factory: the gpiozero ``MockFactory``.
    :param bounce_ms: the key pad's debounce; a tap waits past it (none when it is 0).
    """

    def __init__(self, pins: Mapping[str, int], factory: Any, *, bounce_ms: int,
                 hold_ms: int) -> None:
        self._pins = pins
        self._factory = factory
        self._tap = (bounce_ms + 10) / 1000 if bounce_ms else 0.0
        self._hold = (hold_ms + 150) / 1000
        self._queue: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="pin-presser", daemon=True)
        self._thread.start()

    def press(self, name: str, long: bool = False) -> None:
        """Queue one press of button ``name`` (ignored if the board has no such button)."""
        if name == "roll" and "roll" not in self._pins:
            name = "ok"  # boards without a ROLL button roll with OK
        if name in self._pins:
            self._queue.put((name, long))

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            name, long = item
            pin = self._factory.pin(self._pins[name])
            pin.drive_low()
            if long or self._tap:
                time.sleep(self._hold if long else self._tap)
            pin.drive_high()
            if self._tap:
                time.sleep(self._tap)

    def close(self) -> None:
        self._queue.put(None)


class TerminalKeys:
    """Reads the terminal in raw mode on a thread and turns keys into pin presses.

    :param on_quit: called when ``q`` or Ctrl-C is typed.
    """

    def __init__(self, presser: PinPresser, on_quit: Callable[[], None],
                 stream: Any = None) -> None:
        self._presser = presser
        self._on_quit = on_quit
        self._stream = stream or sys.stdin
        self._fd = self._stream.fileno()
        self._saved: Any = None
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)

    def start(self) -> None:
        import termios
        import tty

        if os.isatty(self._fd):
            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)
        self._thread.start()

    def _read(self, timeout: float | None) -> bytes:
        ready, _, _ = select.select([self._fd], [], [], timeout)
        if not ready:
            return b""
        byte = os.read(self._fd, 1)
        if not byte:  # end of input (a pipe closed): stop reading, never spin
            raise EOFError
        return byte

    def _run(self) -> None:
        try:
            self._loop()
        except EOFError:
            pass

    def _loop(self) -> None:
        hold_next = False
        while not self._stop:
            byte = self._read(0.5)
            if not byte:
                continue
            if byte == b"\x1b":  # an escape sequence, or Esc on its own
                while (more := self._read(0.03)):
                    byte += more
                    if more.isalpha() or more == b"~":
                        break
            if byte in QUIT_KEYS:
                self._on_quit()
                return
            if byte == HOLD_PREFIX:
                hold_next = True
                continue
            if byte in SEQUENCES:
                name, long = SEQUENCES[byte]
                self._presser.press(name, long or hold_next)
            hold_next = False

    def stop(self) -> None:
        self._stop = True
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None
