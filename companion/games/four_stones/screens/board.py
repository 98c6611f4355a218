"""Drawing the Four-Colour Stones board on 128×64: a dense grid, a full-screen grid, a row.

A 1-bit screen has no colours, so every cell shows its piece as text (colour letter and
value, ``Y10``, ``R3``) under the rules' labels: columns ``1``–``7`` across the top, rows
``a``–``g`` down the left. Three sizes:

* :func:`dense_grid` — the whole board in the 4×6 font, 90 px wide, leaving a side panel
  (the turn screen); a jump can be marked on it.
* :func:`full_grid` — the whole board in the 5×7 font over the whole screen (the layout
  to copy onto the table), one row optionally highlighted.
* :func:`row_zoom` — one row in the 8×16 font, for laying the pieces row by row.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.four_stones.board import EMPTY, ROWS, SIZE, Board, jumped_cells, move_cells
from companion.ui.fonts import CELLS
from companion.ui.paint import WIDTH, Painter

Cell = tuple[int, int]

#: Dense grid geometry: 4 px row labels, cells 12 px wide (a 3-character piece), 8 px tall.
DENSE_PITCH_X, DENSE_PITCH_Y, DENSE_LEFT, DENSE_TOP = 12, 8, 6, 7
DENSE_WIDTH = DENSE_LEFT + SIZE * DENSE_PITCH_X  # 90


def _shown(cell: str) -> str:
    return "" if cell == EMPTY else cell


def _centred_x(x: int, slot: int, text: str, font_name: str) -> int:
    return x + max(0, (slot - len(text) * CELLS[font_name][0]) // 2)


def jump_marks(move: str | None) -> tuple[Cell | None, list[Cell], Cell | None]:
    """``(from, jumped cells, to)`` of a ``FROM-TO`` move (all empty for ``None``)."""
    if not move:
        return None, [], None
    start, end = move_cells(move)
    return start, jumped_cells(move), end


def dense_grid(p: Painter, board: Board, *, move: str | None = None, x: int = 0) -> None:
    """The board in the tiny font from ``x`` across the full height, ``move`` marked.

    The jumping piece and the landing cell are drawn inverted; the pieces it captures
    are underlined.
    """
    for c in range(SIZE):
        label = str(c + 1)
        p.text((_centred_x(x + DENSE_LEFT + c * DENSE_PITCH_X, DENSE_PITCH_X, label, "tiny"), 0),
               label, "tiny")
    start, jumped, end = jump_marks(move)
    for r in range(SIZE):
        y = DENSE_TOP + r * DENSE_PITCH_Y
        p.text((x, y), ROWS[r], "tiny")
        for c in range(SIZE):
            x0 = x + DENSE_LEFT + c * DENSE_PITCH_X
            box = (x0 - 1, y - 1, x0 + DENSE_PITCH_X - 1, y + DENSE_PITCH_Y - 2)
            text = _shown(board[r][c])
            if (r, c) in (start, end):
                p.rect(box, fill=1, outline=None)
            elif (r, c) in jumped:
                p.line((x0, y + 6, x0 + DENSE_PITCH_X - 2, y + 6))
            if text:
                fill = 0 if (r, c) in (start, end) else 1
                p.text((_centred_x(x0, DENSE_PITCH_X, text, "tiny"), y), text, "tiny", fill)
    p.line((x + DENSE_LEFT - 2, DENSE_TOP - 1, x + DENSE_LEFT - 2, 63))


#: Full-screen grid geometry: cells 17 px wide, rows 8 px tall, 5×7 font.
FULL_PITCH_X, FULL_PITCH_Y, FULL_LEFT, FULL_TOP = 17, 8, 8, 8


def full_grid(p: Painter, board: Board, *, row: int | None = None) -> None:
    """The whole board in the small font over the whole screen; ``row`` inverted."""
    for c in range(SIZE):
        label = str(c + 1)
        p.text((_centred_x(FULL_LEFT + c * FULL_PITCH_X, FULL_PITCH_X, label, "small"), 0),
               label, "small")
    for r in range(SIZE):
        y = FULL_TOP + r * FULL_PITCH_Y
        fill = 1
        if r == row:
            p.rect((0, y - 1, WIDTH - 1, y + FULL_PITCH_Y - 2), fill=1, outline=None)
            fill = 0
        p.text((1, y), ROWS[r], "small", fill)
        for c in range(SIZE):
            text = _shown(board[r][c])
            x0 = FULL_LEFT + c * FULL_PITCH_X
            if text:
                p.text((_centred_x(x0, FULL_PITCH_X, text, "small"), y), text, "small", fill)
    p.line((FULL_LEFT - 2, FULL_TOP - 1, FULL_LEFT - 2, 63), fill=1)


def row_zoom(p: Painter, board: Board, row: int, *, top: int = 13) -> None:
    """Row ``row`` big: cells 1–4 on one line and 5–7 on the next, numbered above."""
    slot = WIDTH // 4
    for c in range(SIZE):
        line, col = divmod(c, 4)
        y = top + line * 25
        x0 = col * slot
        label = f"{c + 1}{ROWS[row]}"
        p.text((_centred_x(x0, slot, label, "tiny"), y), label, "tiny")
        text = _shown(board[row][c]) or "--"
        p.text((_centred_x(x0, slot, text, "medium"), y + 6), text, "medium")


def cells_text(board: Board, cells: Iterable[Cell]) -> str:
    """The pieces on ``cells`` run together (``"R1Y2"``), for short labels."""
    return "".join(board[r][c] for r, c in cells)
