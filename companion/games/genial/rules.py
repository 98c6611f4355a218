"""Genial Spezial: four score tracks per player, and the weakest colour decides.

Every player keeps four pegs, one per symbol (orange, purple, blue, green), each on a
track from 0 to 20. A turn's points arrive as one confirmed action; a track stops at 20
and whatever goes past it is lost (the turn's record says how much, per symbol). Play
runs in seat order from the first player for 20 rounds. The winner has the highest
*lowest* track; ties go to the next-lowest track, and so on; equal on all four shares
the place.

Actions :func:`step` accepts:

``{"type": "turn", "points": {"orange": 2, "blue": 1}, "all": 2, "bonus": ["green"]}``
    The current player's turn. ``points``: token points per symbol (0–20 each, symbols
    left out score 0); ``all``: the large-tower bonus, added to every symbol (0 up to the
    number of large towers in play); ``bonus``: one symbol per bonus space the tile
    covered (at most 2). Every key but ``type`` is optional, so ``{"type": "turn"}`` is a
    turn that scored nothing. An optional ``"player": "Ann"`` makes the step fail unless
    it is Ann's turn (a guard against a stale screen).
``{"type": "end_early"}``
    The table stops before round 20; the standings at that moment are the result.

The game ends by itself after every player's 20th turn.

>>> state = new_game({"players": ["Ann", "Bob", "Cy"]})
>>> state = step(state, {"type": "turn", "points": {"orange": 2, "blue": 1},
...                      "all": 2, "bonus": ["green"]})
>>> state.tracks[0]
(4, 2, 3, 3)
>>> current_player(state), round_number(state)
('Bob', 1)
>>> add_points(18, 5)
(20, 3)
>>> ranking({"Blue": [11, 12, 14, 15], "Red": [13, 11, 16, 17]})
[['Red'], ['Blue']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    HouseRule,
    Result,
    RuleError,
    Said,
    check_house_rules,
    listed,
    players_from,
    require,
    said,
)
from companion.games.genial import GAME
from companion.games.genial.scoring import (
    CAP,
    ORDINALS,
    SYMBOLS,
    Decision,
    Standing,
    Tracks,
    _check_symbol,
    _is_int,
    add_points,
    decide,
    four,
    ranking,
    score,
    sort_key,
    sorted_tracks,
    weakest,
)

__all__ = [
    "CAP", "MAX_BONUS", "ORDINALS", "ROUNDS", "SYMBOLS", "Decision", "Setup", "Standing",
    "State", "Tracks", "Turn", "add_points", "current_player", "current_seat", "decide",
    "is_over", "new_game", "preview", "ranking", "result", "round_number", "score", "setup",
    "sort_key", "sorted_tracks", "standings", "step", "turns_taken", "weakest",
    "end_action", "round_of", "player_of",
]

#: The spec page marks nothing as assumed, so there is nothing for a house to choose.
HOUSE_RULES: dict[str, HouseRule] = {}

ROUNDS = 20  # every player places 20 tiles
MAX_BONUS = 2  # a tile covers two spaces, so at most two bonus spaces per turn

# player count -> (large towers, small towers, light values of the tokens put away)
_SETUP_TABLE = {2: (6, 10, (1, 2)), 3: (8, 12, (2,)), 4: (10, 14, ())}
_LARGE_IN_BOX, _SMALL_IN_BOX, _TOKENS_PER_SYMBOL = 10, 14, 6


@dataclass(frozen=True)
class Setup:
    """What goes on the board, and what stays in the box, for one player count.

    Large towers go on the tower spaces (dark and light) marked with the player count;
    small towers fill the remaining light tower spaces, numbered or not; dark spaces left
    over stay empty. Of every symbol, one token per value in ``removed_light_values``
    (the value on its light side) goes back in the box; the rest are shuffled onto the
    towers light side up.
    """

    players: int
    large_towers: int
    small_towers: int
    large_boxed: int
    small_boxed: int
    removed_light_values: tuple[int, ...]
    tokens_removed: int
    tokens_used: int

    def lines(self) -> tuple[str, ...]:
        """Short lines for the setup screen.

        >>> setup(3).lines()[0]
        '8 large on spaces 3'
        """
        if self.removed_light_values:
            values = " & ".join(str(v) for v in self.removed_light_values)
            tokens = f"Box: light {values} tokens ({self.tokens_removed})"
        else:
            tokens = "Box: no tokens"
        return (
            f"{self.large_towers} large on spaces {self.players}",
            f"{self.small_towers} small on light spaces",
            f"Box: {self.large_boxed} large, {self.small_boxed} small",
            tokens,
            f"{self.tokens_used} tokens, light up",
        )


def setup(players: int) -> Setup:
    """The tower and token counts for ``players`` (2 to 4) players.

    >>> s = setup(2)
    >>> s.large_towers, s.small_towers, s.tokens_removed, s.tokens_used
    (6, 10, 8, 16)
    """
    require(
        _is_int(players) and players in _SETUP_TABLE,
        "Genial Spezial takes {low} to {high} players, not {players!r}.",
        low=GAME.min_players, high=GAME.max_players, players=players,
    )
    large, small, values = _SETUP_TABLE[players]
    removed = len(values) * len(SYMBOLS)
    return Setup(
        players=players,
        large_towers=large,
        small_towers=small,
        large_boxed=_LARGE_IN_BOX - large,
        small_boxed=_SMALL_IN_BOX - small,
        removed_light_values=values,
        tokens_removed=removed,
        tokens_used=_TOKENS_PER_SYMBOL * len(SYMBOLS) - removed,
    )


@dataclass(frozen=True)
class Turn:
    """One confirmed turn: what was entered, what the pegs gained and what the cap ate.

    All per-symbol tuples are in :data:`SYMBOLS` order.
    """

    seat: int
    round: int
    points: Tracks
    all: int
    bonus: tuple[str, ...]
    gained: Tracks
    lost: Tracks

    @property
    def entered(self) -> Tracks:
        """The points this turn brought per symbol before the cap."""
        return four(g + lo for g, lo in zip(self.gained, self.lost, strict=True))

    @property
    def lost_total(self) -> int:
        """How many points this turn lost to the cap (0 when none)."""
        return sum(self.lost)


@dataclass(frozen=True)
class State:
    """A game in progress. ``tracks[seat]`` holds that player's four values."""

    players: tuple[str, ...]
    first: int
    tracks: tuple[Tracks, ...]
    turns: tuple[Turn, ...] = ()
    ended_early: bool = False

    @property
    def scores(self) -> dict[str, Tracks]:
        """Each player's four track values, in seat order."""
        return dict(zip(self.players, self.tracks, strict=True))

    @property
    def last_turn(self) -> Turn | None:
        """The most recent confirmed turn (its ``lost`` feeds the "lost to cap" note)."""
        return self.turns[-1] if self.turns else None

    @property
    def max_all(self) -> int:
        """The largest "+N on all four" a turn may enter: the large towers in play."""
        return setup(len(self.players)).large_towers


