"""In-process measurements: bytes and modelled time on the display bus, key → frame.

Bytes: the night is played once with a display that hands every frame to four devices
on recording serial interfaces — our :class:`~companion.hw.partial.PartialDisplay` and
luma's own full-frame driver, for the SSD1306 and the SH1106 — so all four see exactly
the same frames. An interaction is one key press and every frame it causes (an
animation it starts included).

Bus time model (I²C, see :mod:`companion.hw.fakebus`): each ``command()`` or ``data()``
call is one transaction (luma's smbus2 interface on the Pi): START + address byte +
control byte + payload + STOP; 9 clocks per byte (8 bits + ACK), 2 clocks for START and
STOP. Time = clocks / SCL frequency. Kernel and driver gaps between transactions are
not modelled (they add to the real figure).

Latency: the night is played again on our adapter alone; for each key the clock runs
from just before the pin goes low to the moment the adapter has handed the frame's
bytes to the serial interface (the first frame of the interaction). Wall time and the
thread's CPU time are both kept: on a busy machine the wall figure also counts the
time the scheduler gave to other processes.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

from luma.oled.device import sh1106, ssd1306
from PIL import Image

from benchmarks.script import Step, play
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Clock, Rig

CHIPS = {"ssd1306": ssd1306, "sh1106": sh1106}
SPEEDS = (100_000, 400_000)


class Tee:
    """A luma-like device that shows each frame on several devices at once."""

    def __init__(self, devices: dict[str, Any]) -> None:
        self.devices = devices
        first = next(iter(devices.values()))
        self.size, self.mode = first.size, first.mode
        self.width, self.height = self.size
        self.image: Image.Image | None = None
        self.persist = True
        self.after: Any = None  # called after each frame (per-frame accounting)

    def display(self, image: Image.Image) -> None:
        self.image = image.copy()
        for device in self.devices.values():
            device.display(image)
        if self.after is not None:
            self.after()

    def contrast(self, level: int) -> None:
        for device in self.devices.values():
            device.contrast(level)

    def cleanup(self) -> None:
        for device in self.devices.values():
            device.cleanup()


def drivers() -> tuple[dict[str, RecordingSerial], dict[str, Any]]:
    """Buses and devices: ``ours/ssd1306``, ``luma/ssd1306``, ``ours/sh1106``, …"""
    buses: dict[str, RecordingSerial] = {}
    devices: dict[str, Any] = {}
    for chip, driver in CHIPS.items():
        for who in ("ours", "luma"):
            name = f"{who}/{chip}"
            buses[name] = RecordingSerial()
            device = driver(buses[name])
            device.persist = True
            devices[name] = PartialDisplay(device) if who == "ours" else device
    for bus in buses.values():
        bus.reset()  # the init sequence is not part of any interaction
    return buses, devices


#: Seconds between two presses of the night: a person pressing buttons at the table, not
#: a burst (that is :mod:`benchmarks.burst`). It lets a notice band go by itself (about
#: 2 s) as it does at the table, instead of the whole night being drawn under one.
PACE = 1.0


def measure_bus(turns: int, *, seed: int = 7, pace: float = PACE,
                evening: bool = False, images: bool = False) -> dict[str, Any]:
    """Play the night; per interaction and per driver: bytes and modelled bus time.

    Per frame too (``per_frame`` bytes, ``frame_parts`` its data bytes, command bytes and
    transactions, ``frame_ms`` at each speed) with ``frame_tags``:
    ``first`` for the frame that answers a press, ``animation`` for the frames a timer
    draws after it (with the animating screen and its time slot), ``idle`` for a frame
    drawn between presses (a notice band going), ``more`` for any other. The clock is
    moved ``pace`` seconds before each press; the idle frames count in the press's bytes.
    ``evening``: play :data:`benchmarks.script.EVENING` (whole games) instead of the night.
    ``images``: also return every frame drawn (``images``, one per tag, and
    ``image_before``, the frame on the panel before the first press).
    """
    buses, devices = drivers()
    tee = Tee(devices)
    rig = Rig(seed=seed, display=tee, start=False, clock=Clock())
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in buses}
    per_frame: dict[str, list[int]] = {name: [] for name in buses}
    # per frame: data bytes, command bytes, transactions (each costs 2 bytes more)
    parts: dict[str, list[tuple[int, int, int]]] = {name: [] for name in buses}
    seen_parts = {name: (0, 0, 0) for name in buses}
    frame_ms: dict[str, dict[str, list[float]]] = {
        name: {f"{hz // 1000}k": [] for hz in SPEEDS} for name in buses}
    frame_tags: list[dict[str, Any]] = []
    seen = dict.fromkeys(buses, 0)
    seen_s = {name: dict.fromkeys(SPEEDS, 0.0) for name in buses}
    now = {"interaction": -1, "frames": 0, "timer": False, "idle": False}
    shown: list[Image.Image] = []

    def frame_done() -> None:
        if images:
            shown.append(tee.image)
        for name, bus in buses.items():
            per_frame[name].append(bus.bus_bytes - seen[name])
            seen[name] = bus.bus_bytes
            total = (bus.data_bytes, bus.command_bytes, bus.transactions)
            parts[name].append(tuple(  # type: ignore[arg-type]
                a - b for a, b in zip(total, seen_parts[name], strict=True)))
            seen_parts[name] = total
            for hz in SPEEDS:
                t = bus.i2c_seconds(hz)
                frame_ms[name][f"{hz // 1000}k"].append((t - seen_s[name][hz]) * 1000)
                seen_s[name][hz] = t
        app = rig.app
        if now["idle"]:
            frame_tags.append({"interaction": now["interaction"], "kind": "idle"})
            return
        if now["timer"]:
            frame_tags.append({"interaction": now["interaction"], "kind": "animation",
                               "screen": type(app.top).__name__,
                               "slot_ms": app.frame_interval * 1000})
        else:
            frame_tags.append({"interaction": now["interaction"],
                               "kind": "more" if now["frames"] else "first",
                               "screen": type(app.top).__name__})
        now["frames"] += 1

    tee.after = frame_done
    next_frame_now = rig.app.next_frame_now

    def timed_frame() -> None:  # settle() runs animation frames through this
        now["timer"] = True
        try:
            next_frame_now()
        finally:
            now["timer"] = False

    rig.app.next_frame_now = timed_frame  # type: ignore[method-assign]
    frames: list[int] = []
    same_screen: list[bool] = []  # the key changed something on the screen it was on
    errors: list[str] = []

    def record(rig: Rig, step: Step | None) -> None:
        for bus in buses.values():
            bus.reset()
        seen.update(dict.fromkeys(buses, 0))
        seen_parts.update(dict.fromkeys(buses, (0, 0, 0)))
        for name in buses:
            seen_s[name] = dict.fromkeys(SPEEDS, 0.0)
        now.update(interaction=now["interaction"] + 1, frames=0)
        if step is not None:  # the time between two presses, a band going meanwhile
            now["idle"] = True
            try:
                rig.later(pace)
            finally:
                now["idle"] = False
        before = rig.app.frames_sent
        screen = (rig.app.top, len(rig.app.stack))
        if step is None:
            rig.app.start()
        else:
            rig.press(step.key)
        frames.append(rig.app.frames_sent - before)
        same_screen.append(screen == (rig.app.top, len(rig.app.stack))
                           and rig.app.message is None)
        for name, bus in buses.items():
            samples[name].append({
                "bytes": bus.bus_bytes,
                **{f"ms_{hz // 1000}k": bus.i2c_seconds(hz) * 1000 for hz in SPEEDS},
            })

    try:
        record(rig, None)  # the first frame at start-up
        for name in samples:
            samples[name].pop(0)  # …is not an interaction
        frames.pop(0)
        same_screen.pop(0)
        steps = play(rig, turns, record, errors, evening=evening)
    finally:
        rig.close()
    start_frames = sum(1 for tag in frame_tags if tag["interaction"] == 0)
    for name in per_frame:
        del per_frame[name][:start_frames]  # the start-up frame
        del parts[name][:start_frames]
        for speed in frame_ms[name]:
            del frame_ms[name][speed][:start_frames]
    del frame_tags[:start_frames]
    for tag in frame_tags:
        tag["interaction"] -= 1
    out = {"steps": steps, "frames": frames, "samples": samples, "errors": errors,
           "same_screen": same_screen, "per_frame": per_frame, "frame_ms": frame_ms,
           "frame_parts": parts, "frame_tags": frame_tags}
    if images:
        out["image_before"] = shown[start_frames - 1]
        out["images"] = shown[start_frames:]
    return out


def first_frames(screen: _TimedDisplay, seconds: list[float],
                 cpu: list[float]) -> Callable[[Rig, Step], None]:
    """A step of :func:`play` that presses its key and adds the wall and CPU seconds to
    the first frame handed to ``screen`` (presses that draw nothing add nothing)."""

    def timed(rig: Rig, step: Step) -> None:
        screen.first = None
        c0, t0 = time.thread_time(), time.perf_counter()
        rig.press(step.key)
        if screen.first is not None:
            seconds.append(screen.first[0] - t0)
            cpu.append(screen.first[1] - c0)

    return timed


def measure_latency(turns: int, *, seed: int = 7, warm: bool = True) -> dict[str, Any]:
    """Key → frame handed to the bus, in seconds, for every interaction that drew.

    Returns ``{"cold": [...], "warm": [...], "cold_cpu": [...], "warm_cpu": [...]}``.

    With ``warm`` the night is played once before the measured run, so first-use costs
    (importing a game's screens, loading a font) are reported apart as ``cold``.
    """
    out: dict[str, Any] = {}
    for run in (("cold", "warm") if warm else ("cold",)):
        bus = RecordingSerial()
        screen = _TimedDisplay(ssd1306(bus))
        rig = Rig(seed=seed, display=screen)
        seconds: list[float] = []
        cpu: list[float] = []

        gc.collect()
        try:
            play(rig, turns, first_frames(screen, seconds, cpu), [])
        finally:
            rig.close()
        out[run] = seconds
        out[f"{run}_cpu"] = cpu
    return out


class _TimedDisplay(PartialDisplay):
    """Our adapter, noting when the first frame after a key was handed to the bus."""

    def __init__(self, oled: Any) -> None:
        super().__init__(oled)
        self.oled.persist = True
        self.first: tuple[float, float] | None = None  # (wall, thread CPU)

    def display(self, image: Image.Image) -> None:
        super().display(image)
        if self.first is None:
            self.first = (time.perf_counter(), time.thread_time())
