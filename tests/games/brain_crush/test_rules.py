"""Guards the Brain Crush scoring rules: set points, once per colour and kind, turns, rounds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.brain_crush import rules as bc

TAKE = "take"


def take(state, colour, kind, **extra):
    return bc.step(state, {"type": TAKE, "colour": colour, "kind": kind, **extra})


@pytest.mark.parametrize(("kind", "points"), [("10-1-1", 12), ("5", 15), ("3", 9), ("2", 6)])
def test_set_points(kind, points):
    assert bc.crush_set_points(kind) == points


def test_unknown_set_kind_is_refused():
    with pytest.raises(RuleError, match="one of 10-1-1, 5, 3, 2, not '1'"):
        bc.crush_set_points("1")
    with pytest.raises(RuleError, match="not '4'"):
        take(bc.new_game({"players": ["Ann", "Bob"]}), "Y", "4")


def test_player_counts_and_rounds():
    for n in (2, 3, 4):
        game = bc.new_game({"players": [f"P{i}" for i in range(n)]})
        assert (game.rounds, game.round, game.starter, game.to_play) == (n, 1, 0, 0)
    for bad in (["Ann"], ["A", "B", "C", "D", "E"]):
        with pytest.raises(RuleError, match="2–4 players"):
            bc.new_game({"players": bad})


def test_sets_score_for_the_player_to_play_and_the_turn_passes():
    state = bc.new_game({"players": ["Ann", "Bob", "Cy"]})
    state = take(state, "R", "5")
    assert state.to_play == 1
    state = bc.step(state, {"type": "miss"})
    state = take(state, "Y", "10-1-1")
    assert state.to_play == 0
    assert bc.round_points(state) == (15, 0, 12)
    assert state.sets == ((0, "R", "5"), (2, "Y", "10-1-1"))
    assert len(bc.open_sets(state)) == 14 and ("R", "5") not in bc.open_sets(state)


def test_a_colour_gives_each_set_once_per_round():
    state = take(bc.new_game({"players": ["Ann", "Bob"]}), "G", "3")
    with pytest.raises(RuleError, match="Green has already given its 3 set this round"):
        take(state, "G", "3")
    state = take(state, "B", "3")  # another colour's 3s are fine
    state = bc.step(state, {"type": "end_round"})
    take(state, "G", "3")  # a new round: all sets are back


def test_crediting_another_player_moves_the_turn_marker():
    state = bc.new_game({"players": ["Ann", "Bob", "Cy", "Di"]})
    state = take(state, "B", "2", player=2)
    assert bc.round_points(state) == (0, 0, 6, 0) and state.to_play == 3
    for bad in (4, -1, "Bob", True):
        with pytest.raises(RuleError, match="number 0 to 3"):
            take(state, "Y", "2", player=bad)


def test_rounds_rotate_the_starter_and_add_up():
    state = bc.new_game({"players": ["Ann", "Bob", "Cy"]})
    state = take(state, "Y", "5")
    state = bc.step(state, {"type": "end_round"})
    assert (state.round, state.starter, state.to_play, state.sets) == (2, 1, 1, ())
    state = take(state, "Y", "5")  # Bob starts round 2
    state = bc.step(state, {"type": "end_round"})
    assert (state.round, state.starter, state.to_play) == (3, 2, 2)
    state = take(state, "G", "3")  # Cy
    state = bc.step(state, {"type": "end_round"})
    assert bc.is_over(state)
    assert state.scores == ((15, 0, 0), (0, 15, 0), (0, 0, 9))
    assert state.totals == (15, 15, 9)
    res = bc.result(state)
    assert res.places == (("Ann", "Bob"), ("Cy",))
    assert res.detail == "Ann and Bob tie on 15 after 3 rounds"
    with pytest.raises(RuleError, match="game is over"):
        bc.step(state, {"type": "miss"})


def test_a_drawn_first_player_starts_round_one_and_the_start_rotates_from_there():
    state = bc.new_game({"players": ["Ann", "Bob", "Cy"], "first": 2})
    assert (state.starter, state.to_play) == (2, 2)
    state = bc.step(state, {"type": "end_round"})
    assert (state.round, state.starter, state.to_play) == (2, 0, 0)
    for bad in (3, -1, True, "1"):
        with pytest.raises(RuleError, match="first player"):
            bc.new_game({"players": ["Ann", "Bob", "Cy"], "first": bad})


def test_the_sixteenth_set_ends_the_round_by_itself():
    state = bc.new_game({"players": ["Ann", "Bob"]})
    for colour, kind in bc.open_sets(state):
        state = take(state, colour, kind)
    assert state.round == 2 and state.scores == ((84, 84),)  # 8 sets each, 168 in all


def test_bad_actions_say_what_is_allowed():
    state = bc.new_game({"players": ["Ann", "Bob"]})
    with pytest.raises(RuleError, match="'take', 'miss' and 'end_round', not 'flip'"):
        bc.step(state, {"type": "flip"})
    with pytest.raises(RuleError, match="Y, G, R, B, not 'W'"):
        take(state, "W", "5")


@settings(max_examples=50, deadline=None)
@given(n=st.integers(2, 4), picks=st.lists(st.integers(0, 40), max_size=120))
def test_any_sequence_keeps_points_equal_to_the_sets_taken(n, picks):
    state = bc.new_game({"players": [f"P{i}" for i in range(n)]})
    taken_points = 0
    for pick in picks:
        if bc.is_over(state):
            break
        options = bc.open_sets(state)
        if pick >= len(options):
            action = {"type": "miss" if pick % 7 else "end_round"}
        else:
            colour, kind = options[pick]
            action = {"type": TAKE, "colour": colour, "kind": kind}
            taken_points += bc.crush_set_points(kind)
        state = bc.step(state, action)
    assert sum(state.totals) + (0 if bc.is_over(state) else sum(bc.round_points(state))) == (
        taken_points
    )
    assert all(sum(row) <= 168 for row in state.scores)
