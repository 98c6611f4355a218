"""A die's record watched roll by roll: a test that may be asked after every roll.

The chi-square verdict (:mod:`companion.core.fairness`) is for one batch of rolls. A
die's record grows over months, and the table will look at it after every evening;
asking a fixed-size test again and again raises its false alarms far above its 5 %. This
test may be asked after every roll for ever and still calls a fair die unfair at most
:data:`ALPHA` of the time over its whole life.

How: it bets against "every face is equally likely". Before each roll it forecasts the
faces from the rolls so far (each face's count plus :data:`PRIOR`, shared out; a
Dirichlet-multinomial forecast) and its wealth is multiplied by the forecast's chance of
the face that came up over the fair die's ``1/k``. For a fair die that wealth is a
nonnegative martingale starting at 1, so by Ville's inequality it ever reaches ``1/α``
with chance at most ``α``: the die is called unfair the first time it does, and stays
called. ``1 / highest wealth`` is a p-value that holds at any stopping time.

>>> w = Watch(faces=[1, 2, 3, 4, 5, 6])
>>> for face in [1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6] * 30:
...     w.add(face)
>>> w.called, w.face, w.too_often, w.called_after
(True, 1, True, 45)

A fair die, however long it rolls, is called in at most 1 % of its lives (the
benchmark ``benchmarks/dice_watch.py`` counts it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The false-alarm rate over a die's whole life.
ALPHA = 0.01
#: How many imagined rolls of each face the forecast starts from: larger waits for more
#: evidence and then catches small biases sooner (chosen with benchmarks/dice_watch.py).
PRIOR = 32.0


@dataclass
class Watch:
    """The running test for one die with ``faces``; :meth:`add` each roll in order."""

    faces: Sequence[Any]
    alpha: float = ALPHA
    prior: float = PRIOR
    counts: dict[Any, int] = field(default_factory=dict)
    rolls: int = 0
    #: log of the wealth now, and the highest it has been.
    log_wealth: float = 0.0
    log_peak: float = 0.0
    #: The roll count at which the die was first called unfair (None: not yet).
    called_after: int | None = None

    def add(self, face: Any) -> None:
        """Count one roll (a face not on the die is refused: ValueError)."""
        if face not in self.faces:
            raise ValueError(f"{face!r} is not a face of this die")
        k = len(self.faces)
        forecast = (self.prior + self.counts.get(face, 0)) / (k * self.prior + self.rolls)
        self.log_wealth += math.log(forecast * k)
        self.log_peak = max(self.log_peak, self.log_wealth)
        self.counts[face] = self.counts.get(face, 0) + 1
        self.rolls += 1
        if self.called_after is None and self.log_wealth >= math.log(1 / self.alpha):
            self.called_after = self.rolls

    def add_all(self, faces: Iterable[Any]) -> Watch:
        """Count every roll of ``faces`` in order; returns the watch."""
        for face in faces:
            self.add(face)
        return self

    @property
    def called(self) -> bool:
        """True once the die has been called unfair (it stays called)."""
        return self.called_after is not None

    @property
    def p_value(self) -> float:
        """A p-value valid whenever it is read: 1 / the highest wealth so far."""
        return min(1.0, math.exp(-self.log_peak))

    @property
    def face(self) -> Any:
        """The face furthest from its fair share (in standard deviations), or None
        before any roll."""
        if not self.rolls:
            return None
        return max(self.faces, key=lambda f: (abs(self._z(f)), -list(self.faces).index(f)))

    @property
    def too_often(self) -> bool:
        """Whether :attr:`face` comes up more often than its share (else less)."""
        return self.face is not None and self._z(self.face) > 0

    def _z(self, face: Any) -> float:
        k, n = len(self.faces), self.rolls
        share = n / k
        return (self.counts.get(face, 0) - share) / math.sqrt(n * (1 / k) * (1 - 1 / k))
