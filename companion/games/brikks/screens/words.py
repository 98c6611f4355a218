"""Brikks words the screens share: colour names, dice faces that follow the language,
and text wrapped to a width in pixels (Japanese and English differ in width).

>>> from companion.i18n import use
>>> use("en"); colour_name("red"), str(ColourFace("blue"))
('red', 'blue')
"""

from __future__ import annotations

from companion.i18n import N_, translator
from companion.ui.fonts import text_width
from companion.ui.widgets import wrap

_, ngettext = translator(__name__)

#: The colour die's faces in words (translated when drawn).
COLOUR_NAMES = {"white": N_("white"), "yellow": N_("yellow"), "green": N_("green"),
                "red": N_("red"), "blue": N_("blue"), "black": N_("black")}


def colour_name(colour: str) -> str:
    """``colour`` (a face of the colour die) in the language in use."""
    return _(COLOUR_NAMES[colour])


class ColourFace:
    """A colour die face for the dice entry: drawn in the language in use, kept in English."""

    def __init__(self, colour: str) -> None:
        self.colour = colour

    def __str__(self) -> str:
        return colour_name(self.colour)


def fitting(font: str, width: int, *texts: str) -> str:
    """The first of ``texts`` no wider than ``width`` pixels in ``font`` (else the last):
    a line with a player's name, then the same line without it.

    >>> fitting("small", 60, "ROLL Bartholomew", "ROLL next")
    'ROLL next'
    """
    return next((t for t in texts if text_width(t, font) <= width), texts[-1])


def wrap_px(text: str, font: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels in ``font`` (at spaces, and
    between any two Japanese characters).

    >>> wrap_px("Someone has been practising.", "small", 60)
    ['Someone has', 'been', 'practising.']
    """
    cells = max(1, width // 4)
    while cells > 1:
        lines = wrap(text, cells)
        if all(text_width(line, font) <= width for line in lines):
            return lines
        cells -= 1
    return wrap(text, 1)
