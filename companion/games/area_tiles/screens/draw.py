"""Small drawings the Area Tiles screens share: the players' symbols and arrow marks.

The printed tiles carry one symbol per colour (red a double circle, blue a cross,
yellow a triangle); the screens draw the same shapes next to a player's name so the
symbol question reads like the tiles on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.api.screens import N_, WIDTH, Painter, seat_names, text_width, translator
from companion.games.area_tiles import rules

_, ngettext = translator(__name__)

#: Games saved before the setup seated people from the roster named the players by
#: their colours; the log keeps those English names, shown translated.
COLOUR_NAMES = (N_("Red"), N_("Blue"), N_("Yellow"))


def shown_name(player: str) -> str:
    """A player's name as the screens show it; an old game's colour name in the language in use.

    >>> shown_name("Red"), shown_name("Ann")
    ('Red', 'Ann')
    """
    return _(player) if player in COLOUR_NAMES else player


def names_list(names: list[str]) -> str:
    """``"Red, Blue and Yellow"``: names (shown) run together the way the language does."""
    shown = [shown_name(n) for n in names]
    if len(shown) == 1:
        return shown[0]
    return _("{names} and {last}").format(names=_(", ").join(shown[:-1]), last=shown[-1])


def symbol_glyph(p: Painter, x: int, y: int, colour: str, size: int = 9, fill: int = 1) -> None:
    """The symbol of ``colour`` in a ``size``-pixel square with its top-left at ``x, y``.

    ``fill=0`` draws it dark, for a highlighted (inverted) row.
    """
    s = size - 1
    if colour == "red":  # double circle
        p.ellipse((x, y, x + s, y + s), fill=None, outline=fill)
        p.ellipse((x + 3, y + 3, x + s - 3, y + s - 3), fill=None, outline=fill)
    elif colour == "blue":  # cross
        mid = s // 2
        p.rect((x + mid - 1, y, x + mid + 1, y + s), fill=fill, outline=None)
        p.rect((x, y + mid - 1, x + s, y + mid + 1), fill=fill, outline=None)
    elif colour == "yellow":  # triangle
        top = (x + s // 2, y)
        p.line([top, (x, y + s), (x + s, y + s), top], fill=fill)
        p.line([(x + s // 2, y + 1), (x + 1, y + s - 1)], fill=fill)
        p.line([(x + s // 2, y + 1), (x + s - 1, y + s - 1)], fill=fill)


def player_glyph(p: Painter, state: rules.State, player: str, x: int, y: int,
                 size: int = 9, fill: int = 1) -> None:
    """The symbol ``player`` owns (the one of their colour)."""
    symbol_glyph(p, x, y, rules.colour_of(state, player), size, fill)


def arrow(p: Painter, x: int, y: int, up: bool, width: int = 7) -> None:
    """A small filled triangle pointing up or down (``width`` pixels wide, odd)."""
    half = width // 2
    for row in range(half + 1):
        yy = y + row if up else y + half - row
        p.line((x + half - row, yy, x + half + row, yy))



def title_or_name(title: str, name: str, right: str = "", table: Sequence[str] = ()) -> str:
    """``title`` if it fits the title bar beside ``right``; else the title with the
    names as the ``table`` calls them (「さくらのエリア」 beside two more 佐々木); else
    ``name`` alone: a long name is shown whole rather than cut (``"Christabella's
    areas"`` → ``"Christabella"``), or as the table calls them (title_bar's ``table``)."""
    room = WIDTH - 2 - (text_width(right, "bold") + 6 if right else 0)
    if text_width(title, "bold") <= room:
        return title
    short, was_cut = seat_names.named_lines(
        [title], table, lambda t: text_width(t, "bold") <= room)[0]
    return short if not was_cut and text_width(short, "bold") <= room else name
