"""The coloured stones that Four-Colour Stones and Brain Crush are both played with.

Shared by the two games (one box of stones, two rule sheets), so neither game imports
the other.

>>> COLOUR_NAMES[COLOURS[0]]
'Yellow'
"""

COLOURS = "YGRB"  # seat order: 1 Yellow, 2 Green, 3 Red, 4 Blue
COLOUR_NAMES = {"Y": "Yellow", "G": "Green", "R": "Red", "B": "Blue"}
