"""Guards Brikks' move table (issue 46): every action type the declaration names has one
handler in ``rules.MOVES``, and an action of another type is refused in a sentence."""

from __future__ import annotations

import pytest

from companion.api.rules import RuleError
from companion.games.brikks import GAME, rules


def test_every_declared_action_has_one_move() -> None:
    assert sorted(rules.MOVES) == sorted(GAME.actions)


def test_an_unknown_move_is_refused_in_words() -> None:
    state = rules.new_game({"players": ["Ann", "Bob"]})
    with pytest.raises(RuleError) as err:
        rules.step(state, {"type": "teleport"})
    assert str(err.value) == "Brikks does not know the action 'teleport'."
