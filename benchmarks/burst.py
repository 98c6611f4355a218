"""A burst of keys: 400 typed in one second must all act, and the screen settle soon after.

The keys take the laptop's whole path: bytes written into the keyboard reader (as a
terminal would deliver them) → :class:`~companion.hw.keyboard.TerminalKeys` → mock
pins → key pad → the app's queue → :meth:`App.run <companion.app.loop.App.run>` on its own
thread → screens → log → display. Two displays:

* **terminal**: the terminal emulator, printing every frame into a pipe that a reader
  thread empties (as a terminal would);
* **bus 100 kHz**: our partial adapter on an SSD1306 whose serial interface *sleeps*
  for each transaction's modelled I²C time (see :mod:`companion.hw.fakebus`), so a
  whole frame blocks the loop for 93 ms, as on the Pi.

Settled = the end of the last frame (the last byte on the modelled bus, or the last
frame printed). The same keys pressed one at a time on mock pins (``Rig``, no clock)
give the reference log and last frame: the burst must leave exactly those.
"""

from __future__ import annotations

import os
import random
import threading
import time
from typing import Any

from luma.oled.device import ssd1306
from PIL import Image

from companion.app.loop import App
from companion.app.runtime import KEYBOARD_BOUNCE_MS, buttons_for
from companion.config.file import from_mapping
from companion.core.dice import Dice
from companion.core.keys import QUIT
from companion.hw.fakebus import RecordingSerial, SSD1306Ram
from companion.hw.keyboard import SEQUENCES, PinPresser, TerminalKeys
from companion.hw.partial import PartialDisplay
from companion.hw.terminal import TerminalDisplay
from companion.log.store import Store
from companion.testing import Rig

