"""The Great Brain Robbery: movement and combat dice, brains, XP and the whole train.

The box keeps, per player, what the dice depend on (cards in hand, the brain in the head
with its Run, Hit and IQ, XP when the table tracks it) and which car the pawn is on, or
``None`` for "running behind the train". It keeps the train (cars rear to front, each a
board 1–8 and a side A/B; board 1 is the Caboose on side A and the Engine on side B),
the pile of boards still to draw and the boards that left the game. Every die and every
drawn board arrives inside an action and is checked here.

Actions (``player`` is a name; cards are counts, since the box does not know the cards):

* ``{"type": "setup", "first": 1, "board": 4, "side": "B"}`` — random first seat (index)
  and the first board put in front of the Caboose. Always the first action.
* ``{"type": "set_hand", "player": p, "cards": 2}``, ``{"type": "set_xp", "player": p,
  "xp": 3}``, ``{"type": "set_brain", "player": p, "brain": {"run": 1, "hit": 2, "iq": 5}}``
  (``"brain": None`` empties the head), ``{"type": "discard", "player": p, "cards": 1}`` —
  entries, allowed at any time during play.
* ``{"type": "move_roll", "dice": [3, 5]}`` — the mover's movement dice (:func:`dice_count`).
* ``{"type": "run_card", "run": 2}`` — while moving, the mover discards a card for its Run.
* ``{"type": "new_car", "board": 6, "side": "A"}`` — the mover entered the front car: the
  drawn board is coupled in front (the Caboose drawn again is coupled as the Engine).
* ``{"type": "move", "car": 6, "break": False, "checks": [1, 5]}`` — the move ends on the
  car with board number ``car``. ``break`` says the pawn stopped on a Break space of the
  Engine (the rear car is destroyed first). ``checks`` are the decoupling rolls, required
  exactly when a new car was coupled during this move (see :func:`check_length`).
* ``{"type": "brain_space"}`` — the mover stopped on a brain space with a counter.
* ``{"type": "fight", "fighters": ["Bob"], "dice": {"Ann": [4, 2], "Bob": [6]}}`` — the
  mover attacks the named pawns on the same car; every fighter's dice are given.
* ``{"type": "hit_card", "player": p, "hit": 3}`` — a fighter discards a card for its Hit.
* ``{"type": "end_fight"}`` — everyone passed: the winner is named, losers gain 1 XP.
* ``{"type": "brains", "heads": {"Ann": "Bob", "Bob": None, "Cy": "Cy"}}`` — after a
  fight, its winner moves, rearranges or discards the fighters' brains in one go: each
  fighter's head gets the brain that was in the named fighter's head (``None``: empty);
  a brain named nowhere is discarded. ``{"type": "swap_brains", "players": [a, b]}``
  (two fighters swap) is still replayed from older logs.
* ``{"type": "insert_brain", "run": 1, "hit": 0, "iq": 9, "cost": 2}`` — end of turn.
* ``{"type": "end_turn"}`` — the mover discards down to 2 cards; the next seat plays.
* ``{"type": "end_game"}`` — the table stops the game early (the long game may never end).
* ``{"type": "iq", "player": p, "iq": 12}`` then ``{"type": "finish"}`` — final scoring.

For the screens: ``state.phase``, ``state.mover``, ``state.round``, ``state.move.total``,
``state.fight`` (fighters, totals, winner), ``state.event`` (the last Break/decoupling:
rolls against :attr:`Decoupling.lengths`, removed cars, stranded players),
:func:`legal_actions`, :func:`dice_needed`, :func:`train_labels`, :func:`pawns_on`, and
for the dice module :func:`check_length` with :func:`decoupling_done`.

>>> s = new_game({"players": ["Ann", "Bob", "Cy"]})
>>> s = step(s, {"type": "setup", "first": 1, "board": 4, "side": "B"})
>>> s.mover.name, train_labels(s)
('Bob', ('Caboose', '4B'))
>>> s = step(s, {"type": "move_roll", "dice": [2]})
>>> s = step(s, {"type": "new_car", "board": 6, "side": "A"})
>>> s = step(s, {"type": "move", "car": 4, "checks": [1, 5]})
>>> train_labels(s), s.pile, s.event.stranded
(('4B', '6A'), (1, 2, 3, 5, 7, 8), ('Ann', 'Cy'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.api.rules import (
    GameDice,
    Result,
    RuleError,
    Said,
    check_house_rules,
    house_rule,
    listed,
    players_from,
    ranked,
    require,
    said,
    standard,
    word,
)
from companion.games.brain_robbery import GAME
from companion.games.brain_robbery.actions import Named
from companion.games.brain_robbery.data import (
    AFTER,
    CABOOSE,
    FIGHT,
    MAX_STAT,
    MOVING,
    OVER,
    SCORING,
    SETUP,
    START,
    Brain,
    Car,
    Decoupling,
    Fight,
    Move,
    Player,
    cars_uncoupled,
    check_length,
    combat_winner,
    decoupling_done,
    dice_count,
    dice_values,
    end_fight,
    hit_card,
    move_brains,
    start_fight,
    swap_brains,
    uncouple,
    whole,
    with_player,
)
from companion.games.brain_robbery.entries import (
    MAX_HAND,
    _discard,
    _insert_brain,
    _iq,
    _set_brain,
    _set_hand,
    _set_xp,
    winner,
)
from companion.games.brain_robbery.house_rules import HOUSE_RULES
from companion.games.brain_robbery.state import BOARDS, State

__all__ = [
    "MAX_HAND", "Brain", "Car", "Decoupling", "Fight", "Move", "Player", "State", "car_label",
    "cars_uncoupled", "check_length", "combat_winner", "decoupling_done", "dice_count",
    "dice_needed", "is_over", "legal_actions", "new_game", "pawns_on", "player_of", "result",
    "round_of", "step",
    "stops", "train_labels", "winner", "DICE",
]

#: The movement and combat dice, for ``companion roll brain-robbery``.
DICE = {"brain-robbery": GameDice(
    (standard(6), standard(6)),
    word("Brain Robbery: {die1} + {die2} = {total} (two dice; add your brain's Run)"))}

HAND_LIMIT = 2
PLAYING = (START, MOVING, AFTER, FIGHT)


def new_game(options: Mapping[str, Any]) -> State:
    """A game waiting for its ``setup`` action; ``options["board_names"]`` may name 8 boards."""
    names = players_from(options, GAME.min_players, GAME.max_players)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    board_names = options.get("board_names") or house_rule(options, HOUSE_RULES, "board_names")
    require(
        isinstance(board_names, Sequence) and not isinstance(board_names, str)
        and len(board_names) in (0, BOARDS),
        "board_names lists the {boards} boards in order, board 1 (Caboose/Engine) first.",
        boards=BOARDS,
    )
    return State(
        players=tuple(Player(n) for n in names),
        long_game=house_rule(options, HOUSE_RULES, "long_game"),
        track_xp=house_rule(options, HOUSE_RULES, "track_xp"),
        board_names=tuple(str(b) for b in board_names),
    )


def step(state: State, action: Mapping[str, Any]) -> State:
    """Apply one action and return the new state (see the module docstring)."""
    require(isinstance(action, Mapping), "an action is a dict with a 'type' key.")
    kind = action.get("type")
    if kind not in _HANDLERS:  # not one of ours: only a damaged log or a script sends it
        raise RuleError("The Great Brain Robbery does not know the action {kind}.",
                        kind=repr(kind))
    handler, phases = _HANDLERS[kind]
    require(state.phase != OVER, "this game is over; start a new one.")
    require(
        state.phase in phases,
        "{kind} is not possible now; allowed: {allowed}.",
        kind=Named([kind]), allowed=Named(legal_actions(state)),
    )
    return handler(state, action)


def legal_actions(state: State) -> tuple[str, ...]:
    """The action types :func:`step` may accept now (for the screens' menus)."""
    s, on_train = state, state.phase in PLAYING and state.mover.car is not None
    barred = {
        "set_xp": not s.track_xp,
        "new_car": s.engine or not s.pile,
        "brain_space": s.took_space or not on_train,
        "fight": s.fight is not None or not on_train or len(pawns_on(s, s.mover.car)) < 2,
        "brains": s.fight is None or s.fight.winner is None,
        "swap_brains": True,  # only replayed from older logs; "brains" does it and more
    }
    return tuple(kind for kind, (_, phases) in _HANDLERS.items()
                 if s.phase in phases and not barred.get(kind, False))


def dice_needed(state: State, name: str | None = None) -> int:
    """How many dice ``name`` (default: the mover) rolls now, to move or to fight."""
    p = state.mover if name is None else state.player(name)
    return dice_count(p.brain is not None, p.hand)


def stops(state: State) -> tuple[int, ...]:
    """The train indices (rear first) the mover's pawn may end the move on now: never back
    towards the rear, and into the front car only once it is the Engine, the pile is empty
    or the pawn started there (otherwise entering it couples a new car first).

    >>> s = step(new_game({"players": ["Ann", "Bob", "Cy"]}),
    ...          {"type": "setup", "first": 0, "board": 4, "side": "B"})
    >>> stops(step(s, {"type": "move_roll", "dice": [3]}))
    (0,)
    """
    move, front = state.move, len(state.train) - 1
    low = move.start if move is not None and move.start is not None else 0
    start = move.start if move is not None else None
    return tuple(i for i in range(low, front + 1)
                 if state.engine or i < front or not state.pile or i == start)


def train_labels(state: State) -> tuple[str, ...]:
    """The cars rear to front as short labels ("Caboose", "4B", "Engine" or owner names)."""
    return tuple(car_label(state, car) for car in state.train)


def car_label(state: State, car: Car) -> str:
    """A car's label; with ``board_names`` the owner's name of the board plus its side."""
    if state.board_names and not car.board == CABOOSE:
        return f"{state.board_names[car.board - 1]} {car.side}"
    return car.label


def pawns_on(state: State, board: int | None) -> tuple[str, ...]:
    """The players whose pawn is on the car ``board`` (``None``: behind the train)."""
    return tuple(p.name for p in state.players if p.car == board)


def is_over(state: State) -> bool:
    """Whether the final IQs are confirmed."""
    return state.phase == OVER


def player_of(state: State, action: Mapping[str, Any]) -> str | None:
    """Whose ``action`` is, from ``state`` before it: the player an entry names
    (``"player": 1``); the train's own steps are nobody's."""
    seat = action.get("player")
    return state.players[seat].name if isinstance(seat, int) and 0 <= seat < len(
        state.players) else None


def round_of(state: State) -> int:
    """The round being played (undo asks before it takes a round back)."""
    return state.round


def result(state: State) -> Result:
    """Places by final IQ; nobody wins (no places) when the highest IQ is 0."""
    iqs = {p.name: iq for p, iq in zip(state.players, state.iqs, strict=True)}
    best = max(iqs.values(), default=0)
    if best == 0:
        return Result((), iqs, said("nobody wins: the best brain in a head has IQ 0."))
    top = [n for n, iq in iqs.items() if iq == best]
    who = listed(top, " and ", " and ")
    first = (said("{who} shared with IQ {iq};", who=who, iq=best) if len(top) > 1
             else said("{who} won with IQ {iq};", who=who, iq=best))
    return Result(ranked(iqs), iqs, (first, _end_reason(state.end_reason)))


def _end_reason(reason: str) -> Said:
    """Why the game ended, as a sentence to translate (the state keeps the English)."""
    stopped = " stopped on a Break with only the Engine left."
    if reason.endswith(stopped):
        return said("{who} stopped on a Break with only the Engine left.",
                    who=reason[:-len(stopped)])
    if reason == "the table stopped the game.":
        return said("the table stopped the game.")
    return said("{reason}", reason=reason)


# --- handlers ---------------------------------------------------------------------------


def _setup(s: State, a: Mapping[str, Any]) -> State:
    first = whole(a, "first", 0, len(s.players) - 1, "the first seat")
    board = whole(a, "board", 2, BOARDS, "the first board after the Caboose")
    side = a.get("side")
    if side not in ("A", "B"):
        raise RuleError("a board lies on side 'A' or 'B', not {side}.", side=repr(side))
    return replace(s, phase=START, current=first, turn=1, train=s.train + (Car(board, side),),
                   pile=tuple(b for b in s.pile if b != board))


def _move_roll(s: State, a: Mapping[str, Any]) -> State:
    p = s.mover
    dice = dice_values(a.get("dice"), dice_count(p.brain is not None, p.hand), p.name)
    start = None if p.car is None else _index(s, p.car)
    move = Move(dice, p.brain.run if p.brain else 0, start=start)
    return replace(s, phase=MOVING, move=move)


def _run_card(s: State, a: Mapping[str, Any]) -> State:
    run = whole(a, "run", -MAX_STAT, MAX_STAT, "a card's Run")
    require(s.mover.hand > 0, "{name} has no card to discard.", name=s.mover.name)
    s = with_player(s, s.current, hand=s.mover.hand - 1)
    return replace(s, move=replace(s.moving, cards=s.moving.cards + (run,)))


def _new_car(s: State, a: Mapping[str, Any]) -> State:
    require(not s.engine, "the Engine is coupled: no more cars are added.")
    board = whole(a, "board", 1, BOARDS, "a board")
    require(board in s.pile, "board {board} is not in the pile; the pile holds {pile}.",
            board=board, pile=s.pile)
    side = a.get("side")
    if side not in ("A", "B"):
        raise RuleError("a board lies on side 'A' or 'B', not {side}.", side=repr(side))
    car = Car(CABOOSE, "B") if board == CABOOSE else Car(board, side)
    move = replace(s.moving, new_cars=s.moving.new_cars + 1, start=len(s.train) - 1)
    return replace(s, train=s.train + (car,), pile=tuple(b for b in s.pile if b != board),
                   move=move)


def _index(s: State, board: int) -> int:
    for i, car in enumerate(s.train):
        if car.board == board:
            return i
    raise RuleError("board {board} is not in the train; the train is {train}.",
                    board=board, train=train_labels(s))


def _move(s: State, a: Mapping[str, Any]) -> State:
    index = _index(s, whole(a, "car", 1, BOARDS, "the car (board number)"))
    move, front = s.moving, len(s.train) - 1
    require(move.start is None or index >= move.start,
            "a pawn never moves back into a car nearer the rear.")
    require(index in stops(s),
            "entering the front car couples a new car: draw it with 'new car' first.")
    on_break = a.get("break", False)
    require(isinstance(on_break, bool), "'break' is true or false.")
    require(not on_break or (s.engine and index == front), "Break spaces are on the Engine.")
    rolls = a.get("checks") or []
    require(isinstance(rolls, list), "'checks' is the list of decoupling rolls.")
    require(move.new_cars > 0 or not rolls, "no new car was entered, so no decoupling check.")
    require(move.new_cars == 0 or rolls, "a new car was entered: give the decoupling rolls.")
    s = with_player(s, s.current, car=s.train[index].board)
    broken: Car | None = None
    stranded: tuple[str, ...] = ()
    if on_break:
        if len(s.train) == 1:
            return _to_scoring(s, f"{s.mover.name} stopped on a Break with only the Engine left.")
        s, (broken,), stranded = uncouple(s, 1)
    length = len(s.train)
    removed: tuple[Car, ...] = ()
    if rolls:
        s, removed, more = uncouple(s, cars_uncoupled(length, rolls))
        stranded += more
    event = Decoupling(broken, length, tuple(rolls), removed, stranded)
    return replace(s, phase=AFTER, event=event)


def _brain_space(s: State, a: Mapping[str, Any]) -> State:
    require(not s.took_space, "one brain space per turn: the move stops on one space only.")
    require(s.mover.car is not None, "behind the train there are no brain spaces.")
    s = with_player(s, s.current, hand=s.mover.hand + 1, xp=s.mover.xp + int(s.track_xp))
    return replace(s, took_space=True)


def _end_turn(s: State, a: Mapping[str, Any]) -> State:
    s = with_player(s, s.current, hand=min(s.mover.hand, HAND_LIMIT))
    return replace(s, phase=START, current=(s.current + 1) % len(s.players), turn=s.turn + 1,
                   move=None, fight=None, event=None, took_space=False)


def _end_game(s: State, a: Mapping[str, Any]) -> State:
    return _to_scoring(s, "the table stopped the game.")


def _to_scoring(s: State, reason: str) -> State:
    iqs = tuple(p.brain.iq if p.brain else 0 for p in s.players)
    return replace(s, phase=SCORING, iqs=iqs, end_reason=reason, fight=None)


def _finish(s: State, a: Mapping[str, Any]) -> State:
    return replace(s, phase=OVER)


_HANDLERS = {
    "setup": (_setup, (SETUP,)),
    "set_hand": (_set_hand, PLAYING),
    "set_xp": (_set_xp, PLAYING),
    "set_brain": (_set_brain, PLAYING),
    "discard": (_discard, PLAYING),
    "move_roll": (_move_roll, (START,)),
    "run_card": (_run_card, (MOVING,)),
    "new_car": (_new_car, (MOVING,)),
    "move": (_move, (MOVING,)),
    "brain_space": (_brain_space, (AFTER,)),
    "fight": (start_fight, (AFTER,)),
    "hit_card": (hit_card, (FIGHT,)),
    "end_fight": (end_fight, (FIGHT,)),
    "brains": (move_brains, (AFTER,)),
    "swap_brains": (swap_brains, (AFTER,)),
    "insert_brain": (_insert_brain, (AFTER,)),
    "end_turn": (_end_turn, (AFTER,)),
    "end_game": (_end_game, PLAYING),
    "iq": (_iq, (SCORING,)),
    "finish": (_finish, (SCORING,)),
}
