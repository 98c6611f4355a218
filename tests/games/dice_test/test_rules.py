"""Guards "test your dice": entry through mock pins, the tally, and an honest verdict."""

from __future__ import annotations

import pytest

from companion.core import fairness
from companion.games.dice_test import rules
from companion.testing import Rig


def start(rig: Rig, die_presses: int = 0) -> None:
    rig.keys("ok", "down", "ok")          # New game → Test your dice
    assert "Die: d6" in rig.text
    rig.keys(*["right"] * die_presses, "down", "ok")


def test_entering_faces_through_pins_and_reaching_a_verdict(rig: Rig) -> None:
    start(rig)
    assert "Test d6" in rig.text and "30 more for a verdict" in rig.text
    for face in range(30):                # five of each face, in order
        for _ in range(face % 6 and 1):
            rig.keys("right")
        rig.keys("ok")
    state = rig.app.session.state
    assert state.counts == (5, 5, 5, 5, 5, 5)
    assert "DOWN: verdict" in rig.text
    rig.keys("down", "right")
    assert "No evidence of bias." in rig.text
    assert "Not proof of fairness" in rig.text
    rig.keys("back", "long ok", "ok")     # finish, keep in history
    assert rig.store.history()[0].result["detail"].startswith("d6, 30 rolls")


def test_colour_die_and_undo(rig: Rig) -> None:
    start(rig, die_presses=2)
    assert "Test colour" in rig.text
    rig.keys("right", "right", "ok", "ok")
    assert rig.app.session.state.rolls == ("green", "green")
    rig.keys("long back")
    assert rig.app.session.state.rolls == ("green",)


def test_verdict_needs_five_rolls_per_face() -> None:
    state = rules.new_game({"players": ["Table"], "die": "d4"})
    for _ in range(19):
        state = rules.step(state, {"type": "face", "face": 1})
    with pytest.raises(ValueError, match="1 more rolls are needed"):
        rules.step(state, {"type": "finish"})
    with pytest.raises(ValueError, match="a d4 shows one of 1, 2, 3, 4, not 5"):
        rules.step(state, {"type": "face", "face": 5})


# Known values of the chi-square distribution (upper-tail probabilities, standard tables).
TABLE = [(3.841, 1, 0.05), (6.635, 1, 0.01), (7.815, 3, 0.05), (11.345, 3, 0.01),
         (11.070, 5, 0.05), (15.086, 5, 0.01), (20.515, 5, 0.001), (18.307, 10, 0.05)]


@pytest.mark.parametrize(("x", "df", "p"), TABLE)
def test_p_values_match_the_tables(x: float, df: int, p: float) -> None:
    assert fairness.p_value(x, df) == pytest.approx(p, rel=2e-3)
    assert fairness.critical_value(df, p) == pytest.approx(x, rel=1e-3)


def test_a_loaded_die_is_called_biased_and_a_fair_tally_is_not_called_fair() -> None:
    loaded = fairness.verdict({1: 2, 2: 3, 3: 2, 4: 3, 5: 2, 6: 18}, [1, 2, 3, 4, 5, 6])
    assert loaded.biased and loaded.lines[0] == "Looks biased."
    even = fairness.verdict({f: 5 for f in range(1, 7)}, list(range(1, 7)))
    assert not even.biased and "fair" not in even.lines[0].lower()
    assert even.catchable_bias > 1.0  # 30 rolls only catch a face twice as common


def test_power_and_rolls_needed_agree() -> None:
    n = fairness.rolls_needed(6, 0.2)
    assert 1400 < n < 1800
    assert fairness.power(n, 6, 0.2) >= 0.8 > fairness.power(n - 50, 6, 0.2)
    assert fairness.power(500, 6, 0.0) == pytest.approx(0.05, abs=1e-3)
