"""Guards the Genial Spezial rules: the 20 cap with lost points, turn entry and turn order,
the weakest-colour ranking with its tie-breaks, the setup table, and bad input."""

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.genial import rules as genial
from companion.games.genial.rules import (
    add_points,
    current_player,
    decide,
    is_over,
    new_game,
    ranking,
    result,
    round_number,
    setup,
    standings,
    step,
    weakest,
)

TURN = {"type": "turn"}


def play(state, *actions):
    for action in actions:
        state = step(state, action)
    return state


def three():
    return new_game({"players": ["Ann", "Bob", "Cy"]})


def test_doctests_pass():
    assert doctest.testmod(genial).failed == 0


# ---------------------------------------------------------------- cap


def test_add_points_below_cap_loses_nothing():
    assert add_points(12, 3) == (15, 0)
    assert add_points(0, 20) == (20, 0)
    assert add_points(20, 0) == (20, 0)


def test_add_points_at_cap_reports_lost_points():
    assert add_points(18, 5) == (20, 3)
    assert add_points(20, 2) == (20, 2)


@pytest.mark.parametrize(
    "track, points", [(-1, 1), (21, 0), (5, -1), (True, 1), (5, 1.5), ("3", 1)]
)
def test_add_points_rejects_bad_input(track, points):
    with pytest.raises(ValueError):
        add_points(track, points)


def test_add_points_message_says_what_is_allowed():
    with pytest.raises(RuleError, match="0 to 20, not 21"):
        add_points(21, 1)


def test_turn_records_points_lost_to_cap_per_symbol():
    state = play(three(), {"type": "turn", "points": {"orange": 19, "blue": 4}})
    state = play(state, TURN, TURN)  # Bob, Cy
    state = step(state, {"type": "turn", "points": {"orange": 3, "blue": 2}})
    assert state.tracks[0] == (20, 0, 6, 0)
    assert state.last_turn.lost == (2, 0, 0, 0)
    assert state.last_turn.gained == (1, 0, 2, 0)
    assert state.last_turn.lost_total == 2


def test_large_tower_bonus_hits_cap_on_some_symbols_only():
    state = play(three(), {"type": "turn", "points": {"orange": 19, "purple": 20, "blue": 5}})
    state = play(state, TURN, TURN)
    state = step(state, {"type": "turn", "all": 3})
    assert state.tracks[0] == (20, 20, 8, 3)
    assert state.last_turn.lost == (2, 3, 0, 0)
    assert state.last_turn.entered == (3, 3, 3, 3)


def test_full_turn_entry_adds_points_all_and_bonus():
    state = step(three(), {"type": "turn", "points": {"orange": 2, "blue": 1},
                           "all": 2, "bonus": ["green"]})
    assert state.tracks == ((4, 2, 3, 3), (0, 0, 0, 0), (0, 0, 0, 0))
    turn = state.last_turn
    assert (turn.seat, turn.round, turn.points, turn.all, turn.bonus) == (
        0, 1, (2, 0, 1, 0), 2, ("green",))
    assert turn.lost_total == 0


def test_large_tower_bonus_limit_follows_player_count():
    assert [new_game({"players": list("ABCD"[:n])}).max_all for n in (2, 3, 4)] == [6, 8, 10]
    two = new_game({"players": ["A", "B"]})
    assert step(two, {"type": "turn", "all": 6}).tracks[0] == (6, 6, 6, 6)
    with pytest.raises(RuleError, match="0 to 6 on all four"):
        step(two, {"type": "turn", "all": 7})


def test_two_bonus_spaces_on_one_symbol_count_twice():
    state = step(three(), {"type": "turn", "bonus": ["blue", "blue"]})
    assert state.tracks[0] == (0, 0, 2, 0)


def test_bonus_on_a_full_track_is_recorded_as_lost():
    state = play(three(), {"type": "turn", "points": {"green": 20}}, TURN, TURN)
    state = step(state, {"type": "turn", "bonus": ["green"]})
    assert state.tracks[0] == (0, 0, 0, 20)
    assert state.last_turn.lost == (0, 0, 0, 1)


def test_preview_does_not_change_state():
    state = three()
    turn = genial.preview(state, {"type": "turn", "points": {"purple": 4}})
    assert turn.gained == (0, 4, 0, 0)
    assert state.tracks[0] == (0, 0, 0, 0) and state.turns == ()


# ---------------------------------------------------------------- turn order and end


def test_turn_order_follows_seats_from_first_player():
    state = new_game({"players": ["Ann", "Bob", "Cy"], "first": 1})
    seen = []
    for _ in range(4):
        seen.append((current_player(state), round_number(state)))
        state = step(state, TURN)
    assert seen == [("Bob", 1), ("Cy", 1), ("Ann", 1), ("Bob", 2)]
    assert state.turns[2].seat == 0 and state.turns[3].round == 2


def test_points_go_to_the_current_player():
    state = play(three(), TURN, {"type": "turn", "points": {"blue": 5}})
    assert state.tracks == ((0, 0, 0, 0), (0, 0, 5, 0), (0, 0, 0, 0))


