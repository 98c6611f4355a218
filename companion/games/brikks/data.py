"""Brikks: the numbers printed on the sheets, in one table an owner can check.

Nothing here is computed; :mod:`companion.games.brikks.rules` reads these tables. The rules
text does not print them; they come from public digital versions of the game and
reviews (see ``shared/rules/brikks.md``), so compare them with your own sheets.

Block drawings: one string per drawn row, top row first, ``#`` a cell, ``.`` empty.
Column 1 is the drawing in the sheet's first column; every next column is the same
block turned a quarter turn clockwise (black: O twice, then I flat, then I upright).
*Medium confidence* on which way the turns go: the device also says colour and column
in words.
"""

from __future__ import annotations

#: Colours of the colour die, in the order of the falling-block sheet's rows (top first).
COLOURS = ("white", "yellow", "green", "red", "blue", "black")

#: Columns of the falling-block sheet (the d4). Column 4 is next to column 1.
COLUMNS = 4

#: The grid: 11 rows of 10 cells.
ROWS, CELLS_PER_ROW = 11, 10

#: Row multipliers, bottom row first: rows 1–5 ×1, rows 6–10 ×2, the top row ×4.
ROW_MULTIPLIERS = (1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 4)

#: Points of one row by marks in it (before the multiplier); fewer marks score 0.
ROW_POINTS = {10: 5, 9: 2, 8: 1}

#: Bonus track: the printed number of each box, left to right. The score is the number
#: in the first box not yet marked, so 14 marks reach the last box (75).
#:
#: Sources. The English rules (the fan translation on BoardGameGeek that the Japanese text
#: says it follows) fix the shape: the score is "the field after the last field crossed
#: out"; a third mark shows 6, crossing out the 6 shows 10; the worked example's track
#: shows 21 (6 marks); "more than 14 crosses lapse ... no more than 75 points on this
#: bar". The values between 21 and 75 are from public digital versions and reviews
#: (the Nyashyker/Brikks code on GitHub holds the same 15), not yet checked against a
#: printed sheet. The Japanese text's "up to 15 marks" counts the boxes; no source
#: gives a 15th mark any value, so it lapses (see :data:`BONUS_MARKS_COUNTED`).
BONUS_TRACK = (0, 1, 3, 6, 10, 15, 21, 28, 36, 44, 51, 58, 64, 70, 75)

#: Marks that count on the bonus track; more lapse (English rules: "more than 14
#: crosses ... lapse", 75 at most).
BONUS_MARKS_COUNTED = len(BONUS_TRACK) - 1

#: Bonus marks for completing 2, 3 or 4 rows with one block.
MULTI_ROW_MARKS = {2: 1, 3: 2, 4: 4}

#: Points of the unused bombs, by how many are left (bombs printed 1, 2, 4 from the
#: top and used from the top, so what is left is what is still visible).
BOMB_POINTS = (0, 4, 6, 7)
BOMBS = 3

#: Energy bar: 28 circles; the pink ones mark a bonus box when reached.
ENERGY_CIRCLES = 28
PINK_CIRCLES = (7, 10, 13, 16, 19, 22, 25, 28)

#: Starting energy by player count (1 = solo) and the circles crossed out at setup.
#: Solo: the four circles every sheet starts with plus a 5th circled by hand (English
#: rules, "Solo game"); the house rule ``solo_energy`` may make it 4.
START_ENERGY = {1: 5, 2: 2, 3: 3, 4: 4}
CROSSED_CIRCLES = {1: (), 2: (3, 4), 3: (4,), 4: ()}
#: Circles used up at setup (available or crossed): the next energy takes the one after.
SETUP_CIRCLES = {1: 5, 2: 4, 3: 4, 4: 4}

#: Energy for covering a colour circle: a block of the same colour always gives this;
#: a block of another colour gives the amount of the player's difficulty level.
SAME_COLOUR_ENERGY = 2
OTHER_COLOUR_ENERGY = {1: 1, 2: 0, 3: -1, 4: -2}
DEFAULT_LEVEL = 2

#: Energy costs: one per column step when rotating; a swap for any block.
SWAP_COST = 5

#: Colour circles on the grid: (row from the bottom, column from the left), both from 1.
COLOUR_CIRCLES = {
    "white": ((3, 5), (8, 8)),
    "green": ((4, 8), (11, 7)),
    "black": ((4, 1), (9, 4)),
    "yellow": ((5, 10), (7, 2)),
    "blue": ((5, 3), (10, 9)),
    "red": ((6, 6), (10, 1)),
}

#: The falling-block sheet: colour -> the drawings of columns 1 to 4.
BLOCKS = {
    "white": (  # T
        (".#.", "###"),
        ("#.", "##", "#."),
        ("###", ".#."),
        (".#", "##", ".#"),
    ),
    "yellow": (  # J
        ("#..", "###"),
        ("##", "#.", "#."),
        ("###", "..#"),
        (".#", ".#", "##"),
    ),
    "green": (  # L
        ("..#", "###"),
        ("#.", "#.", "##"),
        ("###", "#.."),
        ("##", ".#", ".#"),
    ),
    "red": (  # Z
        ("##.", ".##"),
        (".#", "##", "#."),
        ("##.", ".##"),
        (".#", "##", "#."),
    ),
    "blue": (  # S
        (".##", "##."),
        ("#.", "##", ".#"),
        (".##", "##."),
        ("#.", "##", ".#"),
    ),
    "black": (  # O, O, I flat, I upright
        ("##", "##"),
        ("##", "##"),
        ("####",),
        ("#", "#", "#", "#"),
    ),
}

def N_(message: str) -> str:
    """Mark ``message`` for the game's catalogue (the screens translate it when drawn)."""
    return message


#: Solo rating bands: (lowest score of the band, a short phrase), best band first.
SOLO_BANDS = (
    (151, N_("Brikks master 2000!")),
    (130, N_("Go on, brag about it.")),
    (110, N_("You could do this for a living.")),
    (100, N_("Ever seen the like?")),
    (90, N_("Throw yourself a party.")),
    (80, N_("Someone has been practising.")),
    (70, N_("Nicely done.")),
    (60, N_("Room to grow.")),
    (0, N_("First game, was it?")),
)
