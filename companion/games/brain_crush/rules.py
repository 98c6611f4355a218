"""Manpo's Brain Crush: the memory game on the Four-Colour Stones pieces, scored by the box.

2–4 players play as many rounds as there are players; round *r* is started by player
*r* (the first player rotates; the option ``"first"`` names the player index who starts
round 1, default 0). The box does not know the face-down board: players tell
it which set was taken, and it keeps the turn, the round points and the totals.

A set is three pieces of one colour: the 10 with that colour's two 1s (12 points),
three 5s (15), three 3s (9) or three 2s (6). Each colour gives each kind of set once
per round, so a round holds at most 16 sets.

Actions:

``{"type": "take", "colour": "Y", "kind": "5"}``
    The player to play took a set (``kind`` is ``"10-1-1"``, ``"5"``, ``"3"`` or
    ``"2"``). Add ``"player": 2`` (an index into the players) to credit someone else
    when the box's turn marker has drifted. The turn passes to the next player after
    the one credited. The 16th set ends the round by itself.
``{"type": "miss"}``
    The player to play made no set; the turn passes.
``{"type": "end_round"}``
    Every piece is face up: the round is scored (the last round ends the game).

>>> state = new_game({"players": ["Ann", "Bob"]})
>>> state = step(state, {"type": "take", "colour": "R", "kind": "5"})
>>> state = step(state, {"type": "miss"})
>>> state.to_play, round_points(state)
(0, (15, 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    HouseRule,
    Result,
    RuleError,
    check_house_rules,
    players_from,
    ranked_by_totals,
    require,
)
from companion.games.brain_crush import GAME
from companion.games.stones import COLOUR_NAMES, COLOURS

__all__ = [
    "KINDS", "State", "crush_set_points", "new_game", "step", "open_sets", "round_points",
    "is_over", "result", "round_of", "player_of",
]

HOUSE_RULES: dict[str, HouseRule] = {}

#: Brain Crush sets: kind -> points (10+1+1, three 5s, three 3s, three 2s).
CRUSH_SETS = {"10-1-1": 12, "5": 15, "3": 9, "2": 6}


def crush_set_points(kind: object) -> int:
    """Points of a Brain Crush set of ``kind`` ``"10-1-1"``, ``"5"``, ``"3"`` or ``"2"``.

    >>> crush_set_points("5")
    15
    """
    if not isinstance(kind, str) or kind not in CRUSH_SETS:
        raise RuleError("a set is one of {kinds}, not {kind!r}.",
                        kinds=", ".join(CRUSH_SETS), kind=kind)
    return CRUSH_SETS[kind]


KINDS = tuple(CRUSH_SETS)  # "10-1-1", "5", "3", "2"


@dataclass(frozen=True)
class State:
    """One game: ``sets`` are this round's sets as ``(player index, colour, kind)``;
    ``scores`` holds one row of points per finished round, in ``players`` order."""

    players: tuple[str, ...]
    first: int = 0  # who starts round 1; the start rotates from there
    round: int = 1
    to_play: int = 0
    sets: tuple[tuple[int, str, str], ...] = ()
    scores: tuple[tuple[int, ...], ...] = ()
    finished: bool = False

    @property
    def rounds(self) -> int:
        """As many rounds as players."""
        return len(self.players)

    @property
    def starter(self) -> int:
        """Index of the player who starts the current round."""
        return (self.first + self.round - 1) % len(self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        """Total per player over the finished rounds."""
        totals = [0] * len(self.players)
        for row in self.scores:
            for i, points in enumerate(row):
                totals[i] += points
        return tuple(totals)


def new_game(options: Mapping[str, Any]) -> State:
    """Start a game for 2–4 players (``{"players": [...]}``, in seat order).

    ``"first"`` (optional, default 0) is the index of the player who starts round 1.
    """
    players = players_from(options, GAME.min_players, GAME.max_players)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    first = options.get("first", 0)
    require(
        isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(players),
        "the first player is a number 0 to {last}, not {first!r}.",
        last=len(players) - 1, first=first,
    )
    return State(players=players, first=first, to_play=first)


def open_sets(state: State) -> list[tuple[str, str]]:
    """The ``(colour, kind)`` sets still to be taken this round, in seat and kind order."""
    given = {(colour, kind) for _, colour, kind in state.sets}
    return [(c, k) for c in COLOURS for k in KINDS if (c, k) not in given]


def round_points(state: State) -> tuple[int, ...]:
    """Points per player from the sets taken so far in the current round."""
    points = [0] * len(state.players)
    for player, _, kind in state.sets:
        points[player] += crush_set_points(kind)
    return tuple(points)


def _next(state: State, player: int) -> int:
    return (player + 1) % len(state.players)


def _take(state: State, action: Mapping[str, Any]) -> State:
    colour, kind = action.get("colour"), action.get("kind")
    if not (isinstance(colour, str) and colour in tuple(COLOURS)):
        raise RuleError("a set's colour is one of Y, G, R, B, not {colour!r}.", colour=colour)
    crush_set_points(kind)  # raises for an unknown kind
    assert isinstance(kind, str)  # crush_set_points raised for anything else
    player = action.get("player", state.to_play)
    if not (isinstance(player, int) and not isinstance(player, bool)
            and 0 <= player < len(state.players)):
        raise RuleError("the player is a number 0 to {last}, not {player!r}.",
                        last=len(state.players) - 1, player=player)
    require(
        (colour, kind) in open_sets(state),
        "{colour} has already given its {kind} set this round.",
        colour=COLOUR_NAMES[colour], letter=colour, kind=kind,
    )
    sets = state.sets + ((player, colour, kind),)
    state = replace(state, sets=sets, to_play=_next(state, player))
    return _end_round(state) if not open_sets(state) else state


def _end_round(state: State) -> State:
    scores = state.scores + (round_points(state),)
    if state.round == state.rounds:
        return replace(state, scores=scores, finished=True)
    state = replace(state, scores=scores, round=state.round + 1, sets=())
    return replace(state, to_play=state.starter)


def step(state: State, action: Mapping[str, Any]) -> State:
    """Apply one action (``take``, ``miss`` or ``end_round``; see the module docstring)."""
    require(not state.finished, "the game is over; start a new one to play again.")
    kind = action.get("type")
    if kind == "take":
        return _take(state, action)
    if kind == "miss":
        return replace(state, to_play=_next(state, state.to_play))
    if kind == "end_round":
        return _end_round(state)
    raise RuleError(
        "Brain Crush knows the actions 'take', 'miss' and 'end_round', not {kind!r}.", kind=kind
    )


def is_over(state: State) -> bool:
    return state.finished


def player_of(state: State, action: Mapping[str, Any]) -> str | None:
    """Whose ``action`` is, from ``state`` before it: a set taken (by the player to play,
    or the one it names) or a miss; the end of a round is nobody's."""
    if action.get("type") not in ("take", "miss"):
        return None
    seat = action.get("player", state.to_play)
    return state.players[seat] if isinstance(seat, int) and 0 <= seat < len(
        state.players) else None


def round_of(state: State) -> int:
    """The round being played (undo asks before it takes a round back)."""
    return state.round


def result(state: State) -> Result:
    """Places by total over the rounds (players sharing a total share a place); during
    a round, with the sets taken so far in it, as the box's round table counts them (the
    phone's Tonight said everyone had 0 while the box showed 15)."""
    if state.finished:  # the last round is in the totals already
        return ranked_by_totals(state.players, state.totals, len(state.scores))
    so_far = tuple(t + r for t, r in zip(state.totals, round_points(state), strict=True))
    return ranked_by_totals(state.players, so_far, len(state.scores))