def test_player_guard_rejects_stale_screen():
    state = step(three(), TURN)
    with pytest.raises(RuleError, match="it is Bob's turn"):
        step(state, {"type": "turn", "player": "Ann"})
    assert step(state, {"type": "turn", "player": "Bob"}).turns[-1].seat == 1


def test_game_ends_after_every_players_twentieth_turn():
    state = three()
    for _ in range(20 * 3 - 1):
        state = step(state, {"type": "turn", "points": {"orange": 1}})
    assert not is_over(state)
    assert (current_player(state), round_number(state)) == ("Cy", 20)
    state = step(state, {"type": "turn", "points": {"orange": 1}})
    assert is_over(state)
    assert [genial.turns_taken(state, s) for s in range(3)] == [20, 20, 20]
    assert state.tracks[0] == (20, 0, 0, 0)
    with pytest.raises(RuleError, match="game is over"):
        step(state, TURN)


def test_end_early_stops_the_game_with_current_standings():
    state = play(three(), {"type": "turn", "points": {"orange": 1, "purple": 1, "blue": 1,
                                                      "green": 2}},
                 TURN, {"type": "turn", "all": 1})
    state = step(state, {"type": "end_early"})
    assert is_over(state)
    res = result(state)
    assert res.places == (("Ann",), ("Cy",), ("Bob",))
    assert res.scores == {"Ann": 1, "Bob": 0, "Cy": 1}
    assert res.detail == ("Ann wins on the highest colour: green 2 vs Cy's green 1."
                          " Ended early after round 1.")
    with pytest.raises(RuleError):
        step(state, {"type": "end_early"})


def test_step_does_not_mutate_and_replays_identically():
    actions = [{"type": "turn", "points": {"orange": 3}, "all": 2}, TURN,
               {"type": "turn", "bonus": ["blue"]}]
    start = three()
    a = play(start, *actions)
    b = play(three(), *actions)
    assert a == b
    assert start == three()
    assert play(start, *actions[:-1]) == play(three(), *actions[:-1])  # undo = replay


# ---------------------------------------------------------------- ranking


def test_source_example_next_lowest_decides():
    # Both lowest 11; next-lowest Blue 12, Red 13 -> Red wins.
    blue, red = [11, 12, 14, 15], [13, 11, 16, 17]
    assert ranking({"Blue": blue, "Red": red}) == [["Red"], ["Blue"]]
    assert decide(red, blue) == genial.Decision(1, "orange", 13, "purple", 12)


@pytest.mark.parametrize(
    "a, b, position",
    [
        ([5, 9, 9, 9], [4, 20, 20, 20], 0),
        ([5, 7, 9, 9], [9, 6, 5, 20], 1),
        ([5, 6, 8, 9], [9, 6, 5, 7], 2),
        ([5, 6, 7, 20], [19, 5, 7, 6], 3),
    ],
)
def test_tie_decided_at_each_position(a, b, position):
    assert ranking({"B": b, "A": a}) == [["A"], ["B"]]
    assert decide(a, b).position == position


def test_full_tie_shares_the_place_in_seat_order():
    assert ranking({"Cy": [3, 4, 5, 6], "Ann": [6, 5, 4, 3], "Bob": [1, 9, 9, 9]}) == [
        ["Cy", "Ann"], ["Bob"]]
    assert decide([3, 4, 5, 6], [6, 5, 4, 3]) is None


def test_weakest_marks_every_lowest_symbol():
    assert weakest([4, 2, 7, 2]) == ("purple", "green")
    assert weakest([3, 2, 7, 2]) == ("purple", "green")
    assert weakest([9, 8, 7, 6]) == ("green",)
    assert weakest([0, 0, 0, 0]) == genial.SYMBOLS


@pytest.mark.parametrize("tracks", [[1, 2, 3], [1, 2, 3, 21], [-1, 0, 0, 0], "abcd"])
def test_ranking_rejects_bad_tracks(tracks):
    with pytest.raises(ValueError):
        ranking({"Ann": tracks})


def test_standings_and_result_detail():
    state = new_game({"players": ["Ann", "Bob", "Cy", "Dee"]})
    state = play(state,
                 {"type": "turn", "points": {"orange": 11, "purple": 12, "blue": 14, "green": 15}},
                 {"type": "turn", "points": {"orange": 13, "purple": 11, "blue": 16, "green": 17}},
                 {"type": "turn", "points": {"orange": 13, "purple": 11, "blue": 17, "green": 16}},
                 TURN)
    table = standings(state)
    assert [(s.place, s.players) for s in table] == [
        (1, ("Bob", "Cy")), (3, ("Ann",)), (4, ("Dee",))]
    assert table[0].beaten_by is None
    assert table[1].beaten_by.position == 1
    assert table[2].beaten_by.label == "lowest"
    res = result(state)
    assert res.winners == ("Bob", "Cy")
    assert res.detail == ("Unfinished, round 2: Bob and Cy share first place,"
                          " equal on all four (11, 13, 16, 17).")


