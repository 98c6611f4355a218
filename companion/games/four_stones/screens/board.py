"""The Four-Colour Stones board on 128×64, in type that reads across the table.

A 1-bit screen has no colours, so every piece shows as its colour's initial and its value
(``Y10``, ``R3``; in Japanese ``黄10``, ``赤3``) in the 12 px font. The whole 7×7 board
does not fit in that size, so the box shows it in two ways:

* :func:`jump_strip` — the cells of one jump in the order it goes (the jumping piece,
  the pieces it takes, the empty cell it lands on): the turn screen's zoomed view of the
  jump, under its notation.
* :func:`quarter` — a 4×4 quarter of the board (rows a–d or d–g, columns 1–4 or 4–7; the
  centre row and column are in every quarter) with its row letters and column numbers:
  :class:`BoardScreen` pages through the four quarters.
"""

from __future__ import annotations

from companion.api.screens import (
    N_,
    WIDTH,
    Context,
    Painter,
    Screen,
    hint,
    needs_japanese,
    playing,
    text_width,
    translator,
)
from companion.games.four_stones.board import EMPTY, ROWS, Board, jumped_cells, move_cells

_, ngettext = translator(__name__)

Cell = tuple[int, int]

#: Colour names as the rules write them (Japanese: 黄・緑・赤・青).
COLOUR_WORDS = {"Y": N_("Yellow"), "G": N_("Green"), "R": N_("Red"), "B": N_("Blue")}
#: The colour on a piece: one letter in English, the colour's kanji in Japanese.
INITIALS = {"Y": N_("Y"), "G": N_("G"), "R": N_("R"), "B": N_("B")}


def colour_word(colour: str) -> str:
    """``"Yellow"`` (``"黄"``) for ``"Y"``."""
    return _(COLOUR_WORDS[colour])


def piece_text(cell: str, *, colour: bool = True, empty: str = "") -> str:
    """A piece as shown: ``"Y10"`` (``"黄10"``), only ``"10"`` without ``colour``;
    ``empty`` for an empty cell."""
    if cell == EMPTY:
        return empty
    return (_(INITIALS[cell[0]]) if colour else "") + cell[1:]


def jump_marks(move: str | None) -> tuple[Cell | None, list[Cell], Cell | None]:
    """``(from, jumped cells, to)`` of a ``FROM-TO`` move (all empty for ``None``)."""
    if not move:
        return None, [], None
    start, end = move_cells(move)
    return start, jumped_cells(move), end


