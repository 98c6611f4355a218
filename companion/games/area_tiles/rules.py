"""Area Tiles (Kenichi Kabuki, Game NOWA 2014): the final scoring, worked out for the table.

The tiles are laid on the table as usual; the companion shows the setup (colours, tiles
per player, who starts) and then takes each player's areas and works out the score.

Options of :func:`new_game`: ``players`` (2 or 3 names, in seating order), ``colours``
(one per player from red, blue, yellow; default red, blue, yellow with three players and
the ``two_player_colours`` house rule with two), ``short`` (``True``: 18 tiles each instead
of 24), ``first`` (the starting player, a name or a seat index; drawn at the edge) and
``house_rules``. The setup logs every house rule; one missing from the options marks a
game saved before that rule existed, which goes on as it was played
(:data:`~companion.games.area_tiles.house_rules.LEGACY`: one symbol owner per area).

Actions of :func:`step`:

``{"type": "begin_scoring"}``
    Every tile is down; area entry starts, with the first player selected.
``{"type": "select_player", "player": "Bob"}``
    Whose areas are being entered (or corrected) now.
``{"type": "add_area", "blocks": 7, "symbol": "Ann"}``
    One more area of the selected player: its block count (4 or more) and, if 4+ of one
    symbol are connected inside it, the player who owns that symbol (else ``None``).
    When several shapes qualify in one area, a list of their owners (``["Ann", "Bob"]``);
    the house rule ``symbol_bonus = "one"`` allows one owner per area only.
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
from dataclasses import dataclass, field, replace
from typing import Any

from companion.api.rules import Result as GameResult
from companion.api.rules import (
    RuleError,
    check_house_rules,
    house_rule,
    players_from,
    require,
)
from companion.games.area_tiles import GAME, house_rules
from companion.games.area_tiles.house_rules import HOUSE_RULES
from companion.games.area_tiles.scoring import (
    BANDS,
    BONUS,
    MIN_BLOCKS,
    Line,
    Result,
    Score,
    area_points,
    score,
)

__all__ = [
    "BANDS", "BLOCKS_PER_TILE", "BONUS", "COLOURS", "MIN_BLOCKS", "SHORT_TILES", "SYMBOLS",
    "TILES", "Area", "Line", "Result", "Score", "State", "area_points", "blocks_left",
    "breakdown", "can_add_area", "colour_of", "current_score", "display_name", "is_over",
    "new_game", "result", "score", "step",
]

COLOURS = ("red", "blue", "yellow")
#: The symbol each colour's player owns (the glyphs of the printed tiles, named).
SYMBOLS = {"red": "double circle", "blue": "cross", "yellow": "triangle"}
TILES, SHORT_TILES = 24, 18
BLOCKS_PER_TILE = 3



def display_name(options: Mapping[str, Any] | None = None) -> str:
    """The game's name: the ``name`` house rule of ``options``, else ``"Area Tiles"``.

    >>> display_name({"house_rules": {"name": "Just Right"}})
    'Just Right'
    """
    name = house_rule(options or {}, HOUSE_RULES, "name").strip()
    require(bool(name), "the game's name cannot be empty.")
    return name




# --- the game at the table ---------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """One entered area: its size and whose symbols have a 4+ group in it.

    ``symbol`` is ``None`` (no group), one owner's name, or a tuple of owners in seating
    order when several shapes qualify (a single owner stays a name, so areas saved by
    earlier versions read the same).
    """

    blocks: int
    symbol: str | tuple[str, ...] | None = None

    @property
    def points(self) -> int:
        return area_points(self.blocks)

    @property
    def owners(self) -> tuple[str, ...]:
        """Every player who scores a symbol bonus for this area (empty: nobody)."""
        if self.symbol is None:
            return ()
        return (self.symbol,) if isinstance(self.symbol, str) else self.symbol


@dataclass(frozen=True)
class State:
    """The game as the screens see it.

    ``phase`` is ``"playing"`` (tiles going down; show the setup), ``"scoring"`` (areas
    being entered for ``players[current]``) or ``"over"``. ``areas[i]`` holds player
    ``i``'s entered areas; ``colours[i]`` their colour; ``tiles`` each player's tile count.
    ``symbol_bonus`` is the house rule: ``"each"`` or ``"one"`` owner per area.
    """

    players: tuple[str, ...]
    colours: tuple[str, ...]
    tiles: int
    first: str
    title: str = GAME.title
    phase: str = "playing"
    current: int = 0
    areas: tuple[tuple[Area, ...], ...] = ()
    # Out of the repr, so a saved game's state reads as it did before the rule existed.
    symbol_bonus: str = field(default="each", repr=False)

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
    players = players_from(options, GAME.min_players, GAME.max_players)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    colours = _colours(options, len(players))
    short = options.get("short", False)
    require(isinstance(short, bool), "'short' is true or false, not {short!r}.", short=short)
    first = options.get("first", 0)
    if isinstance(first, int) and not isinstance(first, bool):
        require(0 <= first < len(players), "the first player is seat 0 to {last}.",
                last=len(players) - 1)
        first = players[first]
    require(first in players, "the first player must be one of {players}.",
            players=", ".join(players))
    return State(
        players=players,
        colours=colours,
        tiles=SHORT_TILES if short else TILES,
        first=first,
        title=display_name(options),
        areas=((),) * len(players),
        symbol_bonus=house_rules.value(options, "symbol_bonus"),
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
    require(len(chosen) == count, "give one colour per player: {count}, not {given}.",
            count=count, given=len(chosen))
    require(
        all(c in COLOURS for c in chosen) and len(set(chosen)) == count,
        "each player takes a different colour of {colours}; got {chosen}.",
        colours=", ".join(COLOURS), chosen=list(chosen),
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
            "Area Tiles does not know the action {kind!r}; it knows begin_scoring, "
            "select_player, add_area, set_area, remove_area and finish.", kind=kind
        )
    require(state.phase == "scoring", "place every tile, then start scoring to enter areas.")
    if kind == "finish":
        return replace(state, phase="over")
    if kind == "select_player":
        player = action.get("player")
        require(player in state.players, "choose one of {players}.",
                players=", ".join(state.players))
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
    require(count > 0, "{name} has no areas entered yet.", name=state.selected)
    require(
        isinstance(index, int) and not isinstance(index, bool) and 0 <= index < count,
        "{name} has areas 0 to {last}; there is no area {index!r}.",
        name=state.selected, last=count - 1, index=index,
    )
    return index


def _area(state: State, action: Mapping[str, Any], replacing: int | None) -> Area:
    blocks = action.get("blocks")
    area_points(blocks)  # raises for anything but a whole number of 4 or more
    assert isinstance(blocks, int)
    room = blocks_left(state, replacing)
    require(
        blocks <= room,
        "only {room} blocks are left on the table for this area ({total} in all), "
        "not {blocks}.",
        room=room, total=state.max_blocks, blocks=blocks,
    )
    return Area(blocks=blocks, symbol=_owners(state, action.get("symbol")))


def _owners(state: State, symbol: Any) -> str | tuple[str, ...] | None:
    """``symbol`` as an area keeps it: ``None``, one name, or names in seating order."""
    named = list(symbol) if isinstance(symbol, (list, tuple)) else [symbol]
    named = [n for n in named if n is not None]
    require(
        all(isinstance(n, str) and n in state.players for n in named),
        "a symbol group belongs to one of {players} (or to nobody).",
        players=", ".join(state.players),
    )
    require(len(set(named)) == len(named), "name each symbol's owner once per area.")
    require(
        len(named) <= 1 or state.symbol_bonus == "each",
        "one symbol bonus per area (house rule symbol_bonus = 'one'): name one owner.",
    )
    if len(named) <= 1:
        return named[0] if named else None
    return tuple(p for p in state.players if p in named)


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
        [a.owners for areas in state.areas for a in areas if a.owners],
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
    require(player in state.players, "{player!r} is not playing.", player=player)
    return state.colours[state.players.index(player)]


def is_over(state: State) -> bool:
    """Whether scoring is finished."""
    return state.phase == "over"


def result(state: State) -> GameResult:
    """Places (total, then fewer areas), totals and the deciding sentence."""
    require(is_over(state), "the game is not over: finish the scoring first.")
    final = current_score(state)
    return GameResult(places=final.places, scores=dict(final.totals), detail=final.detail)
