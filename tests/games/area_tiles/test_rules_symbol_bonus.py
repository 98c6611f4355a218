"""Guards the Area Tiles symbol bonus when two shapes qualify in one area: each owner
scores 3 once per area (house rule ``symbol_bonus = "each"``), or one bonus per area
(``"one"``, also how games saved before the rule go on), through rules and screens."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.config.registry import position
from companion.core.errors import RuleError
from companion.games.area_tiles import rules
from companion.testing import Rig

NAMES = ["Red", "Blue", "Yellow"]  # as games saved before the roster named them
#: The people the screens' setup seats (red, blue, yellow), through the ``rig`` fixture.
ROSTER = ("Ann", "Ben", "Cleo")
EACH = {"house_rules": {"symbol_bonus": "each"}}
ONE = {"house_rules": {"symbol_bonus": "one"}}


def scoring(**options):
    state = rules.new_game({"players": NAMES, **options})
    return rules.step(state, {"type": "begin_scoring"})


# --- the rule --------------------------------------------------------------------------

def test_two_shapes_in_one_area_give_both_owners_3():
    """Red's 9-block area has 4+ connected crosses and 4+ connected triangles."""
    s = rules.step(scoring(**EACH), {"type": "add_area", "blocks": 9, "symbol": ["Blue", "Yellow"]})
    lines = {line.player: line.symbol_bonus for line in rules.current_score(s).lines}
    assert lines == {"Red": 0, "Blue": 3, "Yellow": 3}
    assert s.areas[0] == (rules.Area(9, ("Blue", "Yellow")),)


def test_each_owner_scores_3_once_per_area_however_many_groups():
    score = rules.score({"Red": [10, 7], "Blue": [5]},
                        symbol_areas=[("Red", "Blue"), "Blue"])
    assert {line.player: line.symbol_bonus for line in score.lines} == {"Red": 3, "Blue": 6}
    with pytest.raises(RuleError, match="each owner one symbol bonus at most"):
        rules.score({"Red": [10]}, symbol_areas=[("Red", "Red")])


def test_owners_keep_seating_order_and_one_owner_stays_a_name():
    s = scoring(**EACH)
    s = rules.step(s, {"type": "add_area", "blocks": 9, "symbol": ["Yellow", "Red"]})
    s = rules.step(s, {"type": "add_area", "blocks": 7, "symbol": ["Blue"]})
    s = rules.step(s, {"type": "add_area", "blocks": 5, "symbol": []})
    assert [a.symbol for a in s.areas[0]] == [("Red", "Yellow"), "Blue", None]
    assert [a.owners for a in s.areas[0]] == [("Red", "Yellow"), ("Blue",), ()]
    assert repr(s.areas[0][1]) == "Area(blocks=7, symbol='Blue')"  # as saved games read


def test_the_same_owner_twice_or_a_stranger_is_refused():
    with pytest.raises(RuleError, match="name each symbol's owner once"):
        rules.step(scoring(**EACH), {"type": "add_area", "blocks": 9, "symbol": ["Blue", "Blue"]})
    with pytest.raises(RuleError, match="belongs to one of Red, Blue, Yellow"):
        rules.step(scoring(**EACH), {"type": "add_area", "blocks": 9, "symbol": ["Blue", "Zed"]})
    with pytest.raises(RuleError, match="belongs to one of"):
        rules.step(scoring(**EACH), {"type": "add_area", "blocks": 9, "symbol": [["Blue"]]})


def test_house_rule_one_allows_one_owner_per_area():
    s = scoring(**ONE)
    assert s.symbol_bonus == "one"
    with pytest.raises(RuleError, match="one symbol bonus per area"):
        rules.step(s, {"type": "add_area", "blocks": 9, "symbol": ["Blue", "Yellow"]})
    s = rules.step(s, {"type": "add_area", "blocks": 9, "symbol": "Blue"})
    s = rules.step(s, {"type": "set_area", "index": 0, "blocks": 9, "symbol": ["Yellow"]})
    assert s.areas[0] == (rules.Area(9, "Yellow"),)


def test_a_game_logged_without_the_rule_keeps_one_owner_per_area():
    assert scoring().symbol_bonus == "one"
    assert scoring(house_rules={"two_player_colours": "red+blue"}).symbol_bonus == "one"
    assert scoring(**EACH).symbol_bonus == "each"


def test_the_rule_stays_out_of_the_state_repr():
    assert "symbol_bonus" not in repr(scoring(**EACH))


def test_bad_house_rule_value_is_refused():
    with pytest.raises(RuleError, match="'each', 'one'"):
        rules.new_game({"players": NAMES, "house_rules": {"symbol_bonus": "both"}})


# --- the screens, through the pins ------------------------------------------------------

def start_three(rig: Rig) -> None:
    rig.keys("ok", *["down"] * position("area_tiles"), "ok")
    rig.keys("ok", "ok", "ok")  # OK jumps to Start, Start, every tile is down
    assert "Ann's areas" in rig.text


def symbol_line(rig: Rig) -> str:
    """The editor's symbol row (12 px, under the size): whose 4+ groups the area holds."""
    texts = rig.app.texts
    return texts[texts.index("=") + 2]


def test_the_editor_offers_every_group_of_owners_and_logs_a_list(rig: Rig) -> None:
    start_three(rig)
    assert rig.app.session.options["house_rules"]["symbol_bonus"] == "each"
    rig.keys("ok", *["up"] * 5)  # a new area of 9 blocks
    seen = []
    for _ in range(8):
        rig.keys("right")
        seen.append(symbol_line(rig))
    assert seen == ["Ann", "Ben", "Cleo", "Ann & Ben", "Ann & Cleo", "Ben & Cleo",
                    "all three", "no 4+ group"]
    rig.keys("left", "left")
    assert symbol_line(rig) == "Ben & Cleo"
    rig.keys("ok")
    assert rig.store.actions(rig.app.session.game_id)[-1] == {
        "type": "add_area", "blocks": 9, "symbol": ["Ben", "Cleo"]}
    rig.keys("back", "left")  # to Cleo's list (the last player) to see the bonus count
    s = rig.app.session.state
    assert {line.player: line.symbol_bonus for line in rules.current_score(s).lines} == {
        "Ann": 0, "Ben": 3, "Cleo": 3}


def test_fixing_a_two_owner_area_starts_from_its_owners(rig: Rig) -> None:
    start_three(rig)
    rig.app.play({"type": "add_area", "blocks": 9, "symbol": ["Ann", "Cleo"]})
    rig.keys("up", "ok")  # the area row, OK fixes it
    assert "OK fix" in rig.text and symbol_line(rig) == "Ann & Cleo"
    rig.keys("right", "ok")
    assert rig.app.session.state.areas[0] == (rules.Area(9, ("Ben", "Cleo")),)


def test_house_rule_one_offers_single_owners_only(tmp_path: Path) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "input": {"bounce_ms": 20},
                           "house_rules": {"area_tiles": {"symbol_bonus": "one"}}})
    rig = Rig(db=str(tmp_path / "one.db"), config=config, players=ROSTER)
    start_three(rig)
    rig.keys("ok")
    seen = []
    for _ in range(4):
        rig.keys("right")
        seen.append(symbol_line(rig))
    assert seen == ["Ann", "Ben", "Cleo", "no 4+ group"]
    rig.close()
