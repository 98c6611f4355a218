"""Guards two Brikks rules read against the rulebooks: a solo player's starting energy
(5, or 4 by the house rule ``solo_energy``) and the bonus track's last marks (13, 14, 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.core.errors import RuleError
from companion.games.brikks import data as D
from companion.games.brikks import house_rules
from companion.games.brikks import rules as B
from companion.testing import Rig

# --- the bonus track -------------------------------------------------------------------

# The English rules' numbers: a 3rd mark shows 6; crossing out the 6 (4th mark) shows 10;
# the worked example's track shows 21 (6 marks); "more than 14 crosses lapse", 75 at most.
@pytest.mark.parametrize("marks,points", [
    (0, 0), (3, 6), (4, 10), (6, 21), (13, 70), (14, 75), (15, 75), (16, 75)])
def test_the_bonus_track_by_the_rulebook(marks, points):
    assert B.bonus_points(marks) == points


def test_the_track_has_15_boxes_and_14_marks_count():
    assert len(D.BONUS_TRACK) == 15 and D.BONUS_TRACK[0] == 0 and D.BONUS_TRACK[-1] == 75
    assert D.BONUS_MARKS_COUNTED == 14
    assert B.bonus_points(13) < B.bonus_points(14) == B.bonus_points(15)


def test_the_15th_mark_lapses_in_the_final_score():
    rows = [0] * D.ROWS
    assert B.final_score(rows, 14, 0, 0) == B.final_score(rows, 15, 0, 0) == 75
    assert B.final_score(rows, 13, 0, 0) == 70


def test_tracked_marks_past_14_still_score_75():
    s = B.new_game({"players": ["Ann", "Ben"]})
    s = B.step(B.step(s, {"type": "start_block", "player": 1, "colour": "black"}),
               {"type": "start_block", "player": 0, "colour": "red"})
    s = B.step(s, {"type": "roll", "number": 1, "colour": "red"})
    for _ in range(4):
        s = B.step(s, {"type": "rows", "player": 0, "count": 4})  # 4 marks each time
    assert s.trackers[0].bonus_marks == 16
    assert B.prefill(s, 0)["bonus_marks"] == 16 and B.bonus_points(16) == 75


def test_score_entry_says_marks_past_14_lapse(rig: Rig) -> None:
    rig.app.start_game("brikks", {"players": ["Ann"]})
    rig.app.play({"type": "start_block", "player": 0, "colour": "red"})
    rig.app.play({"type": "roll", "number": 1, "colour": "red"})
    rig.app.play({"type": "out", "player": 0})
    rig.app.show_game()
    rig.app.redraw()
    rig.keys(*["right"] * D.ROWS)
    assert "Ann: bonus" in rig.text
    rig.keys(*["up"] * 14)
    assert "75 pts" in rig.app.texts and "lapse" not in rig.text
    rig.keys("up")
    assert "15" in rig.app.texts and "75 pts" in rig.app.texts
    assert "14 count, more lapse" in rig.app.texts   # on the key line
    rig.keys("down", "down")
    assert "13" in rig.app.texts and "70 pts" in rig.app.texts


# --- solo starting energy --------------------------------------------------------------

def test_solo_starts_with_a_5th_circled_energy_by_default():
    s = B.new_game({"players": ["Ann"]})
    assert (s.trackers[0].energy, s.trackers[0].bar) == (5, 5)
    assert B.starting_energy(1) == 5 and "circle a 5th" in B.setup_hint(1)


def test_house_rule_solo_energy_4_circles_nothing_extra():
    s = B.new_game({"players": ["Ann"], "house_rules": {"solo_energy": 4}})
    assert (s.trackers[0].energy, s.trackers[0].bar) == (4, 4)
    assert B.setup_hint(1, 4) == "cross nothing: start with 4 energy"


@pytest.mark.parametrize("solo,gains_to_pink", [(5, 2), (4, 3)])
def test_the_first_pink_circle_comes_after_the_starting_circles(solo, gains_to_pink):
    """Circle 7 is the first pink one: 2 energy away from 5 circles, 3 from 4."""
    s = B.new_game({"players": ["Ann"], "house_rules": {"solo_energy": solo}})
    s = B.step(s, {"type": "start_block", "player": 0, "colour": "red"})
    s = B.step(s, {"type": "roll", "number": 1, "colour": "red"})
    s = B.step(s, {"type": "circle", "player": 0, "match": True})  # +2
    assert s.trackers[0].bonus_marks == (1 if gains_to_pink == 2 else 0)
    assert s.trackers[0].energy == solo + 2


def test_solo_energy_only_changes_solo_games():
    s = B.new_game({"players": ["Ann", "Ben"], "house_rules": {"solo_energy": 4}})
    assert [t.energy for t in s.trackers] == [2, 2]


@pytest.mark.parametrize("bad", [3, 6, "4", True])
def test_solo_energy_refuses_other_values(bad):
    with pytest.raises(RuleError, match="solo_energy' must be one of 4, 5"):
        B.new_game({"players": ["Ann"], "house_rules": {"solo_energy": bad}})
    with pytest.raises(RuleError, match="must be one of 4, 5"):
        B.starting_energy(1, bad)


def test_a_game_logged_without_the_rule_is_played_with_5():
    assert house_rules.LEGACY["solo_energy"] == 5
    assert B.new_game({"players": ["Ann"], "house_rules": {}}).trackers[0].energy == 5


def test_setup_logs_every_house_rule_and_shows_the_solo_energy(rig: Rig) -> None:
    rig.keys("ok")
    while not rig.app.top.items()[rig.app.top.index].startswith("Brikks"):
        rig.keys("down")
    rig.keys("ok", "left")                               # 1 player
    assert "Energy 5: circle a 5th" in rig.text
    rig.keys("ok", "ok")
    assert rig.app.session.options["house_rules"] == {"start_pick_order": "rules",
                                                      "solo_energy": 5}
    assert rig.app.session.state.trackers[0].energy == 5


def test_owner_house_rule_solo_energy_4_through_the_setup(tmp_path: Path) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "input": {"bounce_ms": 20},
                           "house_rules": {"brikks": {"solo_energy": 4}}})
    rig = Rig(db=str(tmp_path / "h.db"), config=config)
    rig.keys("ok")
    while not rig.app.top.items()[rig.app.top.index].startswith("Brikks"):
        rig.keys("down")
    rig.keys("ok", "left")
    assert "Energy 4: cross none" in rig.text
    rig.keys("right")                                    # 2 players: not touched
    assert "Energy 2: cross 3+4" in rig.text
    rig.keys("left", "ok", "ok")
    s = rig.app.session.state
    assert (s.trackers[0].energy, s.trackers[0].bar) == (4, 4)
    assert rig.store.game(rig.app.session.game_id).options["house_rules"] == {
        "start_pick_order": "rules", "solo_energy": 4}
    rig.close()


def test_bad_config_value_is_one_sentence() -> None:
    from companion.config.file import ConfigError
    with pytest.raises(ConfigError, match=r"house_rules\.brikks\.solo_energy: .*4, 5"):
        from_mapping({"house_rules": {"brikks": {"solo_energy": 3}}})
