"""Brikks drawing helper: a block of the falling-block sheet, as big as a box allows."""

from __future__ import annotations

from companion.api.screens import Painter
from companion.games.brikks.rules import block_cells


def block_geometry(colour: str, column: int, box: tuple[int, int, int, int],
                   max_cell: int = 12) -> tuple[int, int, int]:
    """Where :func:`draw_block` puts the block in ``box``: ``(left, top, cell size)``.

    The block is centred in ``box`` (inclusive corners) with the largest square cells
    that fit, at most ``max_cell`` pixels.
    """
    cells = block_cells(colour, column)
    width = max(x for x, _ in cells) + 1
    height = max(y for _, y in cells) + 1
    x0, y0, x1, y1 = box
    cell = max(2, min((x1 - x0 + 1) // width, (y1 - y0 + 1) // height, max_cell))
    left = x0 + (x1 - x0 + 1 - width * cell) // 2
    top = y0 + (y1 - y0 + 1 - height * cell) // 2
    return left, top, cell


def draw_block(p: Painter, colour: str, column: int, box: tuple[int, int, int, int],
               max_cell: int = 12) -> None:
    """Draw block ``(colour, column)`` as it is printed on the falling-block sheet.

    Cells are filled squares with a one-pixel gap; a white block is drawn hollow so the
    one-bit screen still tells it from the others at a glance.
    """
    left, top, cell = block_geometry(colour, column, box, max_cell)
    for x, y in block_cells(colour, column):
        cx, cy = left + x * cell, top + y * cell
        square = (cx, cy, cx + cell - 2, cy + cell - 2)
        if colour == "white" and cell >= 6:
            p.rect(square, fill=0, outline=1)
            p.rect((cx + 2, cy + 2, cx + cell - 4, cy + cell - 4), fill=None, outline=1)
        else:
            p.rect(square, fill=1, outline=None)
