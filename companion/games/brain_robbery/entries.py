"""The Great Brain Robbery entries: hands, XP, brains, final IQs and the winner rule.

Pure handlers used by :mod:`companion.games.brain_robbery.rules` (which re-exports the public
names): what the table enters at any time during play (cards in hand, XP, the brain in a
head, discards), the brain inserted at the end of a turn, the final IQs, and
:func:`winner`.

>>> winner({"Ann": 3, "Bob": 7})
'Bob'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.api.rules import require
from companion.games.brain_robbery.data import MAX_STAT, Brain, seat, whole, with_player
from companion.games.brain_robbery.state import State

MAX_HAND = 9

def winner(iqs: Mapping[str, int]) -> str | None:
    """The player with the highest IQ, or ``None`` when nobody wins alone.

    Nobody wins when the highest IQ is 0 (Government Cheese) or when it is shared
    (:func:`result` then puts the tied players in first place together).

    >>> winner({"Ann": 0, "Bob": 7}), winner({"Ann": 0, "Bob": 0})
    ('Bob', None)
    """
    if not iqs:
        return None
    best = max(iqs.values())
    top = [name for name, iq in iqs.items() if iq == best]
    return top[0] if best > 0 and len(top) == 1 else None


def _set_hand(s: State, a: Mapping[str, Any]) -> State:
    return with_player(s, seat(s, a.get("player")), hand=whole(a, "cards", 0, MAX_HAND, "a hand"))


def _set_xp(s: State, a: Mapping[str, Any]) -> State:
    require(s.track_xp, "this table does not track XP (house rule 'track_xp').")
    return with_player(s, seat(s, a.get("player")), xp=whole(a, "xp", 0, 999, "XP"))


def _brain(a: Mapping[str, Any]) -> Brain:
    require(isinstance(a, Mapping), "a brain is {'run': .., 'hit': .., 'iq': ..} or None.")
    return Brain(whole(a, "run", -MAX_STAT, MAX_STAT, "Run"),
                 whole(a, "hit", -MAX_STAT, MAX_STAT, "Hit"), whole(a, "iq", 0, 999, "IQ"))


def _set_brain(s: State, a: Mapping[str, Any]) -> State:
    brain = a.get("brain")
    return with_player(s, seat(s, a.get("player")), brain=None if brain is None else _brain(brain))


def _discard(s: State, a: Mapping[str, Any]) -> State:
    k = seat(s, a.get("player", s.mover.name))
    count = whole({"n": a.get("cards", 1)}, "n", 1, MAX_HAND, "the cards to discard")
    hand = s.players[k].hand
    require(count <= hand, "{name} holds only {hand} cards.", name=s.players[k].name, hand=hand)
    return with_player(s, k, hand=hand - count)


def _insert_brain(s: State, a: Mapping[str, Any]) -> State:
    p = s.mover
    brain = _brain(a)
    cost = whole(a, "cost", 0, 999, "a brain's Cost")
    require(p.hand > 0, "{name} has no card in hand to insert.", name=p.name)
    require(not s.track_xp or p.xp >= cost, "{name} has {xp} XP; this brain costs {cost}.",
            name=p.name, xp=p.xp, cost=cost)
    xp = p.xp - cost if s.track_xp else p.xp
    return with_player(s, s.current, brain=brain, hand=p.hand - 1, xp=xp)


def _iq(s: State, a: Mapping[str, Any]) -> State:
    k = seat(s, a.get("player"))
    iq = whole(a, "iq", 0, 999, "an IQ")
    return replace(s, iqs=s.iqs[:k] + (iq,) + s.iqs[k + 1:])
