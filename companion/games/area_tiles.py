"""Area Tiles (Kenichi Kabuki, Game NOWA 2014): the final scoring, worked out for the table.

The tiles are laid on the table as usual; the companion shows the setup (colours, tiles
per player, who starts) and then takes each player's areas and works out the score.

Options of :func:`new_game`: ``players`` (2 or 3 names, in seating order), ``colours``
(one per player from red, blue, yellow; default red, blue, yellow with three players and
the ``two_player_colours`` house rule with two), ``short`` (``True``: 18 tiles each instead
of 24) and ``first`` (the starting player, a name or a seat index; drawn at the edge).

Actions of :func:`step`:

``{"type": "begin_scoring"}``
    Every tile is down; area entry starts, with the first player selected.
``{"type": "select_player", "player": "Bob"}``
    Whose areas are being entered (or corrected) now.
``{"type": "add_area", "blocks": 7, "symbol": "Ann"}``
    One more area of the selected player: its block count (4 or more) and, if 4+ of one
    symbol are connected inside it, the player who owns that symbol (else ``None``).
``{"type": "set_area", "index": 0, "blocks": 8, "symbol": None}``
    Correct area ``index`` (0-based) of the selected player.
``{"type": "remove_area", "index": 0}``
    Delete area ``index`` of the selected player.
``{"type": "finish"}``
    Scoring is complete: the game is over and :func:`result` gives the winner.

>>> state = new_game({"players": ["Ann", "Bob"], "first": "Bob"})
>>> state = step(state, {"type": "begin_scoring"})
>>> state = step(state, {"type": "add_area", "blocks": 10, "symbol": None})
>>> state = step(state, {"type": "select_player", "player": "Bob"})
>>> state = step(state, {"type": "add_area", "blocks": 5, "symbol": "Bob"})
>>> state = step(state, {"type": "finish"})
>>> dict(result(state).scores), result(state).winners
({'Ann': 12, 'Bob': 7}, ('Ann',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from companion.games.base import (
    HouseRule,
    RuleError,
    check_house_rules,
    house_rule,
    players_from,
    ranked,
    require,
)
from companion.games.base import Result as GameResult

TITLE = "Area Tiles"
MIN_PLAYERS, MAX_PLAYERS = 2, 3
COLOURS = ("red", "blue", "yellow")
#: The symbol each colour's player owns (the glyphs of the printed tiles, named).
SYMBOLS = {"red": "double circle", "blue": "cross", "yellow": "triangle"}
TILES, SHORT_TILES = 24, 18
BLOCKS_PER_TILE = 3
MIN_BLOCKS = 4
BONUS = 3
#: (lowest, highest, points) for each size band; ``None``: no upper end.
BANDS = ((4, 6, 1), (7, 9, 3), (10, 10, 6), (11, 11, 3), (12, 12, 1), (13, None, 0))

HOUSE_RULES: dict[str, HouseRule] = {
    "name": HouseRule(
        TITLE, "The name the menu and the screens give this game (the rule sheet has no title)."
    ),
    "two_player_colours": HouseRule(
        "red+blue",
        "The two colours a two-player game uses when the setup names none.",
        ("red+blue", "red+yellow", "blue+yellow"),
    ),
}


def display_name(options: Mapping[str, Any] | None = None) -> str:
    """The game's name: the ``name`` house rule of ``options``, else ``"Area Tiles"``.

    >>> display_name({"house_rules": {"name": "Just Right"}})
    'Just Right'
    """
    name = house_rule(options or {}, HOUSE_RULES, "name").strip()
    require(bool(name), "the game's name cannot be empty.")
    return name


def area_points(blocks: int) -> int:
    """The points one area of ``blocks`` connected blocks is worth (4+ blocks).

    Raises :class:`RuleError` (a :class:`ValueError`) below 4: that is not an area.

    >>> [area_points(n) for n in (4, 7, 10, 11, 12, 13)]
    [1, 3, 6, 3, 1, 0]
    """
    require(
        isinstance(blocks, int) and not isinstance(blocks, bool),
        f"an area's size is a whole number of blocks, not {blocks!r}.",
    )
    require(
        blocks >= MIN_BLOCKS,
        f"an area has at least {MIN_BLOCKS} connected blocks; {blocks} is not an area.",
    )
    return next(points for _, high, points in BANDS if high is None or blocks <= high)


@dataclass(frozen=True)
class Line:
    """One player's row of the score table."""

    player: str
    areas: int
    area_points: int
    largest_bonus: int
    most_bonus: int
    symbol_bonus: int

    @property
    def total(self) -> int:
        """Area points plus all three bonuses."""
        return self.area_points + self.largest_bonus + self.most_bonus + self.symbol_bonus


