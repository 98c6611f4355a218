"""The Great Brain Robbery: the choices its rule book leaves open, with the values assumed.

An owner changes them in the config file under ``[house_rules.brain_robbery]``; the game's
page in ``docs/`` explains each one. The setup writes every rule's value into a new
game's options (:func:`pinned`), so a later change of a default never reaches a game
already begun.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.api.rules import N_, HouseRule
from companion.api.rules import pinned as pin_house_rules

#: The number of boards (``state.BOARDS``), not imported from there: the declaration
#: loads this module whenever the games are listed, and ``state`` pulls in the rules' data.
BOARDS = 8



HOUSE_RULES: dict[str, HouseRule] = {
    "long_game": HouseRule(
        False, N_("Every uncoupled or destroyed car goes back into the pile, not only "
                  "the Caboose; the game may then never end."), (False, True)),
    "track_xp": HouseRule(
        True, N_("The box keeps XP: +1 per brain-space counter and per lost fight, "
                 "brain costs paid from it."), (False, True)),
    "board_names": HouseRule(
        [], N_("The owner's names of the 8 boards, board 1 (Caboose/Engine) first; "
               "empty: the boards are numbered 1-8 with sides A/B."),
        valid=lambda names: "" if len(names) in (0, BOARDS) else f"name all {BOARDS} boards "
        f"in order, board 1 (Caboose/Engine) first, or none; {len(names)} given."),
}


def pinned(chosen: Mapping[str, Any]) -> dict[str, Any]:
    """Every house rule's value for a new game: the owner's choices, defaults for the rest.

    >>> pinned({"long_game": True})
    {'long_game': True, 'track_xp': True, 'board_names': []}
    """
    return pin_house_rules(HOUSE_RULES, chosen)
