"""The Four-Colour Stones board: cells, the text format, deals and the jump engine.

Pure helpers used by :mod:`companion.games.four_stones.rules` (which re-exports the public
ones). A board is a tuple of 7 rows (``a`` to ``g``, top to bottom), each a tuple of 7
cell strings (columns ``1`` to ``7``, left to right): ``"."`` for an empty cell, or a
colour letter ``Y G R B`` followed by the piece's value (``"Y10"``, ``"R3"``).

A cell is named column digit then row letter, as the printed rules do: ``"4d"`` is the
centre, ``board[3][3]``. A jump is written ``FROM-TO`` (``"2d-4d"``).

>>> board = parse_board(EXAMPLE_TEXT)
>>> legal_moves(board, "Y")
['2d-4d']
>>> after, taken = play(board, "2d-4d")
>>> taken, after[3][3]
(['R1'], 'Y2')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from companion.api.rules import RuleError, require
from companion.games.stones import COLOUR_NAMES, COLOURS

Board = tuple[tuple[str, ...], ...]

SIZE = 7
ROWS = "abcdefg"
EMPTY = "."
STAR = "*"
CENTRE = (3, 3)
#: How many pieces of each value one colour owns (one 10, three 5s, ...): 42 points.
PIECES_PER_COLOUR = {10: 1, 5: 3, 3: 3, 2: 3, 1: 2}
TOTAL_VALUE = 4 * sum(v * n for v, n in PIECES_PER_COLOUR.items())  # 168

#: The value area of each cell (0 for the centre), as printed on the board.
AREAS = (
    (10, 5, 3, 3, 3, 5, 10),
    (5, 5, 2, 2, 2, 5, 5),
    (3, 2, 1, 1, 1, 2, 3),
    (3, 2, 1, 0, 1, 2, 3),
    (3, 2, 1, 1, 1, 2, 3),
    (5, 5, 2, 2, 2, 5, 5),
    (10, 5, 3, 3, 3, 5, 10),
)
#: The corners in the order the ``corners`` house rule lists their colours (clockwise).
CORNERS = ((0, 0), (0, 6), (6, 6), (6, 0))
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))

EXAMPLE_TEXT = """\
Y10 Y5 R3 B3 G3 G5 G10
Y5 Y5 B2 G2 Y2 G5 G5
G3 R2 B1 R1 Y1 B2 R3
Y3 Y2 R1 . G1 B2 B3
B3 G2 G1 B1 Y1 R2 R3
B5 B5 Y2 R2 G2 R5 R5
B10 B5 Y3 G3 Y3 R5 R10"""


def cell_name(row: int, col: int) -> str:
    """The rules' name of a cell: column digit then row letter (``cell_name(3, 1) == "2d"``)."""
    return f"{col + 1}{ROWS[row]}"


def parse_cell(name: str) -> tuple[int, int]:
    """``(row, col)`` of a cell name such as ``"2d"``; raises :class:`RuleError` if malformed."""
    ok = (
        isinstance(name, str)
        and len(name) == 2
        and name[0] in "1234567"
        and name[1] in ROWS
    )
    require(ok, "{name!r} is not a cell; write column 1-7 then row a-g, like '4d'.", name=name)
    return ROWS.index(name[1]), int(name[0]) - 1


def piece_colour(cell: str) -> str:
    """The colour letter of a piece (``""`` for an empty cell)."""
    return "" if cell == EMPTY else cell[0]


def piece_value(cell: str) -> int:
    """The value of a piece (0 for an empty cell)."""
    return 0 if cell == EMPTY else int(cell[1:])


def _check_piece(text: str, where: str) -> str:
    if text == EMPTY:
        return text
    values = "/".join(str(v) for v in PIECES_PER_COLOUR)
    require(
        len(text) >= 2 and text[0] in COLOURS and text[1:] in {str(v) for v in PIECES_PER_COLOUR},
        "cell {where} holds {text!r}; a cell is '.' or a colour Y/G/R/B with a value "
        "{values} (like 'R3').",
        where=where, text=text, values=values,
    )
    return text


def check_board(board: Board) -> Board:
    """Return ``board`` if it is 7×7 of pieces a real set can hold, else raise RuleError."""
    require(
        isinstance(board, tuple) and len(board) == SIZE and all(
            isinstance(r, tuple) and len(r) == SIZE for r in board
        ),
        "a board is 7 rows of 7 cells.",
    )
    for r, row in enumerate(board):
        for c, cell in enumerate(row):
            _check_piece(cell, cell_name(r, c))
    counts = Counter(cell for row in board for cell in row if cell != EMPTY)
    for piece, n in sorted(counts.items()):
        most = PIECES_PER_COLOUR[piece_value(piece)]
        require(
            n <= most,
            "the board has {n} pieces {piece} but each colour owns only {most}.",
            n=n, piece=piece, most=most,
        )
    return board


