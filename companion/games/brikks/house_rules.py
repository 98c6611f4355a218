"""Brikks: the choices its rule book leaves open, each with the value the box assumes.

An owner changes them in the config file under ``[house_rules.brikks]``; the game's
page in ``docs/`` explains each one. The setup writes every rule's value into a new
game's options (:func:`pinned`), so a later change of a default never reaches a game
already begun; a game saved before a rule existed is played on with :data:`LEGACY`.

>>> pinned({"solo_energy": 4})
{'start_pick_order': 'rules', 'solo_energy': 4}
>>> value({"house_rules": {}}, "solo_energy"), value({}, "start_pick_order")
(5, 'rules')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.api.rules import N_, HouseRule, house_rule
from companion.api.rules import pinned as pin_house_rules

HOUSE_RULES: dict[str, HouseRule] = {
    "start_pick_order": HouseRule(
        "rules",
        N_("Who picks a start block when: 'rules' = from the start player's right, seat "
           "by seat back to the start player; 'any' = any order, still no two alike."),
        ("rules", "any"),
    ),
    "solo_energy": HouseRule(
        5,
        N_("Energy a solo player starts with: 5 = the 4 every sheet starts with plus a "
           "5th circled by hand (the English rules); 4 = no extra circle (the short "
           "Japanese text: 'otherwise the same as the normal game')."),
        (4, 5),
    ),
}

#: The value a game saved without a rule's name was played with (older than the rule).
LEGACY: dict[str, Any] = {"solo_energy": 5}


def pinned(chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Every house rule's value for a new game: the owner's choices, defaults for the rest."""
    return pin_house_rules(HOUSE_RULES, chosen)


def value(options: Mapping[str, Any], name: str) -> Any:
    """House rule ``name`` of a game: as logged, or :data:`LEGACY` when the log has none."""
    return house_rule(options, HOUSE_RULES, name, LEGACY)
