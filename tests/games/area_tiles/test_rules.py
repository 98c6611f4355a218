"""Guards the Area Tiles rules: size bands, the three bonuses, tie-breaks and the entry flow."""

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.api.rules import Result as GameResult
from companion.core.errors import RuleError
from companion.games.area_tiles import rules as at

# --- area_points ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("blocks", "points"),
    [(4, 1), (5, 1), (6, 1), (7, 3), (8, 3), (9, 3), (10, 6), (11, 3), (12, 1), (13, 0),
     (14, 0), (30, 0), (72, 0)],
)
def test_every_size_band(blocks, points):
    assert at.area_points(blocks) == points


@pytest.mark.parametrize("blocks", [3, 2, 0, -4])
def test_fewer_than_four_blocks_is_not_an_area(blocks):
    with pytest.raises(ValueError, match="at least 4"):
        at.area_points(blocks)


@pytest.mark.parametrize("blocks", ["7", 7.0, None, True])
def test_area_size_must_be_a_whole_number(blocks):
    with pytest.raises(RuleError, match="whole number"):
        at.area_points(blocks)


# --- score ---------------------------------------------------------------------------------


def test_result_is_the_issue_name_for_score():
    assert at.Result is at.Score
    s = at.score({"Ann": [7], "Bob": [5]})
    assert isinstance(s, at.Result)
    assert s.totals == {"Ann": 9, "Bob": 4}
    assert s.winners == ["Ann"]


def test_thirteen_plus_counts_for_largest_and_most_but_scores_nothing():
    s = at.score({"Ann": [13, 14], "Bob": [12]})
    ann = s.line("Ann")
    assert (ann.areas, ann.area_points, ann.largest_bonus, ann.most_bonus) == (2, 0, 3, 3)
    assert s.totals == {"Ann": 6, "Bob": 1}
    assert s.winners == ["Ann"]


def test_tied_players_all_get_both_bonuses():
    s = at.score({"Ann": [10, 5], "Bob": [5, 10], "Cy": [4]})
    for name in ("Ann", "Bob"):
        line = s.line(name)
        assert (line.largest_bonus, line.most_bonus) == (3, 3)
    assert (s.line("Cy").largest_bonus, s.line("Cy").most_bonus) == (0, 0)
    assert s.totals == {"Ann": 13, "Bob": 13, "Cy": 1}


def test_largest_and_most_go_to_different_players():
    s = at.score({"Ann": [11], "Bob": [4, 4, 5]})
    assert s.line("Ann").largest_bonus == 3 and s.line("Ann").most_bonus == 0
    assert s.line("Bob").largest_bonus == 0 and s.line("Bob").most_bonus == 3
    assert s.totals == {"Ann": 6, "Bob": 6}


def test_symbol_bonus_goes_to_the_symbol_owner_not_the_area_owner():
    s = at.score({"Ann": [7], "Bob": [4]}, symbol_areas=["Bob"])
    assert s.line("Bob").symbol_bonus == 3
    assert s.line("Ann").symbol_bonus == 0
    assert s.totals == {"Ann": 9, "Bob": 7}  # Bob: 1 + most areas 3 + Ann's area's symbol 3


def test_symbol_bonus_is_three_per_area():
    s = at.score({"Ann": [7, 8], "Bob": [4]}, symbol_areas=["Bob", "Bob"])
    assert s.line("Bob").symbol_bonus == 6


def test_symbol_owner_must_be_playing():
    with pytest.raises(ValueError, match="player in the game"):
        at.score({"Ann": [7], "Bob": [4]}, symbol_areas=["Cy"])


def test_more_symbol_bonuses_than_areas_is_refused():
    with pytest.raises(RuleError, match="2 bonuses but 1 areas"):
        at.score({"Ann": [7], "Bob": []}, symbol_areas=["Ann", "Bob"])


def test_a_size_below_four_is_refused_in_score():
    with pytest.raises(ValueError, match="3 is not an area"):
        at.score({"Ann": [7, 3], "Bob": [4]})


def test_fewer_areas_breaks_a_tie():
    # Ann: 10 -> 6 + largest 3 = 9 with 1 area; Bob: 7 + 7 -> 6 + most 3 = 9 with 2 areas.
    s = at.score({"Ann": [10], "Bob": [7, 7]})
    assert s.totals == {"Ann": 9, "Bob": 9}
    assert s.winners == ["Ann"]
    assert s.places == (("Ann",), ("Bob",))
    assert s.tie_break == "fewer areas"
    assert not s.is_draw
    assert "fewer areas" in s.detail.english() and "Ann" in s.detail.english()


