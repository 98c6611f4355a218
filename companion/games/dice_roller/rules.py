"""A plain dice roller: any number of d6, the rolls of this game kept for a histogram.

The smallest rules module, and the model for the others (see :mod:`companion.games`).

>>> state = new_game({"players": ["Table"]})
>>> state = step(state, {"type": "set_count", "count": 2})
>>> state = step(state, {"type": "roll", "dice": [3, 5]})
>>> state.last, total(state.last)
((3, 5), 8)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import HouseRule, Result, RuleError, players_from, require, said_n
from companion.games.dice_roller import GAME

HOUSE_RULES: dict[str, HouseRule] = {}
MAX_DICE = 6
SIDES = 6


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    count: int = 2
    rolls: tuple[tuple[int, ...], ...] = ()
    entered: tuple[bool, ...] = ()
    finished: bool = False

    @property
    def last(self) -> tuple[int, ...] | None:
        """The most recent roll, or ``None`` before the first."""
        return self.rolls[-1] if self.rolls else None


def new_game(options: Mapping[str, Any]) -> State:
    players = players_from(options, GAME.min_players, GAME.max_players)
    count = options.get("count", 2)
    _check_count(count)
    return State(players=players, count=count)


def _check_count(count: Any) -> None:
    require(
        isinstance(count, int) and 1 <= count <= MAX_DICE,
        "the roller throws 1 to {most} dice, not {count!r}.", most=MAX_DICE, count=count,
    )


def step(state: State, action: Mapping[str, Any]) -> State:
    require(not state.finished, "this game is over; start a new one to roll again.")
    kind = action.get("type")
    if kind == "set_count":
        _check_count(action.get("count"))
        return replace(state, count=action["count"])
    if kind == "roll":
        dice = tuple(action.get("dice", ()))
        require(len(dice) == state.count, "expected {count} dice, got {got}.",
                count=state.count, got=len(dice))
        require(all(isinstance(d, int) and 1 <= d <= SIDES for d in dice), "each die shows 1 to 6.")
        entered = bool(action.get("entered", False))
        return replace(state, rolls=state.rolls + (dice,), entered=state.entered + (entered,))
    if kind == "finish":
        return replace(state, finished=True)
    raise _unknown(kind)


def _unknown(kind: Any) -> RuleError:
    return RuleError("the dice roller does not know the action {kind!r}.", kind=kind)


def total(dice: tuple[int, ...] | None) -> int:
    """The sum of one roll (0 for no roll)."""
    return sum(dice or ())


def histogram(state: State) -> Counter[int]:
    """How often each total was rolled in this game."""
    return Counter(total(r) for r in state.rolls)


def expected_share(count: int, value: int) -> float:
    """The chance that ``count`` d6 add up to ``value`` (exact, by convolution).

    >>> round(expected_share(2, 7), 4)
    0.1667
    """
    ways = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for s, w in ways.items():
            for face in range(1, SIDES + 1):
                nxt[s + face] = nxt.get(s + face, 0) + w
        ways = nxt
    return ways.get(value, 0) / SIDES**count


def is_over(state: State) -> bool:
    return state.finished


def end_action(state: State) -> dict[str, Any] | None:
    """The action that ends the game now: the roller keeps its rolls as the result."""
    return None if state.finished else {"type": "finish"}


def result(state: State) -> Result:
    return Result(places=(state.players,), detail=said_n("{n} roll", "{n} rolls", len(state.rolls)))
