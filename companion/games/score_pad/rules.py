"""The score pad: any game's scores, by round or on a sheet of categories.

The game comes from the owner's shelf (``[[shelf]]`` in the config) and travels in the
options, so a game replays the same after the config changes: ``{"players": [...],
"shelf": {"title": "Carcassonne", "bgg_id": 822, "lowest_wins": False, "categories":
[...], "rounds": 0}}``. With categories the pad is a score sheet (one cell per category
and player); without, it counts rounds (a fixed number, or as many as the table plays).

A cell is set by one action, ``{"type": "score", "row": 0, "player": 1, "points": 12}``;
the ±1/±5/±10 steps are the screen's business, so the log holds what was confirmed.

>>> shelf = {"title": "Golf", "lowest_wins": True, "rounds": 2}
>>> s = new_game({"players": ["Ann", "Bob"], "shelf": shelf})
>>> for row, player, points in ((0, 0, 5), (0, 1, 3), (1, 0, 2), (1, 1, 6)):
...     s = step(s, {"type": "score", "row": row, "player": player, "points": points})
>>> totals(s), rows_done(s)
((7, 9), 2)
>>> result(step(s, {"type": "finish"})).places
(('Ann',), ('Bob',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    HouseRule,
    Result,
    RuleError,
    players_from,
    ranked,
    require,
    said_n,
)
from companion.games.score_pad import GAME

HOUSE_RULES: dict[str, HouseRule] = {}
MAX_POINTS = 99_999
MAX_ROUNDS = 50
OTHER = "Other game"


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    title: str
    lowest_wins: bool = False
    categories: tuple[str, ...] = ()
    rounds: int = 0  # 0: as many as the table plays (round pads only)
    #: cells[row][player]: the points entered, None where nothing is entered yet.
    cells: tuple[tuple[int | None, ...], ...] = ()
    finished: bool = False

    @property
    def sheet(self) -> bool:
        """True for a score sheet of categories, False for a pad of rounds."""
        return bool(self.categories)


def new_game(options: Mapping[str, Any]) -> State:
    shelf = options.get("shelf") or {}
    require(isinstance(shelf, Mapping), "the score pad's shelf entry must be a table.")
    title = shelf.get("title", OTHER)
    require(isinstance(title, str) and title.strip() and len(title) <= 24,
            "a game's title is 1 to 24 characters, not {title!r}.", title=title)
    low, high = shelf.get("players", [GAME.min_players, GAME.max_players])
    players = players_from(options, max(GAME.min_players, low), min(GAME.max_players, high))
    categories = tuple(shelf.get("categories", ()))
    require(all(isinstance(c, str) and c for c in categories), "categories are names.")
    rounds = shelf.get("rounds", 0)
    require(isinstance(rounds, int) and 0 <= rounds <= MAX_ROUNDS,
            "the number of rounds is 0 (open) to {most}, not {rounds!r}.", most=MAX_ROUNDS,
            rounds=rounds)
    require(not (categories and rounds), "a score pad has categories or rounds, not both.")
    empty = (None,) * len(players)
    cells = tuple(empty for _ in categories) if categories else (empty,)
    return State(players, title.strip(), bool(shelf.get("lowest_wins", False)), categories,
                 rounds, cells)


def rows(state: State) -> int:
    """How many rows the pad has now (categories, or the rounds begun so far)."""
    return len(state.cells)


def row_name(state: State, row: int) -> str:
    return state.categories[row] if state.sheet else f"Round {row + 1}"


def rows_done(state: State) -> int:
    """Rows with every player's points in."""
    return sum(all(v is not None for v in r) for r in state.cells)


def next_cell(state: State) -> tuple[int, int] | None:
    """The first empty cell, row by row (None when every cell is filled)."""
    for r, row in enumerate(state.cells):
        for p, value in enumerate(row):
            if value is None:
                return r, p
    return None


def step(state: State, action: Mapping[str, Any]) -> State:
    require(not state.finished, "this game is over; start a new one to keep scores again.")
    kind = action.get("type")
    if kind == "score":
        return _score(state, action)
    if kind == "finish":
        require(any(v is not None for r in state.cells for v in r),
                "no points entered yet: score at least one cell before the results.")
        cells = state.cells
        if not state.sheet and len(cells) > 1 and all(v is None for v in cells[-1]):
            cells = cells[:-1]  # the round that was opened but never begun
        return replace(state, cells=cells, finished=True)
    raise RuleError("the score pad does not know the action {kind!r}.", kind=kind)


def _score(state: State, action: Mapping[str, Any]) -> State:
    row, player, points = action.get("row"), action.get("player"), action.get("points")
    if not (isinstance(row, int) and 0 <= row < rows(state)):
        raise RuleError("row {row!r} is not on this pad (it has {rows}).",
                        row=row, rows=rows(state))
    if not (isinstance(player, int) and 0 <= player < len(state.players)):
        raise RuleError("player {player!r} is not at this table.", player=player)
    if not (isinstance(points, int) and not isinstance(points, bool)
            and -MAX_POINTS <= points <= MAX_POINTS):
        raise RuleError("points are a whole number from -{most} to {most}, not {points!r}.",
                        most=MAX_POINTS, points=points)
    line = list(state.cells[row])
    line[player] = points
    cells = state.cells[:row] + (tuple(line),) + state.cells[row + 1:]
    if (not state.sheet and row == len(cells) - 1 and None not in line
            and (state.rounds == 0 or len(cells) < state.rounds)):
        cells += ((None,) * len(state.players),)  # the round is complete: open the next
    return replace(state, cells=cells)


def complete(state: State) -> bool:
    """Every cell of a sheet, or every round of a fixed-length pad, is filled."""
    if state.sheet or state.rounds:
        return next_cell(state) is None
    return False


def totals(state: State) -> tuple[int, ...]:
    """Each player's running total (empty cells count nothing)."""
    return tuple(sum(r[p] or 0 for r in state.cells) for p in range(len(state.players)))


def places(state: State) -> tuple[tuple[str, ...], ...]:
    """Players best first; equal totals share a place; "lowest wins" games rank upward."""
    sign = -1 if state.lowest_wins else 1
    return ranked({n: sign * t for n, t in zip(state.players, totals(state), strict=True)},
                  state.players)


def is_over(state: State) -> bool:
    return state.finished


def result(state: State) -> Result:
    if state.sheet:
        detail = (said_n("{title}: {n} category, lowest wins", "{title}: {n} categories, "
                         "lowest wins", len(state.categories), title=state.title)
                  if state.lowest_wins else
                  said_n("{title}: {n} category, highest wins", "{title}: {n} categories, "
                         "highest wins", len(state.categories), title=state.title))
    else:
        detail = (said_n("{title}: {n} round, lowest wins", "{title}: {n} rounds, lowest wins",
                         rows(state), title=state.title)
                  if state.lowest_wins else
                  said_n("{title}: {n} round, highest wins", "{title}: {n} rounds, highest wins",
                         rows(state), title=state.title))
    return Result(places=places(state),
                  scores=dict(zip(state.players, totals(state), strict=True)),
                  detail=detail)
