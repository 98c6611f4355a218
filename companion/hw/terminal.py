"""A 128×64 screen drawn in the terminal.

It is luma's ``dummy`` device (so the app treats it as any luma device) that also
prints each frame: with Unicode half blocks (two pixel rows a line, 130 columns) when
the terminal is wide enough, else with braille dots (2×4 pixels a character, 66 columns).
"""

from __future__ import annotations

import shutil
import sys
from typing import IO

from luma.core.device import dummy
from PIL import Image

_HALF = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}


def frame_to_text(image: Image.Image) -> str:
    """The frame as lines of half-block characters (two pixel rows a line)."""
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = 1 if px[x, y] else 0
            bottom = 1 if y + 1 < h and px[x, y + 1] else 0
            row.append(_HALF[(top, bottom)])
        lines.append("".join(row))
    return "\n".join(lines)


def frame_to_braille(image: Image.Image) -> str:
    """The frame as braille characters, 2×4 pixels each (fits an 80-column terminal)."""
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
            (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
    lines = []
    for y in range(0, h, 4):
        row = []
        for x in range(0, w, 2):
            code = 0
            for dx, dy, bit in dots:
                if x + dx < w and y + dy < h and px[x + dx, y + dy]:
                    code |= bit
            row.append(chr(0x2800 + code))
        lines.append("".join(row))
    return "\n".join(lines)


class TerminalDisplay(dummy):
    """luma ``dummy`` that also draws every frame to ``out`` (stdout by default)."""

    def __init__(self, width: int = 128, height: int = 64, out: IO[str] | None = None,
                 footer: str = "") -> None:
        super().__init__(width=width, height=height, mode="1")
        # The app draws its own last frame ("Stopped", or dark): luma's exit hook must
        # not print a blank one after it, as it would for a device that does not persist.
        self.persist = True
        self._out = out or sys.stdout
        self._footer = footer
        self._out.write("\x1b[2J")

    def display(self, image: Image.Image) -> None:
        super().display(image)
        wide = shutil.get_terminal_size((80, 24)).columns >= self.width + 2
        body = frame_to_text(self.image) if wide else frame_to_braille(self.image)
        border = "─" * len(body.split("\n", 1)[0])
        text = f"\x1b[H┌{border}┐\n" + "\n".join(f"│{line}│" for line in body.split("\n"))
        text += f"\n└{border}┘\n{self._footer}\x1b[K\n"
        self._out.write(text)
        self._out.flush()
