"""The only place in the companion that draws random numbers.

Everything random — a die, the colour die, a shuffle, a pick from a pile — is drawn
here and handed to the rules as data inside an action, so a game replays exactly from
its log. The default source is the operating system's entropy
(:class:`random.SystemRandom`); tests pass a seeded :class:`random.Random`::

    >>> dice = Dice.seeded(7)
    >>> dice.roll(6, 3)
    [3, 2, 4]

Faces come from :meth:`random.Random.randrange`, which draws whole random bits and
rejects out-of-range values, so no face is favoured (there is no ``% sides`` anywhere).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Dice:
    """A source of dice rolls, shuffles and picks.

    :param rng: a :class:`random.Random`; default :class:`random.SystemRandom`.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.SystemRandom()

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        """A repeatable source, for tests and screenshots only."""
        return cls(random.Random(seed))

    def roll(self, sides: int, count: int = 1) -> list[int]:
        """Roll ``count`` dice with faces 1..``sides``."""
        if sides < 1 or count < 0:
            raise ValueError(f"a die needs at least one face and a count ≥ 0, not {count}d{sides}.")
        return [self._rng.randrange(1, sides + 1) for _ in range(count)]

    def pick(self, faces: Sequence[T]) -> T:
        """One face of a die with these faces (``pick(("red", "blue"))``), or one item of a pile."""
        if not faces:
            raise ValueError("cannot pick from nothing.")
        return faces[self._rng.randrange(len(faces))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with ``items`` in random order (Fisher–Yates, via randrange)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._rng.randrange(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
