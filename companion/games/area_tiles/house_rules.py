"""Area Tiles: the choices its rule book leaves open, each with the value the box assumes.

An owner changes them in the config file under ``[house_rules.area_tiles]``; the game's
page in ``docs/`` explains each one.
"""

from __future__ import annotations

from companion.games.base import HouseRule

HOUSE_RULES: dict[str, HouseRule] = {
    "name": HouseRule(
        "Area Tiles",
        "The name the menu and the screens give this game (the rule sheet has no title).",
    ),
    "two_player_colours": HouseRule(
        "red+blue",
        "The two colours a two-player game uses when the setup names none.",
        ("red+blue", "red+yellow", "blue+yellow"),
    ),
}