@dataclass(frozen=True)
class Score:
    """The worked-out final scoring (exported as ``Result`` too, the issue's name).

    ``lines`` holds one :class:`Line` per player in seating order; ``places`` the players
    best first (total, then fewer areas); ``tie_break`` is ``""``, ``"fewer areas"`` or
    ``"draw"``; ``detail`` a sentence for the result screen.
    """

    lines: tuple[Line, ...]
    places: tuple[tuple[str, ...], ...]
    tie_break: str
    detail: str

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's total points (read-only)."""
        return MappingProxyType({line.player: line.total for line in self.lines})

    @property
    def winners(self) -> list[str]:
        """The winning players; more than one means a draw."""
        return list(self.places[0]) if self.places else []

    @property
    def is_draw(self) -> bool:
        return len(self.places[0]) > 1 if self.places else False

    def line(self, player: str) -> Line:
        """The score-table row of ``player``."""
        for line in self.lines:
            if line.player == player:
                return line
        names = ", ".join(line.player for line in self.lines)
        raise RuleError(f"{player!r} is not playing; the players are {names}.")


Result = Score


def score(areas: Mapping[str, Sequence[int]], symbol_areas: Sequence[str] = ()) -> Score:
    """Score a finished game.

    :param areas: each player's area sizes in blocks (every one 4 or more), in seating order.
    :param symbol_areas: for every area holding 4+ connected symbols of one kind, the
        player who owns that symbol (one entry per such area).
    :raises RuleError: (a :class:`ValueError`) for a size below 4, an unknown symbol owner
        or more symbol entries than there are areas.

    >>> s = score({"Ann": [10, 5], "Bob": [13]}, symbol_areas=["Ann"])
    >>> dict(s.totals), s.winners
    ({'Ann': 13, 'Bob': 3}, ['Ann'])
    """
    require(len(areas) >= 1, "scoring needs at least one player.")
    sizes = {player: tuple(blocks) for player, blocks in areas.items()}
    points = {player: sum(area_points(b) for b in blocks) for player, blocks in sizes.items()}
    symbols = tuple(symbol_areas)
    for owner in symbols:
        require(
            owner in sizes,
            f"a symbol bonus goes to a player in the game ({', '.join(sizes)}), not {owner!r}.",
        )
    count = sum(len(b) for b in sizes.values())
    require(
        len(symbols) <= count,
        f"each symbol bonus needs its own area: {len(symbols)} bonuses but {count} areas.",
    )
    largest = max((max(b) for b in sizes.values() if b), default=0)
    most = max(len(b) for b in sizes.values())
    lines = tuple(
        Line(
            player=player,
            areas=len(blocks),
            area_points=points[player],
            largest_bonus=BONUS if largest in blocks else 0,
            most_bonus=BONUS if most and len(blocks) == most else 0,
            symbol_bonus=BONUS * symbols.count(player),
        )
        for player, blocks in sizes.items()
    )
    places, tie_break, detail = _rank(lines)
    return Score(lines=lines, places=places, tie_break=tie_break, detail=detail)


