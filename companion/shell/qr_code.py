"""A QR code on the 128×64 panel: dark modules on a lit square at the left, two pixels a
module, as the *Phone* screen (the pairing address) and *Box Wi-Fi* (the network) draw it.

A version 2 code (25×25 modules, the pairing address in alphanumeric mode) is 50 pixels,
a quiet zone of seven pixels on the 64×64 square; a version 3 code (29×29, a ``WIFI:``
text of up to 53 bytes) is 58 pixels, a quiet zone of three.
"""

from __future__ import annotations

from companion.ui.paint import HEIGHT, Painter

MODULE = 2
SQUARE = 64


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` as rows of dark (True) modules, without the quiet zone."""
    import segno

    code = segno.make(text, error="l", boost_error=False, micro=False)
    return [[bool(v) for v in row] for row in code.matrix]


def draw(p: Painter, matrix: list[list[bool]]) -> None:
    """``matrix`` centred on the lit square at the panel's left."""
    p.rect((0, 0, SQUARE - 1, HEIGHT - 1), fill=1, outline=None)
    offset = (SQUARE - len(matrix) * MODULE) // 2
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                x0, y0 = offset + x * MODULE, offset + y * MODULE
                p.rect((x0, y0, x0 + MODULE - 1, y0 + MODULE - 1), fill=0, outline=None)


class Cached:
    """The matrix of the last text asked for, made once (segno takes milliseconds)."""

    def __init__(self) -> None:
        self._last: tuple[str, list[list[bool]]] | None = None

    def __call__(self, text: str) -> list[list[bool]]:
        if self._last is None or self._last[0] != text:
            self._last = (text, qr_matrix(text))
        return self._last[1]
