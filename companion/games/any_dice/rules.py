"""Any dice: one set of dice — standard, mixed or the config's own — rolled again and again.

The set travels in the options with every die's faces, so a session replays the same
after the config changes: ``{"players": ["Table"], "name": "2d6+d20", "dice":
[{"label": "d6", "faces": [1, ..., 6]}, ...]}``. A roll is data:
``{"type": "roll", "faces": [3, 5, 17], "entered": False}``.

>>> from companion.core.dicesets import parse
>>> s = new_game(options_for("d4+d6", parse("d4+d6")))
>>> s = step(s, {"type": "roll", "faces": [2, 6]})
>>> total(s, s.rolls[-1]), sorted(histogram(s).items())
(8, [(8, 1)])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    MAX_DICE,
    Die,
    HouseRule,
    NotationError,
    Result,
    RuleError,
    distribution,
    players_from,
    require,
    said_n,
)
from companion.games.any_dice import GAME

HOUSE_RULES: dict[str, HouseRule] = {}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    name: str
    dice: tuple[Die, ...]
    rolls: tuple[tuple[Any, ...], ...] = ()
    entered: tuple[bool, ...] = ()
    finished: bool = False

    @property
    def last(self) -> tuple[Any, ...] | None:
        return self.rolls[-1] if self.rolls else None


def options_for(name: str, dice: Sequence[Die]) -> dict[str, Any]:
    """The options that start a session with this set."""
    return {"players": ["Table"], "name": name, "dice": [d.to_json() for d in dice]}


def new_game(options: Mapping[str, Any]) -> State:
    players = players_from(options, GAME.min_players, GAME.max_players)
    given = options.get("dice")
    if not (isinstance(given, list) and 1 <= len(given) <= MAX_DICE):
        raise RuleError("a set has 1 to {most} dice.", most=MAX_DICE)
    try:
        dice = tuple(Die.from_json(d) for d in given)
    except (NotationError, KeyError, TypeError) as err:
        raise RuleError("a die of this set cannot be used: {why}", why=err) from None
    name = options.get("name")
    if not (isinstance(name, str) and name):
        raise RuleError("a set needs a name.")
    return State(players, name, dice)


def step(state: State, action: Mapping[str, Any]) -> State:
    require(not state.finished, "this session is over; start a new one to roll again.")
    kind = action.get("type")
    if kind == "roll":
        faces = tuple(action.get("faces", ()))
        require(len(faces) == len(state.dice),
                "{name} is {n} dice, not {given}.", name=state.name, n=len(state.dice),
                given=len(faces))
        for n, (die, face) in enumerate(zip(state.dice, faces, strict=True), start=1):
            require(face in die.faces and not isinstance(face, bool),
                    "die {n} ({label}) has no face {face!r}.", n=n, label=die.label, face=face)
        entered = bool(action.get("entered", False))
        return replace(state, rolls=state.rolls + (faces,), entered=state.entered + (entered,))
    if kind == "finish":
        return replace(state, finished=True)
    raise RuleError("the dice do not know the action {kind!r}.", kind=kind)


def numeric(state: State) -> list[Die]:
    return [d for d in state.dice if d.numeric]


def total(state: State, faces: Sequence[Any]) -> int | None:
    """The sum of the number dice in a roll; None when the set has none."""
    if not numeric(state):
        return None
    return sum(f for d, f in zip(state.dice, faces, strict=True) if d.numeric)


def histogram(state: State) -> Counter[int]:
    """How often each total of the number dice came up."""
    return Counter(t for r in state.rolls if (t := total(state, r)) is not None)


def expected(state: State) -> dict[int, float]:
    """The chance of each total of the number dice, for fair dice."""
    return distribution(numeric(state))


def kinds(state: State) -> list[Die]:
    """The set's dice with faces that are not numbers, one of each kind (the colour die)."""
    out: list[Die] = []
    for die in state.dice:
        if not die.numeric and die not in out:
            out.append(die)
    return out


def face_counts(state: State, die: Die) -> list[int]:
    """How often each face of ``die`` came up, over every die of that kind in the set;
    in the order of its faces, a face printed twice counted once."""
    counts: Counter[Any] = Counter()
    for r in state.rolls:
        counts.update(f for d, f in zip(state.dice, r, strict=True) if d == die)
    return [counts[f] for f in dict.fromkeys(die.faces)]


def is_over(state: State) -> bool:
    return state.finished


def result(state: State) -> Result:
    return Result(places=(state.players,), scores={state.players[0]: None},
                  detail=said_n("{name}, {n} roll", "{name}, {n} rolls", len(state.rolls),
                                name=state.name))
