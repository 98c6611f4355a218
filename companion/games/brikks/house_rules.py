"""Brikks: the choices its rule book leaves open, each with the value the box assumes.

An owner changes them in the config file under ``[house_rules.brikks]``; the game's
page in ``docs/`` explains each one.
"""

from __future__ import annotations

from companion.games.base import HouseRule

HOUSE_RULES: dict[str, HouseRule] = {
    "start_pick_order": HouseRule(
        "rules",
        "Who picks a start block when: 'rules' = from the start player's right, seat by "
        "seat back to the start player; 'any' = any order, still no two alike.",
        ("rules", "any"),
    ),
}
