"""The pieces of The Great Brain Robbery: players, brains, the train, dice and fights.

Pure data and helpers used by :mod:`companion.games.brain_robbery.rules`, which re-exports the
public ones. Board 1 is the Caboose on side A and the Engine on side B.

>>> cars_uncoupled(4, [2, 1, 6])
2
>>> decoupling_done(4, [2, 1]), decoupling_done(4, [2, 1, 6])
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import RuleError, require

CABOOSE = 1
ENGINE_SIDE = "B"
MAX_STAT = 99
# The phases of a game, in the order a turn goes through them.
SETUP, START, MOVING, AFTER, FIGHT, SCORING, OVER = (
    "setup", "start", "moving", "after_move", "fight", "scoring", "over")


@dataclass(frozen=True)
class Brain:
    """The brain card in a player's head: movement bonus, combat bonus and final worth."""

    run: int
    hit: int
    iq: int


@dataclass(frozen=True)
class Player:
    """One seat: cards in hand, brain, XP and the board number of the pawn's car.

    ``car`` is ``None`` while the pawn runs behind the train.
    """

    name: str
    hand: int = 1
    brain: Brain | None = None
    xp: int = 0
    car: int | None = CABOOSE


@dataclass(frozen=True)
class Move:
    """The movement under way: dice, the brain's Run, Run of discarded cards, new cars."""

    dice: tuple[int, ...]
    run: int
    cards: tuple[int, ...] = ()
    new_cars: int = 0
    start: int | None = None  # lowest train index the pawn may end on; None: anywhere

    @property
    def total(self) -> int:
        """How many spaces the mover may go."""
        return sum(self.dice) + self.run + sum(self.cards)


@dataclass(frozen=True)
class Fight:
    """A combat: fighters (attacker first), their dice and running totals, then the winner."""

    fighters: tuple[str, ...]
    dice: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winner: str | None = None

    @property
    def attacker(self) -> str:
        return self.fighters[0]


@dataclass(frozen=True)
class Car:
    """One coupled board and the side that lies up."""

    board: int
    side: str

    @property
    def engine(self) -> bool:
        return self.board == CABOOSE and self.side == ENGINE_SIDE

    @property
    def label(self) -> str:
        """"Caboose", "Engine" or the board number and side, such as "4B"."""
        if self.board == CABOOSE:
            return "Engine" if self.engine else "Caboose"
        return f"{self.board}{self.side}"


@dataclass(frozen=True)
class Decoupling:
    """What the end of the last move did to the train, for the screen to tell.

    ``broken`` is the rear car a Break space destroyed (or ``None``); ``rolls`` are the
    decoupling dice, the first compared with ``length`` cars, each next one with one car
    fewer (see :attr:`lengths`); ``removed`` are the cars those rolls uncoupled, rear
    first; ``stranded`` are the players sent behind the train, who discarded their hands.
    """

    broken: Car | None = None
    length: int = 0
    rolls: tuple[int, ...] = ()
    removed: tuple[Car, ...] = ()
    stranded: tuple[str, ...] = ()

    @property
    def lengths(self) -> tuple[int, ...]:
        """The train length each roll was compared with."""
        return tuple(self.length - i for i in range(len(self.rolls)))


def cars_uncoupled(train_length: int, rolls: Sequence[int]) -> int:
    """How many rear cars a decoupling check removes from a train of ``train_length``.

    Rolls are used in order: each roll less than the current length uncouples the rear
    car; the first roll that is not less ends the check. Raises :class:`ValueError`
    (a :class:`RuleError`) when the rolls run out first, a roll is not 1–6, or rolls are
    left over after the check ended.

    >>> cars_uncoupled(3, [5]), cars_uncoupled(3, [1, 1, 4])
    (0, 2)
    """
    if not isinstance(train_length, int) or train_length < 1:
        raise RuleError("a train has at least 1 car, not {length}.", length=repr(train_length))
    length = train_length
    for used, roll in enumerate(rolls, start=1):
        if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= 6:
            raise RuleError("a decoupling roll shows 1 to 6, not {roll}.", roll=repr(roll))
        if roll >= length:
            if used < len(rolls):
                raise RuleError(
                    "the check ended at roll {used} ({roll} against {length} cars); "
                    "{extra} roll(s) too many.",
                    used=used, roll=roll, length=length, extra=len(rolls) - used)
            return train_length - length
        length -= 1
    raise RuleError(
        "the decoupling rolls ran out with {length} cars left: roll again until a roll "
        "is not less than the train length.", length=length)


