"""OLED burn-in over an 8-hour evening (issue 42): how long each pixel is lit, weighted by
the contrast it is lit at, with the screensaver (the defaults: dim after 120 s, off after
900 s) against the box as it was (never dims: ``dim_after = off_after = 0``).

The evening is played on :class:`companion.testing.Rig` with a fake clock, its frames on
the recorded bus (:mod:`companion.hw.fakebus`), and the loop's own timers run between
presses as the real loop would run them. What the panel shows is read back from the bus
(its RAM, the contrast and display on/off commands), so the figures are what an SSD1306
would have lit. The worst pixel is compared with a static picture at full contrast for
the whole evening (8 lit hours for every pixel of it).

>>> figures = measure(minutes=20)
>>> figures["after"]["worst_hours"] <= figures["before"]["worst_hours"]
True
"""

from __future__ import annotations

import random
from typing import Any

from luma.oled.device import ssd1306

from companion.config.file import from_mapping
from companion.hw.fakebus import RecordingSerial, SSD1306Ram
from companion.hw.partial import PartialDisplay
from companion.testing import Clock, Rig

#: (what the table does, minutes, seconds between presses; 0: nobody presses a key).
EVENING = (
    ("brikks", 45, 20), ("pause", 30, 0),          # a game, then dinner
    ("genial", 90, 30), ("pause", 30, 0),          # a long game, then a chat
    ("brain_robbery", 60, 20),
    ("pause", 225, 0),                             # everyone gone home, the box left on
)
KEYS = ("ok", "ok", "ok", "down", "right", "up", "left", "roll")


class Panel:
    """What the bus has told the panel: its RAM, contrast, and whether it is on."""

    def __init__(self, bus: RecordingSerial) -> None:
        self.bus, self.seen = bus, 0
        self.ram = SSD1306Ram()
        self.contrast, self.on = 255, True
        self.lit = [0.0] * (128 * 64)  # hours × contrast/255, per pixel

    def catch_up(self) -> None:
        ops = self.bus.ops[self.seen:]
        self.seen = len(self.bus.ops)
        self.ram.feed(ops)
        for kind, payload in ops:
            if kind != "cmd":
                continue
            for i, byte in enumerate(payload):
                if byte == 0x81 and i + 1 < len(payload):
                    self.contrast = payload[i + 1]
                elif byte in (0xAE, 0xAF) and (i == 0 or payload[i - 1] != 0x81):
                    self.on = byte == 0xAF

    def glow(self, seconds: float) -> None:
        """``seconds`` pass with the panel as it is now."""
        if not self.on or seconds <= 0:
            return
        weight = seconds / 3600 * self.contrast / 255
        for i, pixel in enumerate(self.ram.image().convert("L").tobytes()):
            if pixel:
                self.lit[i] += weight


def evening(*, saver: bool, minutes: float = 480, seed: int = 1) -> dict[str, Any]:
    """One evening, scaled to ``minutes`` (the parts keep their shares)."""
    bus = RecordingSerial()
    oled = ssd1306(bus)
    oled.persist = True
    rest = {} if saver else {"dim_after": 0, "off_after": 0}
    config = from_mapping({"display": {"driver": "dummy", **rest}})
    clock = Clock(0.0)
    rig = Rig(display=PartialDisplay(oled), clock=clock, config=config, seed=seed,
              players=("Ann", "Bob", "Cy"))
    panel, rng = Panel(bus), random.Random(seed)
    scale = minutes / sum(m for _what, m, _every in EVENING)

    def wait(seconds: float) -> None:
        """Let time pass as the loop would: its timers fire on the way."""
        end = clock.now + seconds
        while True:
            timeout = rig.app._timeout()
            step = end - clock.now if timeout is None else min(timeout, end - clock.now)
            panel.catch_up()
            panel.glow(step)
            clock.now += step
            if clock.now >= end:
                return
            rig.app._on_timer()

    try:
        for what, length, every in EVENING:
            seconds = length * 60 * scale
            if what == "pause" or not every:
                wait(seconds)
                continue
            rig.open_game(what)
            for _press in range(int(seconds // every)):
                rig.press(rng.choice(KEYS))
                wait(every)
        panel.catch_up()
    finally:
        rig.close()
    lit = [v for v in panel.lit if v > 0]
    return {"worst_hours": round(max(panel.lit), 2),
            "mean_lit_hours": round(sum(lit) / len(lit), 2) if lit else 0.0,
            "static_hours": round(minutes / 60, 2)}


def measure(minutes: float = 480) -> dict[str, Any]:
    """The evening before (never resting) and after (the defaults)."""
    before, after = evening(saver=False, minutes=minutes), evening(saver=True, minutes=minutes)
    return {"minutes": minutes, "before": before, "after": after,
            "worst_ratio": round(after["worst_hours"] / before["worst_hours"], 3)}


def table(figures: dict[str, Any]) -> str:
    """The burn-in figures as lines for the benchmark report."""
    b, a = figures["before"], figures["after"]
    return "\n".join([
        f"Burn-in over a {figures['minutes'] / 60:g}-hour evening (lit hours x contrast/255):",
        f"  worst pixel   before {b['worst_hours']:6.2f} h   after {a['worst_hours']:6.2f} h"
        f"   ({figures['worst_ratio']:.0%} of before; a static picture: "
        f"{b['static_hours']:.2f} h)",
        f"  mean lit px   before {b['mean_lit_hours']:6.2f} h   after {a['mean_lit_hours']:6.2f} h",
    ])


if __name__ == "__main__":
    print(table(measure()))
