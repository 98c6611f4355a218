"""The turn timer: each player's clock, computed from the durations in the log.

Every action carries ``"at"``, the seconds since the epoch when it was confirmed (its
date), and ``"ran"``, the seconds the running clock ran since the action before, measured
by the screen on the box's monotonic clock: a wall clock set by the network, by any
amount, is nobody's turn. Both are handed over as data; the rules never read a clock. A
player's time is what their finished turns used plus, for the player whose turn it is,
``ran``: how long the clock has run since the last action, passed in by whoever asks.

Logs from before ``"ran"`` (actions with ``"at"`` only) replay as they always did: a
turn took the difference of two ``"at"`` (never negative).

A clock counts up, or down from ``budget`` seconds per player (``0``: up).

>>> s = new_game({"players": ["Ann", "Bob"], "budget": 60})
>>> s = step(s, {"type": "start", "at": 1000.0, "ran": 0.0})
>>> s = step(s, {"type": "pass", "at": 1012.5, "ran": 12.5})       # Ann used 12.5 s
>>> clock(s, 0, ran=987.5), clock(s, 1, ran=7.5), remaining(s, 1, ran=7.5)
(12.5, 7.5, 52.5)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    HouseRule,
    Result,
    RuleError,
    listed,
    players_from,
    require,
    said,
    said_n,
)
from companion.games.turn_timer import GAME

HOUSE_RULES: dict[str, HouseRule] = {}
MAX_BUDGET = 5 * 3600
WARNING = 10  # seconds left when the warning sounds


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    budget: int = 0  # seconds per player; 0: the clocks count up
    current: int = 0
    since: float | None = None  # when the running clock started; None: not running
    used: tuple[float, ...] = ()
    turns: tuple[int, ...] = ()
    started: bool = False
    finished: bool = False
    last_at: float = 0.0
    moves: int = 0  # actions played: which action the running clock runs from

    @property
    def running(self) -> bool:
        return self.since is not None

    @property
    def paused(self) -> bool:
        return self.started and not self.running and not self.finished

    @property
    def turn(self) -> int:
        """The number of the turn being played (1 for the first)."""
        return sum(self.turns) + 1


def new_game(options: Mapping[str, Any]) -> State:
    players = players_from(options, GAME.min_players, GAME.max_players)
    budget = options.get("budget", 0)
    require(isinstance(budget, int) and not isinstance(budget, bool)
            and 0 <= budget <= MAX_BUDGET,
            "a clock's budget is 0 (count up) to {most} seconds, not {budget!r}.",
            most=MAX_BUDGET, budget=budget)
    zero = (0,) * len(players)
    return State(players, budget, used=(0.0,) * len(players), turns=zero)


def _at(state: State, action: Mapping[str, Any]) -> float:
    at = action.get("at")
    if not (isinstance(at, int | float) and not isinstance(at, bool) and math.isfinite(at)):
        raise RuleError("a timer action needs the time it happened ('at'), not {at!r}.", at=at)
    return float(at)


def _ran(state: State, action: Mapping[str, Any], at: float) -> float:
    """Seconds the running clock ran up to ``action``: its ``"ran"``, or in an old log
    ``at - since`` (never negative: a clock set back must not give anyone time)."""
    if "ran" not in action:
        return max(0.0, at - state.since) if state.since is not None else 0.0
    ran = action["ran"]
    if not (isinstance(ran, int | float) and not isinstance(ran, bool) and math.isfinite(ran)):
        raise RuleError("a timer action's running time ('ran') is a number of seconds, "
                        "not {ran!r}.", ran=ran)
    return max(0.0, float(ran))


def _stopped(state: State, ran: float) -> tuple[float, ...]:
    """``used`` with ``ran`` seconds of the running clock added."""
    if state.since is None:
        return state.used
    used = list(state.used)
    used[state.current] += ran
    return tuple(used)


def step(state: State, action: Mapping[str, Any]) -> State:
    require(not state.finished, "this timer has stopped; start a new one.")
    after = _step(state, action)
    return replace(after, moves=state.moves + 1)


def _step(state: State, action: Mapping[str, Any]) -> State:
    kind = action.get("type")
    at = _at(state, action)
    ran = _ran(state, action, at)
    if kind == "start":
        require(not state.started, "the clocks are already going.")
        return replace(state, started=True, since=at, last_at=at)
    require(state.started, "start the clocks first (OK).")
    if kind == "pass":
        require(state.running, "the clocks are paused: resume them before passing the turn.")
        turns = list(state.turns)
        turns[state.current] += 1
        return replace(state, used=_stopped(state, ran), turns=tuple(turns), since=at,
                       current=(state.current + 1) % len(state.players), last_at=at)
    if kind == "pause":
        require(state.running, "the clocks are already paused.")
        return replace(state, used=_stopped(state, ran), since=None, last_at=at)
    if kind == "resume":
        require(not state.running, "the clocks are running already.")
        return replace(state, since=at, last_at=at)
    if kind == "finish":
        return replace(state, used=_stopped(state, ran), since=None, finished=True, last_at=at)
    raise RuleError("the turn timer does not know the action {kind!r}.", kind=kind)


def clock(state: State, player: int, ran: float) -> float:
    """Seconds ``player`` has used when the running clock has run ``ran`` seconds since
    the last action."""
    used = state.used[player]
    if state.since is not None and player == state.current:
        used += max(0.0, ran)
    return used


def remaining(state: State, player: int, ran: float) -> float:
    """Seconds left of ``player``'s budget (negative once over it; the budget itself
    when the clocks count up)."""
    return state.budget - clock(state, player, ran) if state.budget else float(state.budget)


def shown(seconds: float) -> str:
    """A clock as a person reads it: ``4:05``, ``1:02:09``, ``-0:07`` once over.

    >>> shown(245.9), shown(3729), shown(-6.2)
    ('4:05', '1:02:09', '-0:07')
    """
    sign = "-" if seconds < 0 else ""
    whole = math.ceil(-seconds) if seconds < 0 else math.floor(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h}:{m:02d}:{s:02d}" if h else f"{sign}{m}:{s:02d}"


def is_over(state: State) -> bool:
    return state.finished


def result(state: State) -> Result:
    parts = [said_n("{who} {clock} ({n} turn)", "{who} {clock} ({n} turns)", k, who=n,
                    clock=shown(t))
             for n, t, k in zip(state.players, state.used, state.turns, strict=True)]
    over = [n for n, t in zip(state.players, state.used, strict=True)
            if state.budget and t > state.budget]
    if over:
        parts.append(said("Over time: {who}.", who=listed(over, ", ", ", ")))
    return Result(places=(), scores={n: None for n in state.players}, detail=tuple(parts))
