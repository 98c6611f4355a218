"""The whole companion on gpiozero mock pins and luma's dummy display.

Used by the tests, the benchmarks and the screenshot scenes: a key press here drives a
real mock pin low and high, gpiozero calls the :class:`~companion.hw.buttons.KeyPad`,
the key goes through the app's queue to the screen, the action into the log, and the
frame to a luma device — the same path as on the box.

>>> rig = Rig()
>>> rig.press("ok")                         # "New game" → the game list
>>> "Dice roller" in rig.text
True
>>> rig.close()
"""

from __future__ import annotations

import itertools
from typing import Any

from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy

from companion.app import App
from companion.config import Config, from_mapping
from companion.dice import Dice
from companion.hw.buttons import KeyPad
from companion.store import Store


class Rig:
    """An :class:`App` wired to mock pins.

    :param db: the log file (``":memory:"`` by default; a path to test resume).
    :param seed: seeds the dice so a test's rolls repeat.
    :param display: a luma device; default ``dummy(128, 64)``.
    :param players: names put on the roster (when not there yet) before the app starts,
        in this order: the setup offers them for seats 1, 2, … on a log with no games.
    """

    def __init__(self, *, db: str = ":memory:", seed: int = 1, config: Config | None = None,
                 display: Any = None, hold_ms: int = 100, start: bool = True,
                 players: tuple[str, ...] = ()) -> None:
        self.config = config or from_mapping({
            "display": {"driver": "dummy"},
            "input": {"bounce_ms": 20, "hold_ms": hold_ms},
        })
        self.factory = MockFactory()
        self._ticks = itertools.count(step=1)  # one second between edges: never a bounce
        self.store = Store.open(db)
        for name in players:
            if self.store.player(name) is None:
                self.store.add_player(name)
        self.display = display or dummy(width=128, height=64, mode="1")
        self.app = App(config=self.config, store=self.store, display=self.display,
                       dice=Dice.seeded(seed), strict=True)
        self.pad = KeyPad(self.config.buttons, self.app.keys.put, pin_factory=self.factory,
                          bounce_ms=self.config.input["bounce_ms"],
                          hold_ms=self.config.input["hold_ms"],
                          clock=lambda: float(next(self._ticks)))
        self.presses = 0
        if start:
            self.app.start()

    def pin(self, name: str) -> Any:
        """The mock pin of button ``name`` (``"ok"``, ``"up"``, …)."""
        return self.factory.pin(self.config.buttons[name.lower()])

    def press(self, name: str, long: bool = False) -> None:
        """Press and release button ``name``; a long press waits for gpiozero's hold."""
        name = name.lower()
        if name == "roll" and "roll" not in self.config.buttons:
            name = "ok"
        pin = self.pin(name)
        pin.drive_low()
        if long:
            event = self.app.keys.get(timeout=5)  # the hold timer fires on its own thread
            self.app.keys.put(event)
        pin.drive_high()
        self.presses += 1
        self.pump()

    def keys(self, *names: str) -> None:
        """Press several buttons: ``rig.keys("down", "down", "ok", "long back")``."""
        for name in names:
            long = name.startswith("long ")
            self.press(name.removeprefix("long "), long=long)

    def pump(self) -> None:
        """Handle every queued key, finishing animations at once."""
        while not self.app.keys.empty():
            self.app.handle(self.app.keys.get())
            self.app.settle()

    @property
    def text(self) -> str:
        """What the screen says now."""
        return self.app.screen_text()

    @property
    def frame(self) -> Any:
        """The last frame the display received (a PIL image)."""
        return self.display.image

    def close(self) -> None:
        self.pad.close()
        self.factory.reset()
        self.store.close()
