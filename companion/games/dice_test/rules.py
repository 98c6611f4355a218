"""Test your own dice: players key in rolls of a physical die; the box tallies them.

The verdict comes from :mod:`companion.core.fairness` once there are five rolls per face.

>>> s = new_game({"players": ["Table"], "die": "d4"})
>>> s = step(s, {"type": "face", "face": 3})
>>> s.counts
(0, 0, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import HouseRule, Result, RuleError, fairness, players_from, require
from companion.games.dice_test import GAME

HOUSE_RULES: dict[str, HouseRule] = {}

#: The dice a table can test, and their faces in order.
DICE: dict[str, tuple[Any, ...]] = {
    "d6": (1, 2, 3, 4, 5, 6),
    "d4": (1, 2, 3, 4),
    "colour": ("white", "yellow", "green", "red", "blue", "black"),
    "d8": tuple(range(1, 9)),
    "d10": tuple(range(1, 11)),
    "d12": tuple(range(1, 13)),
    "d20": tuple(range(1, 21)),
}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    die: str
    rolls: tuple[Any, ...] = ()
    finished: bool = False

    @property
    def faces(self) -> tuple[Any, ...]:
        return DICE[self.die]

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(self.rolls.count(f) for f in self.faces)

    @property
    def rolls_to_verdict(self) -> int:
        """How many more rolls before a verdict is offered (0 when it is)."""
        return max(0, fairness.minimum_rolls(len(self.faces)) - len(self.rolls))


def new_game(options: Mapping[str, Any]) -> State:
    players = players_from(options, GAME.min_players, GAME.max_players)
    die = options.get("die", "d6")
    require(die in DICE, "the die to test must be one of {dice}, not {die!r}.",
            dice=", ".join(DICE), die=die)
    return State(players, die)


def step(state: State, action: Mapping[str, Any]) -> State:
    require(not state.finished, "this test is over; start a new one.")
    kind = action.get("type")
    if kind == "face":
        face = action.get("face")
        require(face in state.faces and not isinstance(face, bool),
                "a {die} shows one of {faces}, not {face!r}.",
                die=state.die, faces=", ".join(map(str, state.faces)), face=face)
        return replace(state, rolls=state.rolls + (face,))
    if kind == "finish":
        require(state.rolls_to_verdict == 0,
                "{n} more rolls are needed before a verdict.", n=state.rolls_to_verdict)
        return replace(state, finished=True)
    raise RuleError("the dice test does not know the action {kind!r}.", kind=kind)


def verdict(state: State) -> fairness.Verdict:
    """The chi-square verdict (needs five rolls per face)."""
    return fairness.verdict(dict(zip(state.faces, state.counts, strict=True)), state.faces)


def is_over(state: State) -> bool:
    return state.finished


def end_action(state: State) -> dict[str, Any] | None:
    """The action that ends the test now; None until there are rolls enough for a verdict."""
    return None if state.finished or state.rolls_to_verdict else {"type": "finish"}


def result(state: State) -> Result:
    v = verdict(state)
    return Result(places=(state.players,), scores={state.players[0]: None},
                  detail=f"{state.die}, {v.rolls} rolls, p = {v.p:.3f}: {v.lines[0]}")