def test_a_true_draw():
    s = at.score({"Ann": [7], "Bob": [7], "Cy": [4]})
    assert s.totals == {"Ann": 9, "Bob": 9, "Cy": 4}
    assert s.winners == ["Ann", "Bob"]
    assert s.is_draw and s.tie_break == "draw"
    assert s.places == (("Ann", "Bob"), ("Cy",))
    assert s.detail.english().startswith("Draw")


def test_nobody_has_an_area_is_a_draw_without_bonuses():
    s = at.score({"Ann": [], "Bob": []})
    assert s.totals == {"Ann": 0, "Bob": 0}
    assert s.winners == ["Ann", "Bob"]


def test_plain_win_needs_no_tie_break():
    s = at.score({"Ann": [10], "Bob": [4]})
    assert s.tie_break == "" and s.detail.english() == "Ann wins with 12 points."


def test_totals_cannot_be_changed_through_the_result():
    s = at.score({"Ann": [7], "Bob": [5]})
    with pytest.raises(TypeError):
        s.totals["Ann"] = 99  # type: ignore[index]
    s.winners.append("Bob")
    assert s.winners == ["Ann"]


# --- setup ---------------------------------------------------------------------------------


def test_three_player_setup_defaults():
    state = at.new_game({"players": ["Ann", "Bob", "Cy"]})
    assert state.colours == ("red", "blue", "yellow")
    assert state.tiles == 24 and state.first == "Ann" and state.phase == "playing"
    assert state.max_blocks == 216
    assert state.title == "Area Tiles"
    assert at.colour_of(state, "Cy") == "yellow"


def test_short_game_uses_18_tiles():
    state = at.new_game({"players": ["Ann", "Bob"], "short": True})
    assert state.tiles == 18 and state.max_blocks == 108


def test_first_player_by_name_or_seat():
    assert at.new_game({"players": ["Ann", "Bob", "Cy"], "first": "Cy"}).first == "Cy"
    assert at.new_game({"players": ["Ann", "Bob", "Cy"], "first": 1}).first == "Bob"
    with pytest.raises(RuleError, match="first player"):
        at.new_game({"players": ["Ann", "Bob"], "first": "Zed"})
    with pytest.raises(RuleError, match="seat 0 to 1"):
        at.new_game({"players": ["Ann", "Bob"], "first": 2})


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cy", "Dee"]])
def test_two_or_three_players(players):
    with pytest.raises(RuleError, match="2–3 players"):
        at.new_game({"players": players})


def test_two_player_colours_from_house_rule_or_setup():
    assert at.new_game({"players": ["Ann", "Bob"]}).colours == ("red", "blue")
    ruled = at.new_game(
        {"players": ["Ann", "Bob"], "house_rules": {"two_player_colours": "blue+yellow"}}
    )
    assert ruled.colours == ("blue", "yellow")
    picked = at.new_game({"players": ["Ann", "Bob"], "colours": ["yellow", "red"]})
    assert picked.colours == ("yellow", "red")


@pytest.mark.parametrize(
    ("colours", "message"),
    [(["red"], "one colour per player"), (["red", "red"], "different colour"),
     (["red", "green"], "different colour"), ("red", "a list")],
)
def test_bad_colours_are_refused(colours, message):
    with pytest.raises(RuleError, match=message):
        at.new_game({"players": ["Ann", "Bob"], "colours": colours})


def test_bad_short_option_and_house_rules():
    with pytest.raises(RuleError, match="true or false"):
        at.new_game({"players": ["Ann", "Bob"], "short": "yes"})
    with pytest.raises(RuleError, match="unknown house rule"):
        at.new_game({"players": ["Ann", "Bob"], "house_rules": {"colour": "red"}})
    with pytest.raises(RuleError, match="must be one of"):
        at.new_game({"players": ["Ann", "Bob"], "house_rules": {"two_player_colours": "red"}})


def test_display_name_house_rule():
    assert at.display_name() == "Area Tiles"
    assert at.HOUSE_RULES["name"].default == "Area Tiles"
    state = at.new_game({"players": ["Ann", "Bob"], "house_rules": {"name": "Just Right"}})
    assert state.title == "Just Right"
    with pytest.raises(RuleError, match="cannot be empty"):
        at.display_name({"house_rules": {"name": "  "}})
    with pytest.raises(RuleError, match="must be a text in quotes"):
        at.display_name({"house_rules": {"name": 5}})


# --- the entry flow ------------------------------------------------------------------------


def play(state, *actions):
    for action in actions:
        state = at.step(state, action)
    return state


