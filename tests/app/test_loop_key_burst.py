"""Guards the app loop against piled-up keys: a burst is handled whole, drawn once.

Through the real path: gpiozero mock pins → key pad → the app's queue → ``App.run`` on
its own thread → screens → log → display. The same keys pressed one at a time (the
reference) and in one burst must leave the same log and the same picture; in the burst
only the frame after the last key is drawn.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any

from luma.core.device import dummy
from PIL import Image

from benchmarks.script import play
from companion.core.keys import QUIT
from companion.testing import Rig

SEED = 11


class Frames(dummy):
    """luma's dummy device that notes, for each frame, how many keys were still waiting."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.waiting: list[int] = []
        self.app: Any = None
        self.drawn = threading.Event()

    def display(self, image: Image.Image) -> None:
        super().display(image)
        if self.app is not None:
            self.waiting.append(self.app.keys.qsize())
        self.drawn.set()


def log_of(rig: Rig) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every game in the log with its actions, oldest first."""
    with sqlite3.connect(rig.store.path) as conn:
        rows = conn.execute("SELECT id, kind FROM games ORDER BY id").fetchall()
    return [(kind, rig.store.actions(game_id)) for game_id, kind in rows]


def reference_night(tmp_path) -> tuple[list[str], list[tuple[str, list[dict[str, Any]]]], bytes]:
    """The scripted night pressed one key at a time: its keys, its log, its last frame."""
    rig = Rig(db=str(tmp_path / "reference.db"), seed=SEED)
    keys: list[str] = []
    try:
        play(rig, 4, lambda r, step: (keys.append(step.key), r.press(step.key)))
        return keys, log_of(rig), rig.frame.tobytes()
    finally:
        rig.close()


def press_without_handling(rig: Rig, name: str) -> None:
    """Drive the pin low and high: the key goes on the app's queue, nobody takes it yet."""
    if name == "roll" and "roll" not in rig.config.buttons:
        name = "ok"
    pin = rig.pin(name)
    pin.drive_low()
    pin.drive_high()


def run_loop(rig: Rig) -> threading.Thread:
    thread = threading.Thread(target=rig.app.run, name="app-loop", daemon=True)
    thread.start()
    return thread


def settle(rig: Rig, frames: Frames, timeout: float = 20) -> None:
    """Wait until the queue is empty, the last frame drawn and no animation runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if frames.drawn.wait(0.05) and rig.app.keys.empty() and not rig.app.animating:
            time.sleep(0.2)  # an animation frame or a late key would show up here
            if rig.app.keys.empty() and not rig.app.animating:
                return
        frames.drawn.clear()
    raise AssertionError("the app did not settle")


def test_a_burst_of_keys_is_handled_whole_and_drawn_once(tmp_path) -> None:
    keys, reference_log, reference_frame = reference_night(tmp_path)
    assert len(keys) > 100 and any(actions for _, actions in reference_log)

    frames = Frames()
    rig = Rig(db=str(tmp_path / "burst.db"), seed=SEED, display=frames)
    try:
        frames.app = rig.app
        start_frames = rig.app.frames_sent
        for name in keys:           # the whole night, faster than anything can draw
            press_without_handling(rig, name)
        assert rig.app.keys.qsize() == len(keys)
        frames.drawn.clear()
        thread = run_loop(rig)
        settle(rig, frames)
        rig.app.keys.put(QUIT)
        thread.join(5)
        assert not thread.is_alive()

        assert log_of(rig) == reference_log          # every key acted, in order
        assert rig.frame.tobytes() == reference_frame
        drawn = rig.app.frames_sent - start_frames
        assert drawn == 1, f"{drawn} frames drawn for one burst"
        assert frames.waiting[-drawn:] == [0] * drawn  # never drawn while keys waited
    finally:
        rig.close()


def test_keys_arriving_one_by_one_are_each_drawn(tmp_path) -> None:
    """The opposite case, so the test above can fail: a slow finger sees every frame."""
    frames = Frames()
    rig = Rig(db=str(tmp_path / "slow.db"), seed=SEED, display=frames)
    try:
        frames.app = rig.app
        thread = run_loop(rig)
        before = rig.app.frames_sent
        for name in ("down", "up", "down", "up"):
            frames.drawn.clear()
            press_without_handling(rig, name)
            assert frames.drawn.wait(5)
        rig.app.keys.put(QUIT)
        thread.join(5)
        assert rig.app.frames_sent - before == 4
        assert frames.waiting[-4:] == [0, 0, 0, 0]
    finally:
        rig.close()


def test_the_keyboard_bridge_passes_a_burst_in_order(tmp_path) -> None:
    """Typed keys reach the queue as typed: none lost, none doubled, none reordered."""
    import queue
    import random

    from gpiozero.pins.mock import MockFactory

    from companion.app.runtime import KEYBOARD_BOUNCE_MS
    from companion.config.file import DEFAULT_BUTTONS
    from companion.hw.buttons import KeyPad
    from companion.hw.keyboard import PinPresser

    factory = MockFactory()
    keys: queue.Queue[Any] = queue.Queue()
    pad = KeyPad(DEFAULT_BUTTONS, keys.put, pin_factory=factory, bounce_ms=KEYBOARD_BOUNCE_MS)
    presser = PinPresser(DEFAULT_BUTTONS, factory, bounce_ms=KEYBOARD_BOUNCE_MS, hold_ms=700)
    typed = random.Random(4).choices(sorted(DEFAULT_BUTTONS), k=400)
    try:
        for name in typed:
            presser.press(name)
        got = [keys.get(timeout=5).name.lower() for _ in typed]
        assert got == typed
        assert keys.empty()
    finally:
        presser.close()
        pad.close()
        factory.reset()