def decoupling_done(train_length: int, rolls: Sequence[int]) -> bool:
    """Whether ``rolls`` already end a check on a train of ``train_length`` cars.

    The dice module rolls one die at a time until this is true.
    """
    length = train_length
    for roll in rolls:
        if roll >= length:
            return True
        length -= 1
    return False


def check_length(state: Any, on_break: bool = False) -> int:
    """The train length the coming decoupling check starts from.

    A Break space destroys the rear car first, so the check then starts one car shorter.
    """
    return len(state.train) - (1 if on_break and len(state.train) > 1 else 0)


def uncouple(state: Any, count: int) -> tuple[Any, tuple[Car, ...], tuple[str, ...]]:
    """Remove ``count`` rear cars; returns the new state, those cars and stranded players.

    An uncoupled Caboose goes back into the pile, any other car leaves the game (the
    ``long_game`` house rule returns every car). Pawns on those cars go behind the train
    and discard their hands.
    """
    removed = state.train[:count]
    boards = {car.board for car in removed}
    back = [c.board for c in removed if c.board == CABOOSE or state.long_game]
    gone = [c.board for c in removed if c.board not in back]
    stranded = tuple(p.name for p in state.players if p.car in boards)
    players = tuple(
        replace(p, car=None, hand=0) if p.car in boards else p for p in state.players
    )
    state = replace(
        state,
        train=state.train[count:],
        pile=tuple(sorted(state.pile + tuple(back))),
        out=tuple(sorted(state.out + tuple(gone))),
        players=players,
    )
    return state, removed, stranded


def whole(action: Mapping[str, Any], key: str, low: int, high: int, what: str) -> int:
    """``action[key]`` if it is a whole number from ``low`` to ``high``, else a RuleError."""
    value = action.get(key)
    if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
        raise RuleError("{what} is a whole number from {low} to {high}, not {value}.",
                        what=what, low=low, high=high, value=repr(value))
    return value


def seat(state: Any, name: Any) -> int:
    """The seat index of the player called ``name``."""
    for i, p in enumerate(state.players):
        if p.name == name:
            return i
    names = ", ".join(p.name for p in state.players)
    raise RuleError("{name} is not playing; players: {names}.", name=repr(name), names=names)