def scoring(players=("Ann", "Bob", "Cy"), **options):
    return at.step(at.new_game({"players": list(players), **options}), {"type": "begin_scoring"})


def test_three_player_game_from_setup_to_winner():
    state = play(
        scoring(first="Bob"),
        {"type": "add_area", "blocks": 10, "symbol": None},
        {"type": "add_area", "blocks": 6, "symbol": "Cy"},
        {"type": "select_player", "player": "Bob"},
        {"type": "add_area", "blocks": 13, "symbol": None},
        {"type": "add_area", "blocks": 8, "symbol": "Bob"},
        {"type": "select_player", "player": "Cy"},
        {"type": "add_area", "blocks": 9, "symbol": None},
        {"type": "add_area", "blocks": 4, "symbol": None},
        {"type": "finish"},
    )
    assert at.is_over(state)
    rows = dict(at.breakdown(state))
    assert rows["Areas"] == (2, 2, 2)
    assert rows["Area points"] == (7, 3, 4)
    assert rows["Largest area"] == (0, 3, 0)
    assert rows["Most areas"] == (3, 3, 3)
    assert rows["Symbols"] == (0, 3, 3)
    assert rows["Total"] == (10, 12, 10)
    res = at.result(state)
    assert isinstance(res, GameResult)
    assert res.places == (("Bob",), ("Ann", "Cy"))
    assert res.winners == ("Bob",)
    assert res.scores == {"Ann": 10, "Bob": 12, "Cy": 10}
    assert res.detail == "Bob wins with 12 points."


def test_two_player_game_with_tie_break_through_steps():
    state = play(
        scoring(("Ann", "Bob")),
        {"type": "add_area", "blocks": 10},
        {"type": "select_player", "player": "Bob"},
        {"type": "add_area", "blocks": 7},
        {"type": "add_area", "blocks": 7},
        {"type": "finish"},
    )
    res = at.result(state)
    assert res.winners == ("Ann",) and res.scores == {"Ann": 9, "Bob": 9}
    assert "fewer areas" in res.detail


def test_correct_and_remove_areas():
    state = play(
        scoring(),
        {"type": "add_area", "blocks": 5},
        {"type": "add_area", "blocks": 11},
        {"type": "set_area", "index": 0, "blocks": 10, "symbol": "Bob"},
        {"type": "remove_area", "index": 1},
    )
    assert state.areas[0] == (at.Area(10, "Bob"),)
    assert state.areas[0][0].points == 6
    assert at.current_score(state).line("Bob").symbol_bonus == 3


def test_area_actions_need_scoring_to_have_started():
    state = at.new_game({"players": ["Ann", "Bob"]})
    with pytest.raises(RuleError, match="start scoring"):
        at.step(state, {"type": "add_area", "blocks": 5})
    with pytest.raises(RuleError, match="already started"):
        play(state, {"type": "begin_scoring"}, {"type": "begin_scoring"})


def test_nothing_changes_after_finish():
    state = play(scoring(), {"type": "finish"})
    with pytest.raises(RuleError, match="final"):
        at.step(state, {"type": "add_area", "blocks": 5})


def test_result_needs_a_finished_game():
    with pytest.raises(RuleError, match="not over"):
        at.result(scoring())


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "add_area", "blocks": 3}, "not an area"),
        ({"type": "add_area", "blocks": 5, "symbol": "Zed"}, "symbol group belongs"),
        ({"type": "select_player", "player": "Zed"}, "choose one of"),
        ({"type": "remove_area", "index": 0}, "no areas entered"),
        ({"type": "pass"}, "does not know the action 'pass'"),
    ],
)
def test_bad_actions_are_refused(action, message):
    with pytest.raises(RuleError, match=message):
        at.step(scoring(), action)


@pytest.mark.parametrize("index", [1, -1, "0", None, True])
def test_area_index_must_exist(index):
    state = play(scoring(), {"type": "add_area", "blocks": 5})
    with pytest.raises(RuleError, match="areas 0 to 0"):
        at.step(state, {"type": "set_area", "index": index, "blocks": 6})


def test_areas_cannot_hold_more_blocks_than_the_table():
    state = scoring(("Ann", "Bob"), short=True)  # 2 x 18 tiles x 3 = 108 blocks
    state = play(state, {"type": "add_area", "blocks": 100})
    assert at.blocks_left(state) == 8 and at.can_add_area(state)
    with pytest.raises(RuleError, match="only 8 blocks are left"):
        at.step(state, {"type": "add_area", "blocks": 9})
    state = at.step(state, {"type": "set_area", "index": 0, "blocks": 104})  # own blocks free
    assert at.blocks_left(state) == 4
    state = at.step(state, {"type": "add_area", "blocks": 4})
    assert not at.can_add_area(state)


