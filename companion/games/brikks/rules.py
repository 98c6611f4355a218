"""Brikks: the dice, the drawn block, energy costs, optional trackers and the final score.

The paper sheets stay the record; the box rolls, shows the block, prices a turn or a
swap, may keep each player's energy, bonus marks and bombs, and adds up the end.
Players sit in list order; seat 0 starts. The printed numbers are in
:mod:`companion.games.brikks.data`.

Phases: ``"start"`` (start blocks) → ``"play"`` → ``"scoring"`` → ``"over"``.
Actions (``player`` is a seat index from 0):

* ``{"type": "start_block", "player": 2, "colour": "red"}`` — a column-1 block nobody took;
  picks run from the last seat back to seat 0 (house rule ``start_pick_order``).
* ``{"type": "roll", "number": 1-4, "colour": "red", "entered": false}`` — the next
  player's roll (the first roll of a turn moves the turn on). ``"reroll"``: same shape,
  once per turn, before anyone used the block, never in solo.
* Trackers, for any player still in, after a roll: ``{"type": "circle", "player": 0,
  "match": true}`` (covered a colour circle), ``{"type": "rotate", "player": 0,
  "column": 3}``, ``{"type": "swap", "player": 0, "colour": "blue", "column": 2}``,
  ``{"type": "rows", "player": 0, "count": 2-4}``, ``{"type": "bomb", "player": 0}``.
* ``{"type": "out", "player": 1}`` — cannot fit the block. All out: scoring. Duel: when
  one is out, mark the other out too (same turn) or ``{"type": "finish"}``.
* ``{"type": "score", "player": 0, "rows": [11 ints, bottom first], "bonus_marks": 6,
  "bombs_left": 1, "energy_left": 2}`` (duel: ``rows`` only). All entered: over.

>>> s = new_game({"players": ["Ann", "Bob"]})
>>> s = step(s, {"type": "start_block", "player": 1, "colour": "black"})
>>> s = step(s, {"type": "start_block", "player": 0, "colour": "red"})
>>> s = step(s, {"type": "roll", "number": 3, "colour": "green"})
>>> s.active, current_block(s), rotation_cost(3, 1)
('Ann', ('green', 3), 2)
>>> final_score([10, 10, 10, 10, 10, 9, 9, 10, 0, 9, 0], 6, 1, 2)
73
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.api.rules import (
    Die,
    GameDice,
    RuleError,
    check_house_rules,
    players_from,
    require,
    standard,
    word,
)
from companion.games.brikks import GAME, house_rules
from companion.games.brikks import data as D
from companion.games.brikks.house_rules import HOUSE_RULES
from companion.games.brikks.scoring import (
    _colour,
    _int,
    _rows,
    block_cells,
    bomb_points,
    bonus_points,
    breakdown,
    duel_score,
    energy_points,
    entry_score,
    final_score,
    is_over,
    prefill,
    result,
    rotation_cost,
    row_points,
    solo_band,
    solo_rating,
)
from companion.games.brikks.state import Entry, Roll, State, Tracker

__all__ = [
    "TRACKERS", "Entry", "Roll", "State", "Tracker", "block_cells", "bomb_points",
    "bonus_points", "breakdown", "can_reroll", "column_costs", "current_block", "duel_score",
    "energy_points", "entry_score", "final_score", "free_start_blocks", "is_over", "legal",
    "new_game", "next_picker", "next_roller", "player_block", "prefill", "result",
    "rotation_cost", "row_points", "setup_hint", "solo_band", "solo_rating", "starting_energy",
    "step", "round_of", "player_of", "DICE",
]

TRACKERS = ("circle", "rotate", "swap", "rows", "bomb")

#: The drawn block's dice, for ``companion roll brikks``: the d4 and the colour die.
DICE = {"brikks": GameDice(
    (standard(D.COLUMNS), Die("colour", D.COLOURS)),
    word("Brikks: {die2} block, column {die1} (d4 {die1}, colour die {die2})"))}


def figures(state: State) -> dict[str, tuple[tuple[str, int], ...]]:
    """Each player's energy and bombs left, for the phone page's Tonight (labels are
    words of this game's catalogue); the rows are on the players' own sheets.

    >>> figures(new_game({"players": ["Ann", "Ben"]}))["Ann"][1]
    ('bombs', 3)
    """
    return {name: (("energy", t.energy), ("bombs", t.bombs_left))
            for name, t in zip(state.players, state.trackers, strict=True)}


def player_of(state: State, action: Mapping[str, Any]) -> str | None:
    """Whose ``action`` is, from ``state`` before it: a roll is the roller's, a reroll the
    active player's, an entry the player it names; the end of the game is nobody's."""
    kind = action.get("type")
    seat = (next_roller(state) if kind == "roll" else state.turn if kind == "reroll"
            else action.get("player"))
    return state.players[seat] if isinstance(seat, int) and 0 <= seat < len(
        state.players) else None


def round_of(state: State) -> int:
    """The round being played (undo asks before it takes a round back)."""
    return state.round


def starting_energy(players: int, solo: int = D.START_ENERGY[1]) -> int:
    """Energy each player starts with (1 player = solo: ``solo``, house rule ``solo_energy``).

    >>> starting_energy(3), starting_energy(1), starting_energy(1, solo=4)
    (3, 5, 4)
    """
    players = _int(players, GAME.min_players, GAME.max_players, "the player count")
    if players == 1:
        return HOUSE_RULES["solo_energy"].check("solo_energy", solo)
    return D.START_ENERGY[players]


def setup_hint(players: int, solo: int = D.START_ENERGY[1]) -> str:
    """What to do on the energy bar before play, in a line."""
    energy = starting_energy(players, solo)
    crossed = D.CROSSED_CIRCLES[players]
    if players == 1 and energy == 5:
        return f"circle a 5th energy: start with {energy}"
    if not crossed:
        return f"cross nothing: start with {energy} energy"
    which = " and ".join(map(str, crossed))
    plural = "s" if len(crossed) > 1 else ""
    return f"cross circle{plural} {which}: start with {energy} energy"


def new_game(options: Mapping[str, Any]) -> State:
    """A game from ``{"players": [...], "levels": [2, 3], "duel": false, "house_rules": {}}``."""
    players = players_from(options, GAME.min_players, GAME.max_players)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    levels = options.get("levels") or [D.DEFAULT_LEVEL] * len(players)
    require(isinstance(levels, Sequence) and len(levels) == len(players),
            "give one level per player ({count}).", count=len(players))
    levels = tuple(_int(v, 1, 4, "a level") for v in levels)
    duel = options.get("duel", False)
    require(isinstance(duel, bool), "duel is true or false.")
    require(not duel or len(players) == 2,
            "Brikks Duel is for exactly 2 players, not {count}.", count=len(players))
    n = len(players)
    if n == 1:  # solo: the circles a solo player starts with are all available ones
        solo = house_rules.value(options, "solo_energy")
        fresh = Tracker(energy=solo, bar=solo)
    else:
        fresh = Tracker(energy=D.START_ENERGY[n], bar=D.SETUP_CIRCLES[n])
    return State(players=players, levels=levels, duel=duel,
                 pick_order=house_rules.value(options, "start_pick_order"),
                 trackers=(fresh,) * n, start_blocks=(None,) * n, entries=(None,) * n)


# --- helpers the screens draw from -----------------------------------------------------

def next_picker(state: State) -> int | None:
    """The seat that picks a start block next (from the start player's right, backwards)."""
    for seat in reversed(range(len(state.players))):
        if state.start_blocks[seat] is None:
            return seat
    return None


def free_start_blocks(state: State) -> tuple[str, ...]:
    """The colours whose column-1 block nobody has taken."""
    return tuple(c for c in D.COLOURS if c not in state.start_blocks)


def current_block(state: State) -> tuple[str, int] | None:
    """``(colour, column)`` rolled this turn, or ``None`` before the first roll."""
    return (state.rolls[-1].colour, state.rolls[-1].number) if state.rolls else None


def player_block(state: State, player: int) -> tuple[str, int] | None:
    """The block ``player`` uses this turn: the roll, or their own after a turn or a swap."""
    t = state.trackers[player]
    return t.chip if t.chip is not None and t.chip_turn == state.turn_no else current_block(state)


def column_costs(state: State, player: int) -> tuple[int, ...]:
    """Energy for ``player`` to use each column 1–4 of their block's row (0 = theirs)."""
    block = player_block(state, player)
    return tuple(rotation_cost(block[1], c) if block else 0 for c in range(1, D.COLUMNS + 1))


def can_reroll(state: State) -> bool:
    """Whether the player who just rolled may still throw both dice again."""
    return (state.phase == "play" and state.rolled and not state.solo and not state.acted
            and not state.rolls[-1].reroll)


def next_roller(state: State) -> int:
    """The seat that presses ROLL next (the turn moves on once the active player rolled)."""
    return _advance(state)[0] if state.rolled else state.turn


def legal(state: State) -> tuple[str, ...]:
    """The action types ``step`` accepts now (some still need the right player or values)."""
    if state.phase == "start":
        return ("start_block",)
    if state.phase == "play":
        if state.duel and any(t.out for t in state.trackers):
            return ("out", "finish")
        return ("roll",) + (("reroll",) if can_reroll(state) else ()) + (
            TRACKERS if state.rolled else ()) + ("out",)
    return ("score",) if state.phase == "scoring" else ()


# --- step ----------------------------------------------------------------------------

def _advance(state: State) -> tuple[int, int]:
    seat, rnd, n = state.turn, state.round, len(state.players)
    for _ in range(n):
        seat = (seat + 1) % n
        rnd += seat == 0
        if not state.trackers[seat].out:
            break
    return seat, rnd


def _player(state: State, action: Mapping[str, Any]) -> int:
    return _int(action.get("player"), 0, len(state.players) - 1, "player")


def _set(state: State, seat: int, **changes: Any) -> State:
    trackers = list(state.trackers)
    trackers[seat] = replace(trackers[seat], **changes)
    return replace(state, trackers=tuple(trackers))


def _gain(t: Tracker, amount: int) -> dict[str, int]:
    energy, bar, marks = t.energy, t.bar, t.bonus_marks
    for _ in range(amount):
        if bar < D.ENERGY_CIRCLES:  # a full bar takes no more energy
            bar, energy = bar + 1, energy + 1
            marks += bar in D.PINK_CIRCLES
    return {"energy": energy, "bar": bar, "bonus_marks": marks}


def step(state: State, action: Mapping[str, Any]) -> State:
    """Apply one action (see the module docstring); return the new state. The move is
    looked up by its type in :data:`MOVES`, once :func:`legal` allows it now."""
    kind = action.get("type")
    if kind not in legal(state):
        raise _refusal(state, kind)
    return MOVES[kind](state, action)


Move = Callable[[State, Mapping[str, Any]], State]
SheetMove = Callable[[State, int, Mapping[str, Any]], State]


def _start_block(state: State, action: Mapping[str, Any]) -> State:
    seat, colour = _player(state, action), _colour(action.get("colour"))
    require(state.start_blocks[seat] is None,
            "{name} already has a start block.", name=state.players[seat])
    if state.pick_order == "rules":
        picker = next_picker(state)
        assert picker is not None  # seat's own start block is still free
        require(seat == picker, "{name} picks a start block now.",
                name=state.players[picker])
    require(colour in free_start_blocks(state), "the {colour} start block is taken.",
            colour=colour)
    blocks = state.start_blocks[:seat] + (colour,) + state.start_blocks[seat + 1:]
    return replace(state, start_blocks=blocks, phase="start" if None in blocks else "play")


def _roll(state: State, action: Mapping[str, Any]) -> State:
    """A roll (the next player's turn, once this one's block was rolled) or a reroll."""
    kind = action.get("type")
    number = _int(action.get("number"), 1, D.COLUMNS, "the d4")
    colour = _colour(action.get("colour"))
    entered = action.get("entered", False)
    require(isinstance(entered, bool), "entered is true or false.")
    if kind == "roll" and state.rolled:
        seat, rnd = _advance(state)
        state = replace(state, turn=seat, round=rnd, turn_no=state.turn_no + 1)
    roll = Roll(state.turn_no, state.round, state.turn, number, colour,
                reroll=kind == "reroll", entered=entered)
    return replace(state, rolls=state.rolls + (roll,), acted=False)


def _finish(state: State, action: Mapping[str, Any]) -> State:
    survivor = next(i for i, t in enumerate(state.trackers) if not t.out)
    return replace(state, phase="over", survivor=survivor)


def _on_sheet(move: SheetMove) -> Move:
    """A move a player makes on their own sheet: they must still be in, and have acted
    this turn once it is made."""

    def made(state: State, action: Mapping[str, Any]) -> State:
        seat = _player(state, action)
        require(not state.trackers[seat].out, "{name} is out already.",
                name=state.players[seat])
        return move(replace(state, acted=True), seat, action)

    return made


def _out(state: State, seat: int, action: Mapping[str, Any]) -> State:
    state = _set(state, seat, out=True)
    if all(x.out for x in state.trackers):
        return replace(state, phase="scoring")
    if seat == state.turn and not state.rolled:
        seat, rnd = _advance(state)
        state = replace(state, turn=seat, round=rnd)
    return state


def _circle(state: State, seat: int, action: Mapping[str, Any]) -> State:
    t = state.trackers[seat]
    match = action.get("match")
    require(isinstance(match, bool),
            "say whether the circle matched the block's colour (true/false).")
    change = D.SAME_COLOUR_ENERGY if match else D.OTHER_COLOUR_ENERGY[state.levels[seat]]
    if change >= 0:
        return _set(state, seat, used=True, **_gain(t, change))
    return _set(state, seat, used=True, energy=max(0, t.energy + change))


def _rows_at_once(state: State, seat: int, action: Mapping[str, Any]) -> State:
    count = _int(action.get("count"), 2, 4, "rows completed at once")
    marks = state.trackers[seat].bonus_marks + D.MULTI_ROW_MARKS[count]
    return _set(state, seat, used=True, bonus_marks=marks)


def _bomb(state: State, seat: int, action: Mapping[str, Any]) -> State:
    t, name = state.trackers[seat], state.players[seat]
    require(t.bomb_turn != state.turn_no, "{name} already bombed this block.", name=name)
    require(t.bombs_left > 0, "{name} has no bombs left.", name=name)
    return _set(state, seat, used=True, bombs_left=t.bombs_left - 1, bomb_turn=state.turn_no)


def _rotate(state: State, seat: int, action: Mapping[str, Any]) -> State:
    t, name = state.trackers[seat], state.players[seat]
    colour, column = _block(state, seat)
    target = _int(action.get("column"), 1, D.COLUMNS, "the column")
    require(target != column, "{name}'s block is already in column {column}.",
            name=name, column=column)
    cost = rotation_cost(column, target)
    require(t.energy >= cost, "{name} has {energy} energy; that rotation costs {cost}.",
            name=name, energy=t.energy, cost=cost)
    return _set(state, seat, used=True, energy=t.energy - cost, chip=(colour, target),
                chip_turn=state.turn_no)


def _swap(state: State, seat: int, action: Mapping[str, Any]) -> State:
    t, name = state.trackers[seat], state.players[seat]
    _block(state, seat)
    colour = _colour(action.get("colour"))
    target = _int(action.get("column"), 1, D.COLUMNS, "the column")
    require(t.energy >= D.SWAP_COST, "{name} has {energy} energy; a swap costs {cost}.",
            name=name, energy=t.energy, cost=D.SWAP_COST)
    return _set(state, seat, used=True, energy=t.energy - D.SWAP_COST,
                chip=(colour, target), chip_turn=state.turn_no)


def _block(state: State, seat: int) -> tuple[str, int]:
    block = player_block(state, seat)
    assert block is not None  # legal() allows these actions only while a block is in play
    return block


#: Every move by its action type (the declaration names each in a player's words).
MOVES: dict[str, Move] = {
    "start_block": _start_block,
    "roll": _roll,
    "reroll": _roll,
    "finish": _finish,
    "score": lambda state, action: _score(state, _player(state, action), action),
    "out": _on_sheet(_out),
    "circle": _on_sheet(_circle),
    "rows": _on_sheet(_rows_at_once),
    "bomb": _on_sheet(_bomb),
    "rotate": _on_sheet(_rotate),
    "swap": _on_sheet(_swap),
}


def _score(state: State, seat: int, action: Mapping[str, Any]) -> State:
    rows = _rows(action.get("rows"))
    if state.duel:
        entry = Entry(rows)
    else:
        # as logged: breakdown() checks each value
        parts: dict[str, Any] = {k: action.get(k)
                                 for k in ("bonus_marks", "bombs_left", "energy_left")}
        breakdown(rows, **parts)  # checks every value
        entry = Entry(rows, **parts)
    entries = state.entries[:seat] + (entry,) + state.entries[seat + 1:]
    return replace(state, entries=entries, phase="scoring" if None in entries else "over")


def _refusal(state: State, kind: Any) -> RuleError:
    """Why ``step`` refuses action ``kind`` now (a translatable message)."""
    if kind not in ("start_block", "roll", "reroll", "finish", "out", "score", *TRACKERS):
        return RuleError("Brikks does not know the action {kind}.", kind=repr(kind))
    if state.phase == "start":
        return RuleError("every player picks a start block first.")
    if kind == "start_block":
        return RuleError("start blocks are picked before the first roll.")
    if kind == "finish":
        return RuleError("finish ends a duel once one of the two is out.")
    if kind == "score" and state.phase == "play":
        return RuleError("final scores are entered once everyone is out.")
    if state.phase == "play":
        if state.duel and any(t.out for t in state.trackers):
            return RuleError("one duellist is out: mark the other out too (same turn) or finish.")
        if kind == "reroll":
            if state.solo:
                return RuleError("no rerolls in solo.")
            return RuleError("one reroll of both dice per turn, right after the roll, "
                             "before anyone uses the block.")
        return RuleError("roll the dice first.")
    if state.phase == "scoring":
        return RuleError("everyone is out: enter the final scores.")
    return RuleError("this game is over; start a new one.")
