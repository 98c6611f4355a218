"""A 128×64 screen drawn in the terminal.

It is luma's ``dummy`` device (so the app treats it as any luma device) that also
prints each frame: with Unicode half blocks (two pixel rows a line, 130 columns) when
the terminal is wide enough, else with braille dots (2×4 pixels a character, 66 columns).
A terminal that cannot show those (an ASCII locale such as ``LC_ALL=C``) gets the same
frames in ASCII, and any other character it cannot show as ``?``.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from typing import IO

from luma.core.device import dummy
from PIL import Image

_HALF = {(0, 0): " ", (1, 0): "▀", (0, 1): "▄", (1, 1): "█"}
_HALF_ASCII = {(0, 0): " ", (1, 0): "\"", (0, 1): ",", (1, 1): "#"}
#: The frame's border: sides, top and bottom, the four corners (clockwise from top left).
_BOX = "│─┌┐┘└"
_BOX_ASCII = "|-++++"
#: 2×4 pixels in ASCII: by how many of the eight are lit.
_DENSITY = " .:-=+*#@"
#: The footer's punctuation an ASCII terminal can show nearly as well.
_PLAIN = str.maketrans({"·": "|", "…": "...", "–": "-", "—": "-"})


def frame_to_text(image: Image.Image, ascii_only: bool = False) -> str:
    """The frame as lines of half-block characters (two pixel rows a line); with
    ``ascii_only``, ``"`` ``,`` ``#`` for the top, bottom and both pixels."""
    half = _HALF_ASCII if ascii_only else _HALF
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    assert px is not None  # Pillow gives None only for an image without pixel data
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = 1 if px[x, y] else 0
            bottom = 1 if y + 1 < h and px[x, y + 1] else 0
            row.append(half[(top, bottom)])
        lines.append("".join(row))
    return "\n".join(lines)


def frame_to_braille(image: Image.Image, ascii_only: bool = False) -> str:
    """The frame as braille characters, 2×4 pixels each (fits an 80-column terminal);
    with ``ascii_only``, a character as dark as the lit pixels of each 2×4 block."""
    img = image.convert("1")
    w, h = img.size
    px = img.load()
    assert px is not None  # Pillow gives None only for an image without pixel data
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
            row.append(_DENSITY[code.bit_count()] if ascii_only else chr(0x2800 + code))
        lines.append("".join(row))
    return "\n".join(lines)


class TerminalDisplay(dummy):
    """luma ``dummy`` that also draws every frame to ``out`` (stdout by default), with
    ``footer`` under it: a line, or a function giving it at each frame (the laptop's keys
    in the language the box speaks now, switched in Settings too)."""

    def __init__(self, width: int = 128, height: int = 64, out: IO[str] | None = None,
                 footer: str | Callable[[], str] = "") -> None:
        super().__init__(width=width, height=height, mode="1")
        # The app draws its own last frame ("Stopped", or dark): luma's exit hook must
        # not print a blank one after it, as it would for a device that does not persist.
        self.persist = True
        self._out = out or sys.stdout
        self._footer = footer
        self._encoding = getattr(self._out, "encoding", None) or "utf-8"
        self._ascii = not shows(self._encoding, _BOX + "".join(_HALF.values()) + "\u28ff")
        self._out.write("\x1b[2J")

    def display(self, image: Image.Image) -> None:
        super().display(image)
        wide = shutil.get_terminal_size((80, 24)).columns >= self.width + 2
        body = (frame_to_text if wide else frame_to_braille)(self.image, self._ascii)
        side, line, tl, tr, br, bl = tuple(_BOX_ASCII if self._ascii else _BOX)
        border = line * len(body.split("\n", 1)[0])
        text = f"\x1b[H{tl}{border}{tr}\n" + "\n".join(f"{side}{row}{side}"
                                                      for row in body.split("\n"))
        footer = self._footer() if callable(self._footer) else self._footer
        footer = footer.translate(_PLAIN) if self._ascii else footer
        # cleared to the end of the screen: a longer line before (another language, or
        # wrapped on a narrow terminal) leaves nothing behind
        text += f"\n{bl}{border}{br}\n{footer}\x1b[K\n\x1b[J"
        # the footer is translated: what this terminal cannot show becomes "?"
        self._out.write(text.encode(self._encoding, "replace").decode(self._encoding))
        self._out.flush()


def shows(encoding: str, chars: str) -> bool:
    """Whether a terminal writing ``encoding`` can show every one of ``chars``.

    >>> shows("utf-8", "▀┌"), shows("ascii", "▀┌")
    (True, False)
    """
    try:
        chars.encode(encoding)
        return True
    except (UnicodeEncodeError, LookupError):
        return False
