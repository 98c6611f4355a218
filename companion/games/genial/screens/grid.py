"""Genial Spezial: the grid the score table and the standings share.

A title bar with the round and each colour's arrow and label, then a 12 px row per
player in seat order: the name (inverted for the player whose turn it is) in a column of
:data:`NAME_W` pixels, then four cells of :data:`COL` pixels. Both screens draw on it, so
moving between them rewrites only the cells that differ (issue 18: on a 100 kHz bus a
whole new screen is ~90 ms, the standings switch about half of that).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.api.screens import (
    TITLE_H,
    Painter,
    needs_japanese,
    table_names,
    text_width,
    translator,
)
from companion.games.genial import rules
from companion.games.genial.screens.labels import ABBR, round_of

_, ngettext = translator(__name__)

NAME_W = 38  # the name column; the round above it in the title bar
COL = 22  # one colour's column
ROW_H = 12
#: The arrow that scores each colour, in :data:`rules.SYMBOLS` order.
ARROWS = {"up": "orange", "right": "purple", "down": "blue", "left": "green"}
KEY_OF = {symbol: key for key, symbol in ARROWS.items()}
#: The arrows as 3×5 pixel pictures (rows top to bottom, "#" lit).
PICTURES = {
    "up": (".#.", "###", ".#.", ".#.", ".#."),
    "right": ("#..", "##.", "###", "##.", "#.."),
    "down": (".#.", ".#.", ".#.", "###", ".#."),
    "left": ("..#", ".##", "###", ".##", "..#"),
}


def column_x(index: int) -> int:
    """Left edge of cell ``index`` (orange 0 … green 3 on the score table)."""
    return NAME_W + index * COL


def row_y(seat: int) -> int:
    """Top of seat ``seat``'s row."""
    return TITLE_H + seat * ROW_H


def arrow(p: Painter, x: int, y: int, key: str, fill: int = 1) -> None:
    """The 3×5 arrow of ``key`` ("up", …) with its top-left corner at (x, y)."""
    for dy, row in enumerate(PICTURES[key]):
        for dx, pixel in enumerate(row):
            if pixel == "#":
                p.draw.point((x + dx, y + dy), fill=fill)


def draw_title(p: Painter, state: rules.State, gained: Sequence[int] = (0, 0, 0, 0),
               corner: str | None = None) -> None:
    """The round (or ``corner`` in its place), then each colour's arrow and label (or
    what the turn adds to it)."""
    p.rect((0, 0, p.width - 1, TITLE_H - 1), fill=1, outline=None)
    with p.region((0, 0, NAME_W - 2, TITLE_H - 1)):
        # 3 px clear of the first arrow (the arrow's column starts at NAME_W)
        if corner is None:
            p.text((1, 0), p.fit(round_of(state, NAME_W - 5), "bold", NAME_W - 2), "bold",
                   fill=0)
        else:  # from the very edge: 「上限-3」 is the widest, 36 px
            p.text((0, 0), p.fit(corner, "bold", NAME_W - 2), "bold", fill=0)
    for i, (key, symbol) in enumerate(ARROWS.items()):
        x = column_x(i)
        arrow(p, x + 1, 3, key, fill=0)
        with p.region((x + 5, 0, x + COL - 1, TITLE_H - 1)):
            if gained[i]:  # what the turn adds, in the label's place (never over it)
                p.text((x + 5, 0), p.fit(f"+{gained[i]}", "bold", COL - 5), "bold", fill=0)
            else:
                label = _(ABBR[symbol])
                if needs_japanese(label):  # 橙紫青緑 in 12 px: in 8 px a smudge (issue 35)
                    p.text((x + 5, 0), p.fit(label, "text", COL - 5), "text", fill=0)
                else:
                    p.text((x + 6, 2), p.fit(label, "small", COL - 6), "small", fill=0)


def name_width(badge: str = "") -> int:
    """Room for a name in the name column beside a ``badge`` (the standings' place)."""
    return NAME_W - 2 - (text_width(badge, "text") + 3 if badge else 0)


def shown_names(p: Painter, players: Sequence[str], width: int) -> list[str]:
    """The players' names as the column shows them (:func:`seat_names.table_names`:
    「一郎」 and 「花子」 for two 山田); the ones cut short are noted as cut, as
    :meth:`Painter.fit` does."""
    shown = table_names(players, lambda text: text_width(text, "text") <= width)
    p.cut.extend(n for n, (_s, was_cut) in zip(players, shown, strict=True) if was_cut)
    return [s for s, _was_cut in shown]


def name_cell(p: Painter, y: int, name: str, *, current: bool, badge: str = "") -> None:
    """The name column of one row: ``name`` (already short enough), inverted for the
    player to move, and ``badge`` (the standings' place) boxed at its right end."""
    right = NAME_W - 2
    with p.region((0, y, right, y + ROW_H - 1)):
        if current:
            p.rect((0, y, right, y + ROW_H - 1), fill=1, outline=None)
        p.text((1, y), name, "text", fill=0 if current else 1)
        if badge:
            x0 = right - text_width(badge, "text") - 1
            p.rect((x0, y, right, y + ROW_H - 1), fill=0 if current else 1, outline=None)
            p.text((x0 + 1, y), badge, "text", fill=1 if current else 0)
