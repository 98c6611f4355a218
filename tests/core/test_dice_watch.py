"""Issue 47: the rolling fairness test may be asked after every roll. Its wealth for a
fair die is a martingale starting at 1 (checked exactly over every sequence), which is
what bounds its false alarms by Ville's inequality; its end wealth does not depend on the
order of the rolls; a die once called stays called; it names the face that is off."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from companion.core.dice_watch import ALPHA, Watch


@pytest.mark.parametrize("faces,rolls", [([1, 2, 3], 7), ([1, 2, 3, 4], 6)])
def test_a_fair_dies_expected_wealth_is_one_after_any_number_of_rolls(
        faces: list[int], rolls: int) -> None:
    total = 0.0
    for seq in itertools.product(faces, repeat=rolls):
        total += math.exp(Watch(faces=faces).add_all(seq).log_wealth)
    assert total / len(faces) ** rolls == pytest.approx(1.0, rel=1e-9)


def test_the_end_wealth_does_not_depend_on_the_order_of_the_rolls() -> None:
    rng = random.Random(47)
    seq = rng.choices(range(1, 7), k=300)
    shuffled = seq[:]
    rng.shuffle(shuffled)
    a = Watch(faces=range(1, 7)).add_all(seq)
    b = Watch(faces=range(1, 7)).add_all(shuffled)
    assert a.log_wealth == pytest.approx(b.log_wealth) and a.counts == b.counts


def test_a_die_once_called_stays_called_with_a_p_value_below_alpha() -> None:
    w = Watch(faces=[1, 2, 3, 4, 5, 6]).add_all([6, 1, 2, 6, 3, 6, 4, 6, 5, 6] * 40)
    called = w.called_after
    assert called is not None and w.p_value <= ALPHA
    w.add_all([1, 2, 3, 4, 5, 6] * 200)  # fair rolls afterwards: the call stands
    assert w.called_after == called and w.p_value <= ALPHA


def test_it_names_a_face_that_comes_up_too_rarely() -> None:
    w = Watch(faces=[1, 2, 3, 4, 5, 6]).add_all([1, 2, 3, 4, 5] * 120)  # never a 6
    assert w.called and (w.face, w.too_often) == (6, False)


def test_an_even_record_is_not_called() -> None:
    w = Watch(faces=list(range(1, 21))).add_all(list(range(1, 21)) * 50)
    assert not w.called and w.p_value == 1.0


def test_a_face_the_die_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="not a face"):
        Watch(faces=[1, 2, 3, 4]).add(5)