def _rank(lines: tuple[Line, ...]) -> tuple[tuple[tuple[str, ...], ...], str, str]:
    """Places best first (total, then fewer areas), the tie-break used and a sentence."""
    places = ranked({line.player: (line.total, -line.areas) for line in lines})
    by = {line.player: line for line in lines}
    top = by[places[0][0]]
    level = [line.player for line in lines if line.total == top.total]
    if len(places[0]) > 1:
        return places, "draw", (
            f"Draw: {_and(places[0])} tie on {top.total} points with {top.areas} areas each."
        )
    if len(level) > 1:
        others = ", ".join(f"{by[p].areas}" for p in level if p != top.player)
        return places, "fewer areas", (
            f"{top.player} wins the tie on {top.total} points with fewer areas "
            f"({top.areas} against {others})."
        )
    return places, "", f"{top.player} wins with {top.total} points."


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- the game at the table ---------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """One entered area: its size and the owner of a 4+ symbol group in it (or ``None``)."""

    blocks: int
    symbol: str | None = None

    @property
    def points(self) -> int:
        return area_points(self.blocks)


@dataclass(frozen=True)
class State:
    """The game as the screens see it.

    ``phase`` is ``"playing"`` (tiles going down; show the setup), ``"scoring"`` (areas
    being entered for ``players[current]``) or ``"over"``. ``areas[i]`` holds player
    ``i``'s entered areas; ``colours[i]`` their colour; ``tiles`` each player's tile count.
    """

    players: tuple[str, ...]
    colours: tuple[str, ...]
    tiles: int
    first: str
    title: str = TITLE
    phase: str = "playing"
    current: int = 0
    areas: tuple[tuple[Area, ...], ...] = ()

    @property
    def selected(self) -> str:
        """The player whose areas are being entered."""
        return self.players[self.current]

    @property
    def max_blocks(self) -> int:
        """How many blocks lie on the table in all (each tile has 3)."""
        return self.tiles * len(self.players) * BLOCKS_PER_TILE


def new_game(options: Mapping[str, Any]) -> State:
    """Set up a game from ``options`` (see the module docstring)."""
    players = players_from(options, MIN_PLAYERS, MAX_PLAYERS)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    colours = _colours(options, len(players))
    short = options.get("short", False)
    require(isinstance(short, bool), f"'short' is true or false, not {short!r}.")
    first = options.get("first", 0)
    if isinstance(first, int) and not isinstance(first, bool):
        require(0 <= first < len(players), f"the first player is seat 0 to {len(players) - 1}.")
        first = players[first]
    require(first in players, f"the first player must be one of {', '.join(players)}.")
    return State(
        players=players,
        colours=colours,
        tiles=SHORT_TILES if short else TILES,
        first=first,
        title=display_name(options),
        areas=((),) * len(players),
    )


def _colours(options: Mapping[str, Any], count: int) -> tuple[str, ...]:
    chosen = options.get("colours")
    if chosen is None:
        if count == len(COLOURS):
            return COLOURS
        return tuple(house_rule(options, HOUSE_RULES, "two_player_colours").split("+"))
    require(
        isinstance(chosen, Sequence) and not isinstance(chosen, str),
        "colours must be a list with one colour per player.",
    )
    chosen = tuple(chosen)
    require(len(chosen) == count, f"give one colour per player: {count}, not {len(chosen)}.")
    require(
        all(c in COLOURS for c in chosen) and len(set(chosen)) == count,
        f"each player takes a different colour of {', '.join(COLOURS)}; got {list(chosen)}.",
    )
    return chosen


def step(state: State, action: Mapping[str, Any]) -> State:
    """Apply one action (see the module docstring) and return the new state."""
    require(isinstance(action, Mapping), "an action is a dict with a 'type'.")
    kind = action.get("type")
    require(state.phase != "over", "the scores are final; undo the finish to change them.")
    if kind == "begin_scoring":
        require(state.phase == "playing", "area entry has already started.")
        return replace(state, phase="scoring", current=0)
    if kind not in ("select_player", "add_area", "set_area", "remove_area", "finish"):
        raise RuleError(
            f"Area Tiles does not know the action {kind!r}; it knows begin_scoring, "
            "select_player, add_area, set_area, remove_area and finish."
        )
    require(state.phase == "scoring", "place every tile, then start scoring to enter areas.")
    if kind == "finish":
        return replace(state, phase="over")
    if kind == "select_player":
        player = action.get("player")
        require(player in state.players, f"choose one of {', '.join(state.players)}.")
        return replace(state, current=state.players.index(player))
    mine = state.areas[state.current]
    if kind == "add_area":
        return _with(state, mine + (_area(state, action, None),))
    index = _index(state, action.get("index"))
    if kind == "set_area":
        return _with(state, mine[:index] + (_area(state, action, index),) + mine[index + 1 :])
    return _with(state, mine[:index] + mine[index + 1 :])