def new_game(options: Mapping[str, Any]) -> State:
    """Start a game: ``{"players": [...youngest first...], "first": 0}``.

    ``first`` (optional, default 0) is the seat index of the player who starts; play
    then follows the list order.
    """
    players = players_from(options, GAME.min_players, GAME.max_players)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    first = options.get("first", 0)
    require(
        _is_int(first) and 0 <= first < len(players),
        "first must be a seat from 0 to {last}, not {first!r}.",
        last=len(players) - 1, first=first,
    )
    return State(players=players, first=first, tracks=((0, 0, 0, 0),) * len(players))


def step(state: State, action: Mapping[str, Any]) -> State:
    """Apply one action (see the module docstring) and return the new state."""
    require(isinstance(action, Mapping), "an action must be a mapping with a 'type'.")
    require(not is_over(state), "this game is over; undo or start a new one.")
    kind = action.get("type")
    if kind == "turn":
        turn = preview(state, action)
        tracks = tuple(
            four(v + g for v, g in zip(row, turn.gained, strict=True))
            if seat == turn.seat
            else row
            for seat, row in enumerate(state.tracks)
        )
        return replace(state, tracks=tracks, turns=state.turns + (turn,))
    if kind == "end_early":
        require(set(action) == {"type"}, "end_early takes no other keys.")
        return replace(state, ended_early=True)
    raise RuleError("Genial Spezial knows the actions 'turn' and 'end_early', not {kind!r}.",
                    kind=kind)


def preview(state: State, action: Mapping[str, Any]) -> Turn:
    """Check a ``turn`` action and work out its effect without applying it.

    A screen can show the result (and any points lost to the cap) before confirming.
    """
    require(not is_over(state), "this game is over; undo or start a new one.")
    allowed = {"type", "points", "all", "bonus", "player"}
    unknown = sorted(str(k) for k in set(action) - allowed)
    require(not unknown, "a turn takes points, all, bonus and player, not {keys}.",
            keys=", ".join(unknown))
    require(action.get("type") == "turn", "preview() takes a 'turn' action.")
    seat = current_seat(state)
    if "player" in action:
        require(
            action["player"] == state.players[seat],
            "it is {name}'s turn, not {other!r}'s.",
            name=state.players[seat], other=action["player"],
        )
    points = _points(action.get("points", {}))
    large = state.max_all
    bonus_all = action.get("all", 0)
    require(
        _is_int(bonus_all) and 0 <= bonus_all <= large,
        "the large-tower bonus is 0 to {large} on all four, not {value!r}.",
        large=large, value=bonus_all,
    )
    bonus = action.get("bonus", [])
    require(
        isinstance(bonus, Sequence) and not isinstance(bonus, str) and len(bonus) <= MAX_BONUS,
        "bonus is a list of 0 to {most} symbols, one per bonus space, not {bonus!r}.",
        most=MAX_BONUS, bonus=bonus,
    )
    for symbol in bonus:
        _check_symbol(symbol)
    gained, lost = [], []
    for i, symbol in enumerate(SYMBOLS):
        entered = points[i] + bonus_all + list(bonus).count(symbol)
        new, over = add_points(state.tracks[seat][i], entered)
        gained.append(new - state.tracks[seat][i])
        lost.append(over)
    return Turn(
        seat=seat,
        round=round_number(state),
        points=points,
        all=bonus_all,
        bonus=tuple(bonus),
        gained=four(gained),
        lost=four(lost),
    )


