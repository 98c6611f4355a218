"""Guards the roll animation: short (≤ 300 ms), a real tumble, and cheap on a slow bus.

Smooth on the OLED means every tumbling frame changes only the dice area and its
partial update fits on a 100 kHz I²C bus before the next frame is due.
"""

from __future__ import annotations

import pytest
from luma.oled.device import ssd1306
from PIL import ImageChops

from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Rig
from companion.ui.tumble import FRAMES, INTERVAL, tumble_faces

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


class Recorder(PartialDisplay):
    """Keeps every frame and the bus time its update took."""

    def __init__(self) -> None:
        self.bus = RecordingSerial()
        super().__init__(ssd1306(self.bus))
        self.sent: list[tuple[object, float]] = []

    def display(self, image) -> None:
        self.bus.reset()
        super().display(image)
        self.sent.append((image.copy(), self.bus.i2c_seconds(100_000)))


def test_the_roll_settles_within_300_ms():
    assert FRAMES * INTERVAL <= 0.300


def test_tumbling_faces_roll_over_an_edge_each_frame():
    for face in range(1, 7):
        for die in range(3):
            seq = [tumble_faces([face] * 3, r)[die] for r in range(FRAMES, 0, -1)] + [face]
            for a, b in zip(seq, seq[1:], strict=False):
                assert a != b and a + b != 7, seq  # neighbours, never the opposite face


def test_only_the_dice_change_and_each_frame_fits_the_bus():
    screen = Recorder()
    rig = Rig(display=screen)
    try:
        rig.keys("ok", "ok")  # New game → Dice roller
        for _ in range(5):
            before = len(screen.sent)
            rig.keys("roll")
            frames = screen.sent[before:]
            assert len(frames) == FRAMES + 1  # the tumble, then the settled dice
            for (prev, _), (frame, seconds) in zip(frames[:-2], frames[1:-1], strict=True):
                box = ImageChops.difference(prev, frame).getbbox()
                assert box is None or (box[1] >= 13 and box[3] <= 56 and box[2] <= 88), box
                assert seconds < INTERVAL, f"{seconds * 1000:.1f} ms on the bus"
    finally:
        rig.close()
