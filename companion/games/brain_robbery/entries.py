"""The Great Brain Robbery entries: hands, XP, brains, final IQs and the winner rule, and
the names of the actions as players read them (:data:`ACTIONS`, :class:`Named`).

Pure handlers used by :mod:`companion.games.brain_robbery.rules` (which re-exports the public
names): what the table enters at any time during play (cards in hand, XP, the brain in a
head, discards), the brain inserted at the end of a turn, the final IQs, and
:func:`winner`.

>>> winner({"Ann": 3, "Bob": 7})
'Bob'
>>> str(Named(["setup"])), Named(["set_hand", "move"]).translated(lambda text: text)
('setup', 'hand, move')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import require, word
from companion.games.brain_robbery.data import MAX_STAT, Brain, seat, whole, with_player
from companion.games.brain_robbery.state import State

MAX_HAND = 9

# --- the actions' names: GameInfo.actions is this table (History and "Undone: …" name
# actions with it), and the rules name actions with it when they refuse one, so a player
# never reads 'set_hand'.

CONTEXT = "action"
SEP = word(", ")  # between names; 「、」 in Japanese


def NC_(context: str, message: str) -> str:  # noqa: N802 - the extractor's marker
    """Mark ``message`` for the catalogue in ``context`` (what :func:`companion.i18n.NC_`
    does; here so that the pure rules can import this table)."""
    return message


ACTIONS = {
    "setup": NC_("action", "setup"),
    "set_hand": NC_("action", "hand"),
    "set_xp": NC_("action", "XP"),
    "set_brain": NC_("action", "brain"),
    "discard": NC_("action", "discard"),
    "move_roll": NC_("action", "movement roll"),
    "run_card": NC_("action", "Run card"),
    "new_car": NC_("action", "new car"),
    "move": NC_("action", "move"),
    "brain_space": NC_("action", "brain space"),
    "fight": NC_("action", "fight"),
    "hit_card": NC_("action", "Hit card"),
    "end_fight": NC_("action", "end of fight"),
    "brains": NC_("action", "brains moved"),
    "swap_brains": NC_("action", "brain swap"),
    "insert_brain": NC_("action", "new brain"),
    "end_turn": NC_("action", "end of turn"),
    "end_game": NC_("action", "end of game"),
    "iq": NC_("action", "IQ"),
    "finish": NC_("action", "final scores"),
}


class Named:
    """Action types as a value of a rule's refusal: their names, translated when shown."""

    def __init__(self, kinds: Iterable[str]) -> None:
        self.names = tuple(ACTIONS.get(kind, kind) for kind in kinds)

    def __str__(self) -> str:
        return SEP.join(self.names)

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The names in the game's words: gettext keys a ``msgctxt`` entry as
        context + EOT + msgid (GNU's .mo format); untranslated, the English name."""
        key = CONTEXT + "\x04"
        return gettext(SEP).join(gettext(key + name).removeprefix(key) for name in self.names)


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