def current_seat(state: State) -> int:
    """The seat index of the player whose turn it is (once over: who would be next)."""
    return (state.first + len(state.turns)) % len(state.players)


def current_player(state: State) -> str:
    """The name of the player whose turn it is."""
    return state.players[current_seat(state)]


def player_of(state: State, action: Mapping[str, Any]) -> str | None:
    """Whose ``action`` is, from ``state`` before it: a turn is the current player's
    (the undo band names them); an early end is nobody's."""
    return current_player(state) if action.get("type") == "turn" else None


def round_number(state: State) -> int:
    """The round being played, 1 to 20 (20 once the game has run its course)."""
    return min(len(state.turns) // len(state.players) + 1, ROUNDS)


def rounds_played(state: State) -> int:
    """The rounds the table has played, the last one counted even if not every player
    had their turn in it (a game ended early in round 7 has played 7, not 8).

    >>> rounds_played(new_game({"players": ["Ann", "Bob"]}))
    0
    """
    return -(-len(state.turns) // len(state.players))


def turns_taken(state: State, seat: int) -> int:
    """How many turns the player in ``seat`` has confirmed."""
    return sum(1 for t in state.turns if t.seat == seat)


def figures(state: State) -> dict[str, tuple[tuple[str, int], ...]]:
    """Each player's numbers as the score screen has them, for the phone page's Tonight:
    the four colours and the lowest (labels are words of this game's catalogue).

    >>> figures(new_game({"players": ["Ann", "Ben"]}))["Ann"][-1]
    ('lowest', 0)
    """
    return {name: (*zip(SYMBOLS, tracks, strict=True), ("lowest", min(tracks)))
            for name, tracks in state.scores.items()}


def is_over(state: State) -> bool:
    """True after every player's 20th turn, or once the table ended early."""
    return state.ended_early or len(state.turns) >= ROUNDS * len(state.players)


def round_of(state: State) -> int:
    """The round being played (undo asks before it takes a round back)."""
    return round_number(state)


def end_action(state: State) -> dict[str, Any] | None:
    """The action that ends the game now with the standings as the result."""
    return None if is_over(state) else {"type": "end_early"}


def standings(state: State) -> tuple[Standing, ...]:
    """The table's order by the weakest-colour rule right now."""
    scores = state.scores
    out: list[Standing] = []
    ahead = 0
    for group in ranking(scores):
        above = decide(scores[out[-1].players[0]], scores[group[0]]) if out else None
        out.append(Standing(ahead + 1, tuple(group), sort_key(scores[group[0]]), above))
        ahead += len(group)
    return tuple(out)


def result(state: State) -> Result:
    """Places, lowest-track scores and a line on what decided first place.

    Works at any time; before the end the detail says the game is unfinished.
    """
    table = standings(state)
    scores = state.scores
    places = tuple(s.players for s in table)
    top = table[0]
    parts: list[Said] = []
    if not state.ended_early and not is_over(state):
        parts.append(said("Unfinished, round {round}:", round=round_number(state)))
    if len(top.players) > 1:
        values = ", ".join(str(v) for v in top.key)
        parts.append(said("{who} share first place, equal on all four ({values}).",
                          who=listed(top.players, ", ", " and "), values=values))
    else:
        d = table[1].beaten_by
        assert d is not None  # every place below the first says how it was beaten
        parts.append(said("{winner} wins on the {label} colour: {better} {better_value} vs "
                          "{runner}'s {worse} {worse_value}.",
                          words=("label", "better", "worse"), winner=top.players[0],
                          label=d.label, better=d.better_symbol, better_value=d.better_value,
                          runner=table[1].players[0], worse=d.worse_symbol,
                          worse_value=d.worse_value))
    if state.ended_early:
        done, partial = divmod(len(state.turns), len(state.players))
        parts.append(said("Ended early in round {round}.", round=done + 1) if partial
                     else said("Ended early after round {round}.", round=done))
    detail = tuple(parts)
    return Result(places=places, scores={n: score(t) for n, t in scores.items()}, detail=detail)


def _points(points: Any) -> Tracks:
    require(
        isinstance(points, Mapping),
        "points map symbols to numbers, like {'orange': 2, 'blue': 1}.",
    )
    for symbol, value in points.items():
        _check_symbol(symbol)
        require(
            _is_int(value) and 0 <= value <= CAP,
            "a turn brings 0 to {cap} points on {symbol}, not {value!r}.",
            cap=CAP, symbol=symbol, value=value,
        )
    return tuple(points.get(s, 0) for s in SYMBOLS)


