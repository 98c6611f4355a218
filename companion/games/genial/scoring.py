"""Genial Spezial scoring: the four tracks, the weakest-colour rule and its checks.

Pure helpers used by :mod:`companion.games.genial.rules`, which re-exports the public ones: the
symbols and the cap of a track, moving a peg (:func:`add_points`), a player's score
(the lowest track), the ranking by the weakest-colour rule, what decided between two
players (:class:`Decision`), one place of the standings (:class:`Standing`) and the
checks of tracks and symbols.

>>> add_points(18, 5)
(20, 3)
>>> ranking({"Blue": [11, 12, 14, 15], "Red": [13, 11, 16, 17]})
[['Red'], ['Blue']]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.api.rules import require, word

SYMBOLS = ("orange", "purple", "blue", "green")
CAP = 20  # a track holds 0 to 20
ORDINALS = (word("lowest"), word("2nd-lowest"), word("3rd-lowest"), word("highest"))

Tracks = tuple[int, int, int, int]


def four(values: Iterable[int]) -> Tracks:
    """``values`` as one player's four tracks, in :data:`SYMBOLS` order.

    >>> four(v + 1 for v in (0, 1, 2, 3))
    (1, 2, 3, 4)
    """
    orange, purple, blue, green = values
    return orange, purple, blue, green


def add_points(track: int, points: int) -> tuple[int, int]:
    """Move a peg from ``track`` by ``points``: (new value capped at 20, points lost).

    >>> add_points(12, 3)
    (15, 0)
    >>> add_points(19, 4)
    (20, 3)
    """
    _check_track(track)
    require(_is_int(points) and points >= 0, "points are added as 0 or more, not {points!r}.",
            points=points)
    new = min(track + points, CAP)
    return new, track + points - new


def sorted_tracks(tracks: Sequence[int]) -> tuple[tuple[str, int], ...]:
    """The four (symbol, value) pairs, lowest first; equal values keep symbol order.

    >>> sorted_tracks([5, 3, 9, 3])
    (('purple', 3), ('green', 3), ('orange', 5), ('blue', 9))
    """
    _check_tracks(tracks)
    return tuple(sorted(zip(SYMBOLS, tracks, strict=True), key=lambda pair: pair[1]))


def sort_key(tracks: Sequence[int]) -> tuple[int, ...]:
    """The comparison key of the weakest-colour rule: the values sorted ascending."""
    return tuple(value for _, value in sorted_tracks(tracks))


def score(tracks: Sequence[int]) -> int:
    """A player's score: their lowest track."""
    return sort_key(tracks)[0]


def weakest(tracks: Sequence[int]) -> tuple[str, ...]:
    """The symbol(s) holding the lowest value, to mark on the score screen.

    >>> weakest([4, 2, 7, 2])
    ('purple', 'green')
    """
    low = score(tracks)
    return tuple(s for s, v in zip(SYMBOLS, tracks, strict=True) if v == low)


def ranking(scores: Mapping[str, Sequence[int]]) -> list[list[str]]:
    """Places best first, each a list of the players sharing it.

    ``scores`` maps each player to their four track values (orange, purple, blue,
    green). Players are compared by their values sorted ascending, lexicographically;
    inside a place they keep the mapping's order.

    >>> ranking({"Ann": [11, 12, 13, 14], "Bob": [14, 13, 12, 11], "Cy": [0, 20, 20, 20]})
    [['Ann', 'Bob'], ['Cy']]
    """
    keys = {name: sort_key(tracks) for name, tracks in scores.items()}
    places: list[list[str]] = []
    for name in sorted(keys, key=keys.__getitem__, reverse=True):  # stable: keeps order
        if places and keys[places[-1][0]] == keys[name]:
            places[-1].append(name)
        else:
            places.append([name])
    return places


class Decision(NamedTuple):
    """Why one player is ahead of another: the first sorted position where they differ.

    ``position`` is 0 for the lowest track, 3 for the highest.
    """

    position: int
    better_symbol: str
    better_value: int
    worse_symbol: str
    worse_value: int

    @property
    def label(self) -> str:
        """``'lowest'``, ``'2nd-lowest'``, ``'3rd-lowest'`` or ``'highest'``."""
        return ORDINALS[self.position]


def decide(better: Sequence[int], worse: Sequence[int]) -> Decision | None:
    """Where ``better`` beats ``worse`` by the weakest-colour rule (``None``: all equal).

    >>> decide([13, 11, 16, 17], [11, 12, 14, 15])
    Decision(position=1, better_symbol='orange', better_value=13, worse_symbol='purple', \
worse_value=12)
    """
    ours, theirs = sorted_tracks(better), sorted_tracks(worse)
    for position, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        if a[1] != b[1]:
            require(a[1] > b[1], "decide() takes the better player's tracks first.")
            return Decision(position, a[0], a[1], b[0], b[1])
    return None


@dataclass(frozen=True)
class Standing:
    """One place of the standings: 1-based ``place`` (shared places share the number;
    the next one skips, as in 1, 1, 3), the ``players`` in seat order, their common
    ``key`` (values sorted ascending) and how the place above beat this one."""

    place: int
    players: tuple[str, ...]
    key: tuple[int, ...]
    beaten_by: Decision | None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_track(value: Any) -> None:
    require(_is_int(value) and 0 <= value <= CAP, "a track holds 0 to {cap}, not {value!r}.",
            cap=CAP, value=value)


def _check_tracks(tracks: Any) -> None:
    require(
        isinstance(tracks, Sequence) and not isinstance(tracks, str) and len(tracks) == 4,
        "a player has four tracks ({symbols}), not {tracks!r}.",
        symbols=", ".join(SYMBOLS), tracks=tracks,
    )
    for value in tracks:
        _check_track(value)


def _check_symbol(symbol: Any) -> None:
    require(symbol in SYMBOLS, "the symbols are {symbols}; {symbol!r} is not one.",
            symbols=", ".join(SYMBOLS), symbol=symbol)
