"""Is this die fair? Chi-square statistics for "test your own dice", without SciPy.

Pure arithmetic, no randomness and no I/O. The wording it produces is deliberately
careful: a test that finds no evidence of bias has not shown the die is fair — it can
only catch biases larger than its number of rolls allows.

>>> round(p_value(11.0705, 5), 4)            # the 5 % point of chi-square with 5 df
0.05
>>> round(critical_value(5, 0.05), 3)
11.07
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ALPHA = 0.05
POWER = 0.8


def chi_square(counts: Mapping[Any, int], faces: Sequence[Any]) -> float:
    """Pearson's statistic for ``counts`` against equal chances on ``faces``."""
    n = sum(counts.get(f, 0) for f in faces)
    if n == 0:
        return 0.0
    expected = n / len(faces)
    return sum((counts.get(f, 0) - expected) ** 2 / expected for f in faces)


def _lower_gamma_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    k = a
    for _ in range(10_000):
        k += 1
        term *= x / k
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_gamma_fraction(a: float, x: float) -> float:
    # Lentz's continued fraction for Q(a, x), good for x > a + 1.
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def p_value(statistic: float, df: int) -> float:
    """P(χ²_df ≥ statistic): the chance a fair die looks at least this uneven."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}.")
    return _upper_tail(statistic, df)


def _upper_tail(statistic: float, df: float) -> float:
    """Q(df/2, statistic/2), the regularised upper incomplete gamma function."""
    if statistic <= 0:
        return 1.0
    a, x = df / 2, statistic / 2
    if x < a + 1:
        return max(0.0, 1.0 - _lower_gamma_series(a, x))
    return min(1.0, _upper_gamma_fraction(a, x))


def critical_value(df: int, alpha: float = ALPHA) -> float:
    """The statistic above which a fair die is rejected at level ``alpha`` (bisection)."""
    low, high = 0.0, 10.0 * df + 100
    for _ in range(200):
        mid = (low + high) / 2
        if p_value(mid, df) > alpha:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def power(rolls: int, faces: int, bias: float, alpha: float = ALPHA) -> float:
    """Chance that ``rolls`` rolls reveal a die whose favourite face comes up
    ``bias`` (0.2 = 20 %) more often than it should, the others equally less often.

    Uses Patnaik's approximation of the noncentral chi-square distribution.
    """
    k = faces
    p_fav = (1 + bias) / k
    p_other = (1 - p_fav) / (k - 1)
    lam = rolls * k * ((p_fav - 1 / k) ** 2 + (k - 1) * (p_other - 1 / k) ** 2)
    df = k - 1
    c = (df + 2 * lam) / (df + lam)
    nu = (df + lam) ** 2 / (df + 2 * lam)
    return _upper_tail(critical_value(df, alpha) / c, nu)


def rolls_needed(faces: int, bias: float, *, target: float = POWER,
                 alpha: float = ALPHA) -> int:
    """How many rolls give an ``target`` chance of catching a ``bias`` on one face."""
    n = 1
    while power(n, faces, bias, alpha) < target:
        n *= 2
        if n > 10_000_000:
            return n
    low, high = n // 2, n
    while high - low > 1:
        mid = (low + high) // 2
        if power(mid, faces, bias, alpha) >= target:
            high = mid
        else:
            low = mid
    return high


def detectable_bias(rolls: int, faces: int, *, target: float = POWER,
                    alpha: float = ALPHA) -> float:
    """The smallest favourite-face bias these ``rolls`` catch with chance ``target``."""
    low, high = 0.0, float(faces - 1)
    for _ in range(60):
        mid = (low + high) / 2
        if power(rolls, faces, mid, alpha) >= target:
            high = mid
        else:
            low = mid
    return high


@dataclass(frozen=True)
class Verdict:
    """What a test of one die says, in numbers and in honest words."""

    rolls: int
    statistic: float
    p: float
    biased: bool
    catchable_bias: float
    lines: tuple[str, ...]


def minimum_rolls(faces: int) -> int:
    """Rolls needed before a verdict is offered at all (5 per face)."""
    return 5 * faces


def verdict(counts: Mapping[Any, int], faces: Sequence[Any]) -> Verdict:
    """The chi-square verdict on ``counts`` with its honest wording.

    >>> v = verdict({1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5}, [1, 2, 3, 4, 5, 6])
    >>> v.biased, v.lines[0]
    (False, 'No evidence of bias.')
    """
    n = sum(counts.get(f, 0) for f in faces)
    if n < minimum_rolls(len(faces)):
        raise ValueError(f"a verdict needs at least {minimum_rolls(len(faces))} rolls, not {n}.")
    stat = chi_square(counts, faces)
    p = p_value(stat, len(faces) - 1)
    catch = detectable_bias(n, len(faces))
    biased = p < ALPHA
    if biased:
        lines = ("Looks biased.", f"A fair die rolls this unevenly only {p:.1%} of the time.")
    else:
        lines = ("No evidence of bias.",
                 f"Not proof of fairness: {n} rolls only catch a face ~{catch:.0%} too common.")
    return Verdict(n, stat, p, biased, catch, lines)
