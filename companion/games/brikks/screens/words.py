"""Brikks words the screens share: colour names, dice faces that follow the language,
and text wrapped to a width in pixels (Japanese and English differ in width).

>>> from companion.core.i18n import use
>>> use("en"); colour_name("red"), str(ColourFace("blue"))
('red', 'blue')
"""

from __future__ import annotations

from companion.api.screens import N_, translator

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

    def __eq__(self, other: object) -> bool:
        """The same colour, as a face or as its English word (a smart die standing in
        for the colour die names its faces so)."""
        if isinstance(other, ColourFace):
            return other.colour == self.colour
        return isinstance(other, str) and other == self.colour

    def __hash__(self) -> int:
        return hash(self.colour)

    def __str__(self) -> str:
        return colour_name(self.colour)