def with_player(state: Any, seat: int, **changes: Any) -> Any:
    """``state`` with the player in ``seat`` changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def dice_values(values: Any, count: int, who: str) -> tuple[int, ...]:
    """``values`` checked as ``count`` dice of 1–6 rolled by ``who``."""
    require(isinstance(values, Sequence) and not isinstance(values, str), "dice are a list.")
    require(len(values) == count, "{who} rolls {count} dice, not {given}.",
            who=who, count=count, given=len(values))
    require(
        all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in values),
        "each die shows 1 to 6.",
    )
    return tuple(values)


def dice_count(has_brain: bool, cards_in_hand: int) -> int:
    """How many dice a player rolls to move or fight: 2 with a brain, else 2 − cards.

    >>> dice_count(True, 3), dice_count(False, 1), dice_count(False, 3)
    (2, 1, 0)
    """
    if has_brain:
        return 2
    return max(0, 2 - cards_in_hand)


def combat_winner(totals: Mapping[str, int], attacker: str) -> str:
    """The fighter with the highest total; any tie for the highest goes to the attacker.

    The attacker wins a tie even when not among the tied players.

    >>> combat_winner({"Ann": 5, "Bob": 9, "Cy": 9}, "Ann")
    'Ann'
    """
    if attacker not in totals:
        raise RuleError("the attacker {attacker} must be one of the fighters.",
                        attacker=repr(attacker))
    best = max(totals.values())
    top = [name for name, total in totals.items() if total == best]
    return top[0] if len(top) == 1 else attacker


def start_fight(s: Any, a: Mapping[str, Any]) -> Any:
    """The ``fight`` action: the mover attacks pawns on the same car; dice + brain Hit."""
    require(s.fight is None, "the mover may start only one fight per turn.")
    attacker = s.mover
    require(attacker.car is not None, "no one fights behind the train.")
    named = a.get("fighters")
    if not (isinstance(named, list) and named):
        raise RuleError("name the pawns the mover attacks.")
    fighters = (attacker.name,) + tuple(n for n in dict.fromkeys(named) if n != attacker.name)
    require(len(fighters) > 1, "a fight needs at least one pawn besides the mover.")
    rolls = a.get("dice")
    if not isinstance(rolls, Mapping):
        raise RuleError("'dice' maps each fighter to their dice.")
    dice, totals = [], []
    for name in fighters:
        p = s.player(name)
        require(p.car == attacker.car, "{name} is not on the mover's car.", name=name)
        d = dice_values(rolls.get(name), dice_count(p.brain is not None, p.hand), name)
        dice.append(d)
        totals.append(sum(d) + (p.brain.hit if p.brain else 0))
    return replace(s, phase=FIGHT, fight=Fight(fighters, tuple(dice), tuple(totals)))


def hit_card(s: Any, a: Mapping[str, Any]) -> Any:
    """The ``hit_card`` action: a fighter discards a card and adds its Hit."""
    name = a.get("player")
    require(name in s.fight.fighters, "{name} is not fighting.", name=repr(name))
    k, i = seat(s, name), s.fight.fighters.index(name)
    hit = whole(a, "hit", -MAX_STAT, MAX_STAT, "a card's Hit")
    require(s.players[k].hand > 0, "{name} has no card to discard.", name=name)
    totals = s.fight.totals[:i] + (s.fight.totals[i] + hit,) + s.fight.totals[i + 1:]
    s = with_player(s, k, hand=s.players[k].hand - 1)
    return replace(s, fight=replace(s.fight, totals=totals))


def end_fight(s: Any, a: Mapping[str, Any]) -> Any:
    """The ``end_fight`` action: name the winner; each loser gains 1 XP if tracked."""
    f = s.fight
    won = combat_winner(dict(zip(f.fighters, f.totals, strict=True)), f.attacker)
    if s.track_xp:
        for name in f.fighters:
            if name != won:
                s = with_player(s, seat(s, name), xp=s.player(name).xp + 1)
    return replace(s, phase=AFTER, fight=replace(f, winner=won))


def swap_brains(s: Any, a: Mapping[str, Any]) -> Any:
    """The ``swap_brains`` action: after a fight, two fighters' brains change heads."""
    require(s.fight is not None and s.fight.winner is not None,
            "brains change heads only after a fight, at its winner's choice.")
    pair = a.get("players")
    if not (isinstance(pair, list) and len(pair) == 2 and pair[0] != pair[1]
            and all(n in s.fight.fighters for n in pair)):
        raise RuleError("name two different fighters.")
    i, j = seat(s, pair[0]), seat(s, pair[1])
    brain_i, brain_j = s.players[i].brain, s.players[j].brain
    return with_player(with_player(s, i, brain=brain_j), j, brain=brain_i)


def move_brains(s: Any, a: Mapping[str, Any]) -> Any:
    """The ``brains`` action: after a fight, its winner moves, rearranges or discards the
    brains of everyone in the fight, all at once.

    ``heads`` maps every fighter to the fighter whose brain (as it was before) goes into
    their head, or ``None`` for an empty head; a brain that goes nowhere is discarded.
    """
    require(s.fight is not None and s.fight.winner is not None,
            "brains change heads only after a fight, at its winner's choice.")
    fighters = s.fight.fighters
    heads = a.get("heads")
    if not (isinstance(heads, Mapping) and sorted(heads) == sorted(fighters)):
        raise RuleError("'heads' names every fighter once: {fighters}.",
                        fighters=", ".join(fighters))
    taken = [source for source in heads.values() if source is not None]
    for source in taken:
        require(source in fighters,
                "a brain comes from a fighter ({fighters}), not {source}.",
                fighters=", ".join(fighters), source=repr(source))
        require(s.player(source).brain is not None, "{name} has no brain to give.",
                name=source)
    require(len(set(taken)) == len(taken), "a brain goes into one head only.")
    before = {name: s.player(name).brain for name in fighters}
    for name in fighters:
        source = heads[name]
        s = with_player(s, seat(s, name), brain=None if source is None else before[source])
    return s