def _with(state: State, mine: tuple[Area, ...]) -> State:
    areas = state.areas[: state.current] + (mine,) + state.areas[state.current + 1 :]
    return replace(state, areas=areas)


def _index(state: State, index: Any) -> int:
    count = len(state.areas[state.current])
    require(count > 0, f"{state.selected} has no areas entered yet.")
    require(
        isinstance(index, int) and not isinstance(index, bool) and 0 <= index < count,
        f"{state.selected} has areas 0 to {count - 1}; there is no area {index!r}.",
    )
    return index


def _area(state: State, action: Mapping[str, Any], replacing: int | None) -> Area:
    blocks = action.get("blocks")
    area_points(blocks)
    room = blocks_left(state, replacing)
    require(
        blocks <= room,
        f"only {room} blocks are left on the table for this area "
        f"({state.max_blocks} in all), not {blocks}.",
    )
    symbol = action.get("symbol")
    require(
        symbol is None or symbol in state.players,
        f"a symbol group belongs to one of {', '.join(state.players)} (or to nobody).",
    )
    return Area(blocks=blocks, symbol=symbol)


def blocks_left(state: State, replacing: int | None = None) -> int:
    """The largest size a new area of the selected player may have (the UP limit).

    All areas together hold at most :attr:`State.max_blocks` blocks. ``replacing``: the
    index of the selected player's area being corrected, whose blocks are free again.
    """
    used = sum(a.blocks for areas in state.areas for a in areas)
    if replacing is not None:
        used -= state.areas[state.current][replacing].blocks
    return state.max_blocks - used


def can_add_area(state: State) -> bool:
    """Whether another area fits: scoring has started and 4+ blocks are left."""
    return state.phase == "scoring" and blocks_left(state) >= MIN_BLOCKS


def current_score(state: State) -> Score:
    """The score of the areas entered so far (the running table; final once over)."""
    return score(
        {p: [a.blocks for a in areas] for p, areas in zip(state.players, state.areas, strict=True)},
        [a.symbol for areas in state.areas for a in areas if a.symbol is not None],
    )


def breakdown(state: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The score table for the result screen: ``(label, one value per player)`` rows.

    The columns follow ``state.players``; the last row is the total.

    >>> s = new_game({"players": ["Ann", "Bob"]})
    >>> s = step(step(s, {"type": "begin_scoring"}), {"type": "add_area", "blocks": 7})
    >>> breakdown(s)[1], breakdown(s)[-1]
    (('Area points', (3, 0)), ('Total', (9, 0)))
    """
    lines = current_score(state).lines
    rows = (
        ("Areas", "areas"),
        ("Area points", "area_points"),
        ("Largest area", "largest_bonus"),
        ("Most areas", "most_bonus"),
        ("Symbols", "symbol_bonus"),
        ("Total", "total"),
    )
    return tuple((label, tuple(getattr(line, name) for line in lines)) for label, name in rows)


def colour_of(state: State, player: str) -> str:
    """The colour (and so the symbol, see :data:`SYMBOLS`) ``player`` plays."""
    require(player in state.players, f"{player!r} is not playing.")
    return state.colours[state.players.index(player)]


def is_over(state: State) -> bool:
    """Whether scoring is finished."""
    return state.phase == "over"


def result(state: State) -> GameResult:
    """Places (total, then fewer areas), totals and the deciding sentence."""
    require(is_over(state), "the game is not over: finish the scoring first.")
    final = current_score(state)
    return GameResult(places=final.places, scores=dict(final.totals), detail=final.detail)
