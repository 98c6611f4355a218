"""The Great Brain Robbery: the choices its rule book leaves open, with the values assumed.

An owner changes them in the config file under ``[house_rules.brain_robbery]``; the game's
page in ``docs/`` explains each one.
"""

from __future__ import annotations

from companion.games.base import HouseRule

HOUSE_RULES: dict[str, HouseRule] = {
    "long_game": HouseRule(
        False, "Every uncoupled or destroyed car goes back into the pile, not only the "
        "Caboose; the game may then never end.", (False, True)),
    "track_xp": HouseRule(
        True, "The box keeps XP: +1 per brain-space counter and per lost fight, brain "
        "costs paid from it.", (False, True)),
    "board_names": HouseRule(
        [], "The owner's names of the 8 boards, board 1 (Caboose/Engine) first; empty: the "
        "boards are numbered 1-8 with sides A/B."),
}