def test_step_never_mutates_and_replays_identically():
    start = scoring()
    before = repr(start)
    actions = [{"type": "add_area", "blocks": 7, "symbol": "Cy"}, {"type": "finish"}]
    end = play(start, *actions)
    assert repr(start) == before
    assert play(start, *actions) == end
    with pytest.raises(AttributeError):
        end.phase = "scoring"  # type: ignore[misc]


def test_module_doctests():
    failures, tried = doctest.testmod(at)
    assert tried >= 10 and failures == 0


# --- properties ----------------------------------------------------------------------------

# at most 16 blocks x 4 areas each, so every game fits on the table (144 or 216 blocks)
sizes = st.lists(st.integers(min_value=4, max_value=16), max_size=4)
games = st.integers(min_value=2, max_value=3).flatmap(
    lambda n: st.tuples(
        st.lists(sizes, min_size=n, max_size=n),
        st.lists(st.integers(min_value=0, max_value=n - 1), max_size=4),
    )
)


def _named(areas, symbols):
    names = ["Ann", "Bob", "Cy"][: len(areas)]
    total = sum(len(a) for a in areas)
    return dict(zip(names, areas, strict=True)), [names[i] for i in symbols[:total]]


@settings(max_examples=200, deadline=None)
@given(games)
def test_total_is_the_sum_of_its_parts(game):
    areas, symbols = _named(*game)
    s = at.score(areas, symbols)
    for line in s.lines:
        assert line.area_points == sum(at.area_points(b) for b in areas[line.player])
        assert line.total == s.totals[line.player]
    assert sum(line.symbol_bonus for line in s.lines) == 3 * len(symbols)
    if any(areas.values()):
        assert any(line.largest_bonus for line in s.lines)
        assert any(line.most_bonus for line in s.lines)


@settings(max_examples=200, deadline=None)
@given(games)
def test_winners_have_the_best_total_then_fewest_areas(game):
    areas, symbols = _named(*game)
    s = at.score(areas, symbols)
    best = max(s.totals.values())
    level = [p for p in areas if s.totals[p] == best]
    fewest = min(len(areas[p]) for p in level)
    assert s.winners == [p for p in level if len(areas[p]) == fewest]
    assert s.is_draw == (len(s.winners) > 1)
    assert sorted(p for place in s.places for p in place) == sorted(areas)


@settings(max_examples=100, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_seating_order_does_not_change_the_scores(game, rnd):
    areas, symbols = _named(*game)
    names = list(areas)
    rnd.shuffle(names)
    shuffled = at.score({p: list(reversed(areas[p])) for p in names}, symbols)
    s = at.score(areas, symbols)
    assert dict(shuffled.totals) == dict(s.totals)
    assert sorted(shuffled.winners) == sorted(s.winners)


@settings(max_examples=100, deadline=None)
@given(games)
def test_entering_through_steps_matches_score(game):
    areas, symbols = _named(*game)
    state = scoring(tuple(areas))
    owners = iter(symbols)
    for player, blocks in areas.items():
        state = at.step(state, {"type": "select_player", "player": player})
        for b in blocks:
            state = at.step(state, {"type": "add_area", "blocks": b, "symbol": next(owners, None)})
    state = at.step(state, {"type": "finish"})
    assert at.result(state).scores == dict(at.score(areas, symbols).totals)
    assert list(at.result(state).winners) == at.score(areas, symbols).winners


def test_the_fewer_areas_sentence_in_japanese_reads_as_a_table_says_it(japanese) -> None:
    """The review's wording: 「山田 一郎の勝ち(9点で同点、エリア数1対2)。」, and with two
    players level behind the winner their areas are listed with 「、」."""
    from companion.api.rules import listed, said
    from companion.records import result_text

    s = at.score({"山田 一郎": [10], "健太": [7, 7]})
    shown = result_text.detail(GameResult(places=s.places, detail=s.detail).to_json(),
                               "area_tiles")
    assert shown == "山田 一郎の勝ち(9点で同点、エリア数1対2)。"
    three = said("{winner} wins the tie on {total} points with fewer areas ({areas} against "
                 "{others}).", winner="ゆい", total=10, areas=2,
                 others=listed(["3", "4"], ", ", ", "))
    assert result_text.detail(GameResult(places=(), detail=three).to_json(),
                              "area_tiles") == "ゆいの勝ち(10点で同点、エリア数2対3、4)。"