def test_result_names_the_deciding_colour():
    state = new_game({"players": ["Blue", "Red"]})
    state = play(state,
                 {"type": "turn", "points": {"orange": 11, "purple": 12, "blue": 14, "green": 15}},
                 {"type": "turn", "points": {"orange": 13, "purple": 11, "blue": 16, "green": 17}},
                 {"type": "turn"}, {"type": "end_early"})
    res = result(state)
    assert res.places == (("Red",), ("Blue",))
    assert res.scores == {"Blue": 11, "Red": 11}
    assert res.detail == ("Red wins on the 2nd-lowest colour: orange 13 vs Blue's purple 12."
                          " Ended early in round 2.")
    assert state.last_turn.seat == 0


tracks_st = st.lists(st.integers(0, 20), min_size=4, max_size=4)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text("abcdefgh", min_size=1, max_size=3), tracks_st, max_size=7))
def test_ranking_is_the_lexicographic_preorder_of_sorted_tracks(scores):
    places = ranking(scores)
    flat = [name for place in places for name in place]
    assert sorted(flat) == sorted(scores) and len(flat) == len(scores)
    index = {name: i for i, place in enumerate(places) for name in place}
    for a in scores:
        for b in scores:
            ka, kb = sorted(scores[a]), sorted(scores[b])
            assert (index[a] < index[b]) == (ka > kb)
            assert (index[a] == index[b]) == (ka == kb)
    order = list(scores)
    for place in places:
        assert place == sorted(place, key=order.index)
        assert place  # no empty place


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 4),
    st.lists(
        st.fixed_dictionaries(
            {"points": st.dictionaries(st.sampled_from(genial.SYMBOLS), st.integers(0, 20)),
             "all": st.integers(0, 6),
             "bonus": st.lists(st.sampled_from(genial.SYMBOLS), max_size=2)}),
        max_size=80),
)
def test_random_turns_keep_tracks_in_range_and_account_for_every_point(count, turns):
    state = new_game({"players": [f"P{i}" for i in range(count)]})
    for turn in turns:
        if is_over(state):
            break
        before = state.tracks[genial.current_seat(state)]
        state = step(state, {"type": "turn", **turn})
        rec = state.last_turn
        after = state.tracks[rec.seat]
        for i, sym in enumerate(genial.SYMBOLS):
            entered = turn["points"].get(sym, 0) + turn["all"] + turn["bonus"].count(sym)
            assert rec.gained[i] + rec.lost[i] == entered
            assert after[i] == min(before[i] + entered, 20)
    assert all(0 <= v <= 20 for row in state.tracks for v in row)
    assert is_over(state) == (len(state.turns) == 20 * count)


# ---------------------------------------------------------------- setup and bad input


def test_setup_table():
    got = {n: (s.large_towers, s.small_towers, s.large_boxed, s.small_boxed,
               s.removed_light_values, s.tokens_removed, s.tokens_used)
           for n, s in ((n, setup(n)) for n in (2, 3, 4))}
    assert got == {
        2: (6, 10, 4, 4, (1, 2), 8, 16),
        3: (8, 12, 2, 2, (2,), 4, 20),
        4: (10, 14, 0, 0, (), 0, 24),
    }
    assert setup(2).lines()[3] == "Box: light 1 & 2 tokens (8)"
    assert setup(4).lines()[3] == "Box: no tokens"


@pytest.mark.parametrize("players", [1, 5, 0, "3", True])
def test_setup_rejects_bad_player_counts(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        setup(players)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": ["A", "B", "C", "D", "E"]}, "2–4 players"),
        ({"players": ["A"]}, "2–4 players"),
        ({"players": ["A", "B"], "first": 2}, "first must be a seat from 0 to 1"),
        ({"players": ["A", "B"], "house_rules": {"cap": 30}}, "unknown house rule"),
    ],
)
def test_new_game_rejects_bad_options(options, message):
    with pytest.raises(RuleError, match=message):
        new_game(options)


@pytest.mark.parametrize(
    "action, message",
    [
        ({"type": "turn", "points": {"red": 1}}, "'red' is not one"),
        ({"type": "turn", "points": {"blue": -1}}, "0 to 20 points on blue"),
        ({"type": "turn", "points": {"blue": 21}}, "0 to 20 points on blue"),
        ({"type": "turn", "points": [1, 2, 3, 4]}, "points map symbols"),
        ({"type": "turn", "all": 9}, "0 to 8 on all four"),
        ({"type": "turn", "all": -1}, "0 to 8 on all four"),
        ({"type": "turn", "bonus": "blue"}, "list of 0 to 2 symbols"),
        ({"type": "turn", "bonus": ["blue"] * 3}, "list of 0 to 2 symbols"),
        ({"type": "turn", "bonus": ["pink"]}, "'pink' is not one"),
        ({"type": "turn", "bonuses": ["blue"]}, "not bonuses"),
        ({"type": "score"}, "not 'score'"),
        ({"type": "end_early", "now": 1}, "no other keys"),
    ],
)
def test_step_rejects_bad_actions(action, message):
    state = three()
    with pytest.raises(RuleError, match=message):
        step(state, action)
    assert state == three()