def parse_board(text: str) -> Board:
    """Read a board from 7 lines of 7 space-separated cells (``.`` or ``Y10``, ``R3``, ...).

    :raises RuleError: (a :class:`ValueError`) for a wrong shape, an unknown piece, or
        more copies of a piece than a colour owns.
    """
    require(isinstance(text, str), "a board is given as text: 7 lines of 7 cells.")
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    require(len(lines) == SIZE, "a board has 7 rows, not {n}.", n=len(lines))
    for r, cells in enumerate(lines):
        require(
            len(cells) == SIZE,
            "row {row} has {n} cells; every row has 7 ('.' for empty).",
            row=ROWS[r], n=len(cells),
        )
    board = tuple(tuple(cell.upper() for cell in cells) for cells in lines)
    return check_board(board)


def format_board(board: Board) -> str:
    """The text :func:`parse_board` reads: 7 lines of 7 cells separated by spaces."""
    return "\n".join(" ".join(row) for row in board)


def board_value(board: Board) -> int:
    """The sum of the values of every piece on the board."""
    return sum(piece_value(cell) for row in board for cell in row)


def _cells_of_area(value: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(SIZE) for c in range(SIZE) if AREAS[r][c] == value]


def _corner_five_cells(corner: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = corner
    dr = 1 if r == 0 else -1
    dc = 1 if c == 0 else -1
    return [(r, c + dc), (r + dr, c), (r + dr, c + dc)]


def deal_pool(star: bool = False) -> list[str]:
    """The pieces shuffled for a deal: the twelve 3s, twelve 2s and eight 1s (+ ``"*"``).

    Shuffle this list elsewhere (``companion.core.dice``) and hand it to :func:`deal_board`.
    """
    pool = [f"{colour}{value}" for value in (3, 2, 1) for colour in COLOURS
            for _ in range(PIECES_PER_COLOUR[value])]
    return pool + [STAR] if star else pool


def deal_board(shuffled: Sequence[str], *, corners: str = COLOURS, star: bool = False) -> Board:
    """Lay out a shuffled :func:`deal_pool`: the 3s onto the 3-cells in reading order, the
    2s onto the 2-cells, the 1s (and the star) onto the 1-cells (and the centre).

    Corners and their 5-cells are fixed by ``corners`` (the colours of a1, a7, g7, g1).
    With ``star`` the cell the star lands on stays empty instead of the centre.
    """
    require(
        sorted(shuffled) == sorted(deal_pool(star)),
        "a deal needs exactly the pieces of deal_pool(star), shuffled.",
    )
    grid = [[EMPTY] * SIZE for _ in range(SIZE)]
    for colour, corner in zip(corners, CORNERS, strict=True):
        grid[corner[0]][corner[1]] = f"{colour}10"
        for r, c in _corner_five_cells(corner):
            grid[r][c] = f"{colour}5"
    ones = _cells_of_area(1)
    if star:
        ones.insert(ones.index((3, 4)), CENTRE)  # reading order, centre included
    targets = {3: iter(_cells_of_area(3)), 2: iter(_cells_of_area(2)), 1: iter(ones)}
    for piece in shuffled:
        r, c = next(targets[1 if piece == STAR else piece_value(piece)])
        grid[r][c] = EMPTY if piece == STAR else piece
    return tuple(tuple(row) for row in grid)


def check_deal(board: Board, *, corners: str = COLOURS, star: bool = False) -> Board:
    """Return ``board`` if it is a legal starting layout, else raise :class:`RuleError`.

    Each corner holds its colour's 10 and its three 5-cells that colour's 5s; every
    3-, 2- and 1-cell holds a piece of that value; the centre is empty (with ``star``:
    exactly one of the 1-cells and the centre is empty instead).
    """
    check_board(board)
    for colour, corner in zip(corners, CORNERS, strict=True):
        for r, c in [corner, *_corner_five_cells(corner)]:
            want = f"{colour}{AREAS[r][c]}"
            require(
                board[r][c] == want,
                "cell {cell} must hold {want} at the deal, not {piece}.",
                cell=cell_name(r, c), want=want, piece=board[r][c],
            )
    empties = [(r, c) for r in range(SIZE) for c in range(SIZE) if board[r][c] == EMPTY]
    if star:
        require(
            len(empties) == 1 and AREAS[empties[0][0]][empties[0][1]] in (0, 1),
            "with the star, exactly one cell of the 1-area or the centre is empty at the deal.",
        )
    else:
        require(empties == [CENTRE], "at the deal only the centre 4d is empty.")
    for r in range(SIZE):
        for c in range(SIZE):
            area, cell = AREAS[r][c], board[r][c]
            if cell != EMPTY and area in (1, 2, 3):
                require(
                    piece_value(cell) == area,
                    "cell {cell} is a {area}-cell, so it cannot hold {piece} at the deal.",
                    cell=cell_name(r, c), area=area, piece=cell,
                )
    return board


def _jumps_from(board: Board, row: int, col: int) -> Iterator[tuple[str, tuple[int, int]]]:
    """Every jump the piece on (row, col) can make: (move, landing cell)."""
    mover = piece_colour(board[row][col])
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        enemy = ""
        while 0 <= r < SIZE and 0 <= c < SIZE:
            colour = piece_colour(board[r][c])
            if colour == "":
                if enemy:
                    yield f"{cell_name(row, col)}-{cell_name(r, c)}", (r, c)
                break
            if colour == mover or (enemy and colour != enemy):
                break
            enemy = colour
            r, c = r + dr, c + dc


def legal_moves(board: Board, colour: str) -> list[str]:
    """Every legal jump for ``colour`` as ``FROM-TO`` (``"2d-4d"``), sorted.

    A piece jumps orthogonally over an unbroken line of enemy pieces, all of one
    colour, into the empty cell right behind them.
    """
    require(colour in tuple(COLOURS), "a colour is one of Y, G, R, B, not {colour!r}.",
            colour=colour)
    moves = [
        move
        for r in range(SIZE)
        for c in range(SIZE)
        if piece_colour(board[r][c]) == colour
        for move, _ in _jumps_from(board, r, c)
    ]
    return sorted(moves)


def move_cells(move: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """``(from, to)`` cells of a ``FROM-TO`` move; raises RuleError for a malformed one."""
    parts = move.split("-") if isinstance(move, str) else []
    require(len(parts) == 2, "{move!r} is not a jump; write it FROM-TO, like '2d-4d'.",
            move=move)
    return parse_cell(parts[0]), parse_cell(parts[1])


def jumped_cells(move: str) -> list[tuple[int, int]]:
    """The cells between FROM and TO of a straight move (the pieces it captures)."""
    (r0, c0), (r1, c1) = move_cells(move)
    require(r0 == r1 or c0 == c1, "{move} is not a straight line; jumps are never diagonal.",
            move=move)
    steps = max(abs(r1 - r0), abs(c1 - c0))
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    return [(r0 + dr * i, c0 + dc * i) for i in range(1, steps)]


def play(board: Board, move: str) -> tuple[Board, list[str]]:
    """Play the jump ``move`` for the colour of the piece on its FROM cell.

    :returns: the new board and the captured pieces (``["R3"]``), nearest first.
    :raises RuleError: if the move is malformed or not legal on this board.
    """
    (r0, c0), (r1, c1) = move_cells(move)
    jumped = jumped_cells(move)  # a diagonal move gets its own message
    colour = piece_colour(board[r0][c0])
    require(colour != "", "there is no piece on {cell} to jump with.",
            cell=move.split("-")[0])
    if move not in legal_moves(board, colour):
        allowed = ", ".join(legal_moves(board, colour))
        if not allowed:
            raise RuleError("{move} is not a legal jump for {colour}; legal: none.",
                            move=move, colour=COLOUR_NAMES[colour], letter=colour)
        raise RuleError("{move} is not a legal jump for {colour}; legal: {allowed}.",
                        move=move, colour=COLOUR_NAMES[colour], letter=colour, allowed=allowed)
    grid = [list(row) for row in board]
    taken = []
    for r, c in jumped:
        taken.append(grid[r][c])
        grid[r][c] = EMPTY
    grid[r1][c1], grid[r0][c0] = grid[r0][c0], EMPTY
    return tuple(tuple(row) for row in grid), taken


def describe_move(board: Board, move: str) -> str:
    """A move in the rules' notation with what it takes: ``"2d-4d ×R1"``, ``"7c-4c ×Y1Y2"``."""
    taken = "".join(board[r][c] for r, c in jumped_cells(move))
    return f"{move} ×{taken}"


def next_to_move(board: Board, due: str) -> str | None:
    """The first colour in seat order from ``due`` that can jump, or ``None`` if none can.

    ``due`` is the colour the rules hand the turn to (the captured colour, or the
    round's top player); the colours before the answer pass.
    """
    require(due in tuple(COLOURS), "a colour is one of Y, G, R, B, not {colour!r}.",
            colour=due)
    start = COLOURS.index(due)
    for i in range(len(COLOURS)):
        colour = COLOURS[(start + i) % len(COLOURS)]
        if legal_moves(board, colour):
            return colour
    return None
