"""Four-Colour Stones: the choices its rule book leaves open, each with the value the box assumes.

An owner changes them in the config file under ``[house_rules.four_stones]``; the game's
page in ``docs/`` explains each one.
"""

from __future__ import annotations

from itertools import permutations

from companion.api.rules import N_, HouseRule
from companion.games.stones import COLOURS

HOUSE_RULES: dict[str, HouseRule] = {
    "corners": HouseRule(
        "YGRB",
        N_("Colours of the corners a1, a7, g7, g1 (clockwise, in seat order)."),
        tuple("".join(p) for p in permutations(COLOURS)),
    ),
    "four_tie_bonus": HouseRule(
        0, N_("First-place bonus each when all four players tie for first."), (0, 1, 2)
    ),
    "two_player_openers": HouseRule(
        "YG", N_("Two-player rule: the colours that open round 1 and round 2."),
        ("YG", "GY", "RB", "BR", "YB", "BY", "RG", "GR"),
    ),
}