#: The short presses a burst is made of, as the terminal sends them.
TYPED = {name: seq for seq, (name, long) in SEQUENCES.items() if not long
         and seq in (b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\r", b"\x7f", b" ")}


def burst_keys(n: int = 400, seed: int = 5) -> list[str]:
    """``n`` button names drawn at random (seeded): menus, games, rolls, backs."""
    return random.Random(seed).choices(sorted(TYPED), k=n)


class SleepingSerial(RecordingSerial):
    """Records like :class:`RecordingSerial` and takes each transaction's modelled time."""

    def __init__(self, hz: float) -> None:
        super().__init__()
        self.hz = hz

    def command(self, *cmd: int) -> None:
        super().command(*cmd)
        self._wait(len(cmd))

    def data(self, data: Any) -> None:
        data = bytes(data)
        super().data(data)
        self._wait(len(data))

    def _wait(self, n: int) -> None:
        from companion.hw.fakebus import I2C_CLOCKS_PER_BYTE, I2C_CLOCKS_PER_TRANSACTION

        end = time.perf_counter() + (n * I2C_CLOCKS_PER_BYTE
                                     + I2C_CLOCKS_PER_TRANSACTION) / self.hz
        while (left := end - time.perf_counter()) > 0:
            time.sleep(left)


class Watched:
    """Wraps a display: notes when each frame was done and how long it took."""

    def __init__(self, device: Any) -> None:
        self.device = device
        self.size, self.mode = device.size, device.mode
        self.width, self.height = self.size
        self.persist = True
        self.frames: list[tuple[float, float]] = []  # (start, end), perf_counter
        self.image: Image.Image | None = None

    def display(self, image: Image.Image) -> None:
        t0 = time.perf_counter()
        self.device.display(image)
        self.frames.append((t0, time.perf_counter()))
        self.image = image

    def contrast(self, level: int) -> None:
        """Settings may change the contrast in the middle of a burst."""
        self.device.contrast(level)

    def cleanup(self) -> None:
        """Nothing to release: the benchmark owns the device."""


class _Drain(threading.Thread):
    """Reads a pipe until it closes (the terminal the emulator prints to)."""

    def __init__(self, fd: int) -> None:
        super().__init__(daemon=True)
        self.fd = fd

    def run(self) -> None:
        while os.read(self.fd, 1 << 16):
            pass


def _config() -> Any:
    return from_mapping({"display": {"driver": "emulator"}})


def reference(keys: list[str], seed: int, hz: float = 100_000) -> dict[str, Any]:
    """The keys pressed one at a time, each frame drawn (as the loop did before): the
    log, the last frame, the frames drawn and their modelled time on the bus."""
    serial = RecordingSerial()
    oled = ssd1306(serial)
    oled.persist = True
    rig = Rig(seed=seed, display=PartialDisplay(oled))
    try:
        before = rig.app.frames_sent
        serial.reset()
        for name in keys:
            rig.press(name)
        return {"log": _log(rig.store), "frame": rig.app.render().tobytes(),
                "frames": rig.app.frames_sent - before, "bus_s": serial.i2c_seconds(hz)}
    finally:
        rig.close()


def _log(store: Store) -> list[Any]:
    out = []
    for game_id in range(1, 10_000):
        game = store.game(game_id)
        if game is None:
            break
        out.append((game.kind, store.actions(game_id)))
    return out


def measure_burst(display: str, keys: list[str], *, seconds: float = 1.0, seed: int = 5,
                  hz: float = 100_000) -> dict[str, Any]:
    """Type ``keys`` in ``seconds`` into the running app; when did the screen settle?

    :param display: ``"terminal"`` or ``"bus"`` (the modelled I²C bus at ``hz``).
    """
    config = _config()
    store = Store.open(":memory:")
    terminal = None
    serial = None
    if display == "terminal":
        out_r, out_w = os.pipe()
        _Drain(out_r).start()
        terminal = os.fdopen(out_w, "w", encoding="utf-8")
        device: Any = TerminalDisplay(out=terminal)
    else:
        serial = SleepingSerial(hz)
        oled = ssd1306(serial)
        oled.persist = True
        device = PartialDisplay(oled)
    screen = Watched(device)
    app = App(config=config, store=store, display=screen, dice=Dice.seeded(seed))
    handled = 0
    handled_at = 0.0
    handle = app.handle

    def counting(key: Any, *, draw: bool = True) -> None:
        nonlocal handled, handled_at
        handle(key, draw=draw)
        handled += 1
        handled_at = time.perf_counter()

    app.handle = counting  # type: ignore[method-assign]
    app.start()
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    key_r, key_w = os.pipe()
    try:
        with buttons_for(config, app.keys.put, factory=factory, bounce_ms=KEYBOARD_BOUNCE_MS):
            presser = PinPresser(config.buttons, factory, bounce_ms=KEYBOARD_BOUNCE_MS,
                                 hold_ms=config.input["hold_ms"])
            reader = TerminalKeys(presser, lambda: app.keys.put(QUIT),
                                  stream=os.fdopen(key_r, "rb", buffering=0))
            reader.start()
            loop = threading.Thread(target=app.run, name="app-loop", daemon=True)
            loop.start()
            time.sleep(0.2)
            frames_before = len(screen.frames)
            t0 = time.perf_counter()
            for i, name in enumerate(keys):
                due = t0 + seconds * i / len(keys)
                while (left := due - time.perf_counter()) > 0:
                    time.sleep(left)
                last_key = time.perf_counter()  # before: the key may be handled at once
                os.write(key_w, TYPED[name])
            deadline = last_key + 30
            while time.perf_counter() < deadline:
                if handled >= len(keys) and app.keys.empty() and not app.animating:
                    time.sleep(0.3)  # a last animation frame would show up here
                    if app.keys.empty() and not app.animating:
                        break
                time.sleep(0.005)
            app.keys.put(QUIT)
            loop.join(10)
            reader.stop()
            presser.close()
    finally:
        os.close(key_w)
        factory.reset()
    frames = screen.frames[frames_before:]
    # settled: the last key handled and the last frame it caused on the panel
    settle = max([handled_at] + [end for _, end in frames[-1:]]) - last_key
    result = {
        "display": display if display == "terminal" else f"bus {hz / 1000:.0f} kHz",
        "keys": len(keys), "typed_in_s": last_key - t0, "handled": handled,
        "frames": len(frames), "settled_after_last_key_s": settle,
        "log": _log(store), "last_frame": screen.image.tobytes() if screen.image else b"",
    }
    if serial is not None:  # what the panel shows, decoded from every byte sent
        ram = SSD1306Ram()
        ram.feed(serial.ops)
        result["panel"] = ram.image().tobytes()
        result["bus_bytes"] = serial.bus_bytes
        result["bus_s"] = sum(end - start for start, end in frames)
    store.close()
    if terminal is not None:
        terminal.close()  # the drain thread sees the end and stops
    return result


def measure(n: int = 400, seconds: float = 1.0, seed: int = 5) -> dict[str, Any]:
    """Both displays, checked against the keys pressed one at a time."""
    keys = burst_keys(n, seed)
    ref = reference(keys, seed)
    runs = []
    for display in ("terminal", "bus"):
        run = measure_burst(display, keys, seconds=seconds, seed=seed)
        run["log_matches"] = run.pop("log") == ref["log"]
        run["last_frame_matches"] = run.pop("last_frame") == ref["frame"]
        if "panel" in run:
            run["panel_matches"] = run.pop("panel") == ref["frame"]
        runs.append(run)
    return {"keys": n, "seconds": seconds, "runs": runs,
            "one_at_a_time": {"frames": ref["frames"], "bus_100k_s": ref["bus_s"]}}
