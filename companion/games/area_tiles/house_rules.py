"""Area Tiles: the choices its rule book leaves open, each with the value the box assumes.

An owner changes them in the config file under ``[house_rules.area_tiles]``; the game's
page in ``docs/`` explains each one. The setup writes every rule's value into a new
game's options (:func:`pinned`), so a later change of a default never reaches a game
already begun; a game saved before a rule existed is played on with :data:`LEGACY`.

>>> value({"house_rules": {"symbol_bonus": "each"}}, "symbol_bonus"), value({}, "symbol_bonus")
('each', 'one')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.api.rules import N_, HouseRule, house_rule
from companion.api.rules import pinned as pin_house_rules

HOUSE_RULES: dict[str, HouseRule] = {
    "name": HouseRule(
        "Area Tiles",
        N_("The name the menu and the screens give this game (the rule sheet has no "
           "title)."),
    ),
    "two_player_colours": HouseRule(
        "red+blue",
        N_("The two colours a two-player game uses when the setup names none."),
        ("red+blue", "red+yellow", "blue+yellow"),
    ),
    "symbol_bonus": HouseRule(
        "each",
        N_("Two shapes each with 4+ connected symbols in one area: 'each' = every such "
           "shape's owner scores 3 for the area; 'one' = the area gives one symbol "
           "bonus."),
        ("each", "one"),
    ),
}

#: The value a game saved without a rule's name was played with (older than the rule):
#: before ``symbol_bonus`` an area could name one symbol owner only.
LEGACY: dict[str, Any] = {"symbol_bonus": "one"}


def pinned(chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Every house rule's value for a new game: the owner's choices, defaults for the rest."""
    return pin_house_rules(HOUSE_RULES, chosen)


def value(options: Mapping[str, Any], name: str) -> Any:
    """House rule ``name`` of a game: as logged, or :data:`LEGACY` when the log has none."""
    return house_rule(options, HOUSE_RULES, name, LEGACY)