def _piece(p: Painter, box: tuple[int, int, int, int], text: str, *, role: str,
           text_y: int | None = None) -> None:
    """One cell's piece centred in ``box`` (its text's cell top at ``text_y``, default one
    row into the box): inverted for the jumping piece (``role`` "from"), an empty frame
    for the cell it lands on ("land"), underlined for a piece the jump takes ("taken").
    The frame and the underline are no wider than they need (a frame of ``LAND_W``, the
    line under the piece's own letters): fewer columns to repaint when they move."""
    x0, y0, x1, y1 = box
    if role == "from":
        p.rect(box, fill=1, outline=None)
    elif role == "land":
        mid = (x0 + x1) // 2
        p.rect((mid - LAND_W // 2, y0, mid - LAND_W // 2 + LAND_W - 1, y1), outline=1)
    if text:
        p.centred(y0 + 1 if text_y is None else text_y, text, "text", x0=x0, x1=x1 + 1,
                  fill=0 if role == "from" else 1)
    if role == "taken":
        w = text_width(text, "text")
        left = x0 + max(0, (x1 + 1 - x0 - w) // 2)
        p.line((left - 1, y1, left + w - 1, y1))


#: The width of the landing cell's frame: an empty square, about a piece wide.
LAND_W = 16


#: The jump strip's first row of ink: a Latin piece (``Y10``: capitals and digits, eight
#: rows of ink) lies exactly on the panel's memory page 5 (rows 40-47), so a new piece in
#: a cell rewrites one page, not two; a Japanese piece (twelve rows) takes pages 5 and 6.
#: Cells stand at fixed columns ``STRIP_PITCH`` apart from the left edge (a jump of up to
#: four cells, nearly all of them), so from one jump to the next only what differs is
#: repainted. The cells' names are not drawn: the notation above names the first and the
#: last, and the pieces taken are the ones between them.
STRIP_Y, STRIP_PITCH = 40, 30
#: Rows of ink of a piece and rows above its ink in its font's cell, Latin and Japanese.
LATIN_INK, JAPANESE_INK = (8, 2), (12, 0)


def strip_columns(cells: int) -> list[int]:
    """The left edge of each of ``cells`` strip cells: fixed for up to four cells, the
    rare longer jump (five to seven cells, under one in a hundred) narrower to fit, from
    the same left edge (the jumping piece's box stays where it was).

    >>> strip_columns(3), strip_columns(5)
    ([2, 32, 62], [2, 27, 52, 77, 102])
    """
    pitch = min(STRIP_PITCH, (WIDTH - 2) // cells)
    return [2 + i * pitch for i in range(cells)]


def jump_strip(p: Painter, board: Board, move: str, *, y: int = STRIP_Y) -> None:
    """The cells of ``move`` from left to right in the order the jump goes, their ink
    from row ``y``: the jumping piece (inverted), the pieces it takes (underlined), the
    cell it lands on (framed, empty). A long jump leaves out the colour of the taken
    pieces: they are all one colour, which the first of them still shows.

    The landing cell's frame keeps to the rows of a piece's ink, so when the next jump is
    a cell longer or shorter only those rows are repainted; the jumping piece's inverted
    box, a row larger all round, is always the first cell.
    """
    start, jumped, end = jump_marks(move)
    assert start is not None and end is not None
    cells = [start, *jumped, end]
    xs = strip_columns(len(cells))
    pitch = min(STRIP_PITCH, (p.width - 2) // len(cells))
    rows, above = JAPANESE_INK if needs_japanese(_(INITIALS["Y"])) else LATIN_INK
    bottom = y + rows - 1
    for i, (cell, x) in enumerate(zip(cells, xs, strict=True)):
        text = piece_text(board[cell[0]][cell[1]])
        if 1 < i < len(cells) - 1 and not p.fits(text, "text", pitch - 4):
            text = piece_text(board[cell[0]][cell[1]], colour=False)
        if i == 0:
            box, role = (x + 1, y - 1, x + pitch - 2, bottom + 1), "from"
        elif i == len(cells) - 1:
            box, role = (x + 1, y, x + pitch - 2, bottom), "land"
        else:  # the underline a row below the ink
            box, role = (x + 1, y, x + pitch - 2, bottom + 2), "taken"
        _piece(p, box, text, role=role, text_y=y - above)


#: The quarter's geometry: row letters in the first 8 px, four cells of 29 px.
Q_LEFT, Q_PITCH_X, Q_TOP, Q_PITCH_Y = 8, 29, 7, 12


def quarter_of(cell: Cell) -> tuple[int, int]:
    """The quarter ``(row half, column half)`` a cell is best seen in (0 top/left)."""
    return int(cell[0] > 3), int(cell[1] > 3)


def quarter(p: Painter, board: Board, rows: int, cols: int, *, move: str | None = None) -> None:
    """Quarter ``(rows, cols)`` of the board: rows a–d (0) or d–g (1), columns 1–4 (0) or
    4–7 (1), with ``move`` marked as on the jump strip."""
    r0, c0 = rows * 3, cols * 3
    start, jumped, end = jump_marks(move)
    pitch = quarter_pitch()
    for j in range(4):
        x = Q_LEFT + j * Q_PITCH_X
        p.centred(0, str(c0 + j + 1), "tiny", x0=x, x1=x + Q_PITCH_X)
    for i in range(4):
        y = Q_TOP + i * pitch
        p.text((0, y), ROWS[r0 + i], "text")
        for j in range(4):
            cell = (r0 + i, c0 + j)
            x = Q_LEFT + j * Q_PITCH_X
            role = ("from" if cell == start else "land" if cell == end
                    else "taken" if cell in jumped else "")
            bottom = y + pitch - (2 if pitch > Q_PITCH_Y else 1)  # boxes never overlap
            _piece(p, (x + 1, y - 1, x + Q_PITCH_X - 2, bottom),
                   piece_text(board[cell[0]][cell[1]], empty="\u00b7"), role=role)
    p.line((Q_LEFT - 1, Q_TOP - 1, Q_LEFT - 1, Q_TOP + 4 * pitch - 1))


def quarter_pitch() -> int:
    """The quarter's row pitch: :data:`Q_PITCH_Y`, or 14 where the pieces are kanji
    (「黄3」 over 「黄1」 touched at 12; a marked piece's box and underline need a row
    more above and below its 12 rows of ink); the four rows then fill the panel."""
    return 14 if needs_japanese(_(INITIALS["Y"])) else Q_PITCH_Y


class BoardScreen(Screen):
    """The board a quarter at a time: to lay out a deal, or to look at the table.

    UP/DOWN the upper or lower half · LEFT/RIGHT the left or right half · OK/BACK back.
    ``move`` (the jump chosen on the turn screen) is marked, and the board opens on the
    quarter it starts in; a fresh deal opens on the top-left quarter.

    Opening or closing it repaints nearly the whole panel (about 87 ms at 100 kHz): the
    quarter's sixteen 12 px pieces need every memory page. Sharing the turn screen's title
    bar and hint line would bring that to 47-53 ms only with three rows a view (six views
    to lay out a deal instead of four) and the turn screen's key help on the board too.
    """

    def __init__(self, ctx: Context, *, move: str | None = None) -> None:
        super().__init__(ctx)
        self.move = move
        start = jump_marks(move)[0]
        self.rows, self.cols = quarter_of(start) if start else (0, 0)

    def key_up(self) -> None:
        self.rows = 0

    def key_down(self) -> None:
        self.rows = 1

    def key_left(self) -> None:
        self.cols = 0

    def key_right(self) -> None:
        self.cols = 1

    def key_ok(self) -> None:
        self.ctx.pop()

    key_back = key_ok

    def key_long_back(self) -> None:
        self.ctx.undo()
        self.ctx.pop()  # the turn screen shows whatever the undo left

    def render(self, p: Painter) -> None:
        board = playing(self.ctx).state.board
        if board is None:  # an undo took the deal back
            p.centred(26, _("no board yet"), "text")
            return
        quarter(p, board, self.rows, self.cols, move=self.move)
        if quarter_pitch() == Q_PITCH_Y:  # rows of kanji leave no room: arrows, OK, BACK
            hint(p, _("arrows move  OK back"))

