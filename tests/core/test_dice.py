"""Guards companion.core.dice: every face equally likely, no modulo bias, repeatable seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.dice import Dice
from companion.games.brikks.data import COLOURS as COLOUR_DIE

# Chi-square critical values at p = 0.001 for k - 1 degrees of freedom.
CRITICAL_0_001 = {3: 16.266, 5: 20.515}
ROLLS = 1_000_000


def chi_square(counts: Counter, faces: list, n: int) -> float:
    expected = n / len(faces)
    return sum((counts[f] - expected) ** 2 / expected for f in faces)


def fair(sample, faces: list) -> bool:
    """True when one of two fresh samples of ``ROLLS`` passes the chi-square test at
    p = 0.001: a fair die fails both one run in a million, not one in a thousand (a CI
    run would go red by chance every few hundred runs), while a die 2 % off fails both."""
    for _ in range(2):
        counts = Counter(sample())
        assert set(counts) == set(faces)
        if chi_square(counts, faces, ROLLS) < CRITICAL_0_001[len(faces) - 1]:
            return True
    return False


@pytest.mark.parametrize("sides", [4, 6])
def test_numbered_dice_are_uniform(sides: int) -> None:
    dice = Dice()  # the real entropy source
    assert fair(lambda: dice.roll(sides, ROLLS), list(range(1, sides + 1)))


def test_colour_die_is_uniform() -> None:
    dice = Dice()
    assert fair(lambda: (dice.pick(COLOUR_DIE) for _ in range(ROLLS)), list(COLOUR_DIE))


def test_two_samples_still_catch_a_loaded_die() -> None:
    loaded = [1, 2, 3, 4, 5] * 163_333 + [6] * 183_335
    assert not fair(lambda: loaded, [1, 2, 3, 4, 5, 6])


def test_chi_square_catches_a_loaded_die() -> None:
    """The check above can fail: a die with a sixth face 2% too often is caught."""
    loaded = Counter({1: 163_333, 2: 163_333, 3: 163_334, 4: 163_333, 5: 163_333,
                      6: 183_334})
    assert chi_square(loaded, [1, 2, 3, 4, 5, 6], ROLLS) > CRITICAL_0_001[5]


class CyclingBits(random.Random):
    """A 'random' source whose getrandbits walks through every value in turn."""

    def __init__(self) -> None:
        super().__init__(0)
        self.n = 0

    def getrandbits(self, k: int) -> int:
        value = self.n % (1 << k)
        self.n += 1
        return value


@pytest.mark.parametrize("sides", [3, 4, 5, 6, 10])
def test_no_modulo_bias(sides: int) -> None:
    """Every raw bit pattern is used at most once per face: rejected, never folded."""
    dice = Dice(CyclingBits())
    bits = (sides - 1).bit_length()
    counts = Counter(dice.roll(sides, sides * 100))
    # With rejection sampling a full cycle of 2**bits raw values yields each face once.
    assert all(counts[f] == 100 for f in range(1, sides + 1)), (counts, bits)
    faces = Counter(dice.pick(list("abcdef")) for _ in range(600))
    assert set(faces.values()) == {100}


def test_seeded_dice_repeat() -> None:
    assert Dice.seeded(3).roll(6, 20) == Dice.seeded(3).roll(6, 20)
    assert Dice.seeded(3).shuffled(range(10)) == Dice.seeded(3).shuffled(range(10))
    assert sorted(Dice.seeded(3).shuffled(range(10))) == list(range(10))


def test_bad_dice_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one face"):
        Dice().roll(0)
    with pytest.raises(ValueError, match="nothing"):
        Dice().pick([])
