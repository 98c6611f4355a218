"""Guards the Brikks rules module: scoring tables, prices, block drawings and the game flow."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.brikks import data as D
from companion.games.brikks import rules as B

WORKED_MARKS = [10, 10, 10, 10, 10, 9, 9, 10, 0, 9, 0]


# --- final score ---------------------------------------------------------------------

def test_worked_example_gives_73():
    assert [B.row_points(m, i) for i, m in enumerate(WORKED_MARKS, 1)] == [
        5, 5, 5, 5, 5, 4, 4, 10, 0, 4, 0]
    assert B.final_score(WORKED_MARKS, 6, 1, 2) == 73
    assert B.breakdown(WORKED_MARKS, 6, 1, 2) == {
        "rows": 47, "bonus": 21, "bombs": 4, "energy": 1, "total": 73}


MULTIPLIERS = [1] * 5 + [2] * 5 + [4]  # bottom row first, written out again on purpose


@pytest.mark.parametrize("row,multiplier", list(zip(range(1, 12), MULTIPLIERS, strict=True)))
def test_every_row_multiplier(row, multiplier):
    for marks, points in ((10, 5), (9, 2), (8, 1), (7, 0), (0, 0)):
        rows = [0] * 11
        rows[row - 1] = marks
        assert B.final_score(rows, 0, 0, 0) == points * multiplier


def test_full_sheet_scores_the_maximum_rows():
    assert B.final_score([10] * 11, 0, 0, 0) == 5 * 5 + 5 * 10 + 20


@pytest.mark.parametrize("marks,points", list(enumerate(
    [0, 1, 3, 6, 10, 15, 21, 28, 36, 44, 51, 58, 64, 70, 75])))
def test_every_bonus_box(marks, points):
    assert B.bonus_points(marks) == points
    assert B.final_score([0] * 11, marks, 0, 0) == points


@pytest.mark.parametrize("marks", [14, 15, 16, 30, 1000])
def test_bonus_cap_is_75(marks):
    assert B.bonus_points(marks) == 75


@pytest.mark.parametrize("left,points", [(0, 0), (1, 4), (2, 6), (3, 7)])
def test_every_bomb_count(left, points):
    assert B.bomb_points(left) == points
    assert B.final_score([0] * 11, 0, left, 0) == points


@pytest.mark.parametrize("energy,points", [(0, 0), (1, 0), (2, 1), (3, 1), (5, 2), (27, 13)])
def test_energy_rounds_down(energy, points):
    assert B.final_score([0] * 11, 0, 0, energy) == points


@pytest.mark.parametrize("call,allowed", [
    (lambda: B.final_score([0] * 10 + [11], 0, 0, 0), "0 to 10"),
    (lambda: B.final_score([0] * 10, 0, 0, 0), "11 rows"),
    (lambda: B.final_score([0] * 12, 0, 0, 0), "11 rows"),
    (lambda: B.final_score([-1] + [0] * 10, 0, 0, 0), "0 to 10"),
    (lambda: B.final_score([0] * 11, 0, 4, 0), "0 to 3"),
    (lambda: B.final_score([0] * 11, 0, -1, 0), "0 to 3"),
    (lambda: B.final_score([0] * 11, 0, 0, -1), "0 to 28"),
    (lambda: B.final_score([0] * 11, -1, 0, 0), "0 or more"),
    (lambda: B.final_score([0] * 11, 1.5, 0, 0), "whole number"),
    (lambda: B.bomb_points(4), "0 to 3"),
    (lambda: B.bonus_points(-2), "0 or more"),
    (lambda: B.rotation_cost(1, 5), "1 to 4"),
    (lambda: B.rotation_cost(0, 2), "1 to 4"),
    (lambda: B.rotation_cost(True, 2), "1 to 4"),
    (lambda: B.block_cells("red", 5), "1 to 4"),
    (lambda: B.block_cells("pink", 1), "white, yellow"),
    (lambda: B.solo_rating(-1), "0 or more"),
])
def test_bad_values_say_what_is_allowed(call, allowed):
    with pytest.raises(ValueError, match=allowed):
        call()


# --- prices, blocks, ratings -----------------------------------------------------------

COSTS = {  # (from, to): cost, every pair written out
    (1, 1): 0, (1, 2): 1, (1, 3): 2, (1, 4): 1,
    (2, 1): 1, (2, 2): 0, (2, 3): 1, (2, 4): 2,
    (3, 1): 2, (3, 2): 1, (3, 3): 0, (3, 4): 1,
    (4, 1): 1, (4, 2): 2, (4, 3): 1, (4, 4): 0,
}


@pytest.mark.parametrize("pair,cost", COSTS.items())
def test_every_rotation_cost_pair(pair, cost):
    assert B.rotation_cost(*pair) == cost


def _normal(cells):
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def _turn(cells):  # a quarter turn clockwise on a screen (y down)
    return _normal({(-y, x) for x, y in cells})


def _connected(cells):
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [c for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if c in cells]
    return seen == set(cells)


@pytest.mark.parametrize("colour,column", list(itertools.product(D.COLOURS, range(1, 5))))
def test_every_block_is_a_drawn_tetromino(colour, column):
    cells = B.block_cells(colour, column)
    assert isinstance(cells, frozenset) and len(cells) == 4
    assert cells == _normal(cells) and _connected(cells)


@pytest.mark.parametrize("colour", [c for c in D.COLOURS if c != "black"])
def test_columns_turn_the_block_a_quarter_each(colour):
    shapes = [B.block_cells(colour, c) for c in range(1, 5)]
    for here, there in zip(shapes, shapes[1:] + shapes[:1], strict=True):
        assert _turn(here) == there


def test_black_is_o_twice_then_i_flat_and_upright():
    o = frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})
    assert B.block_cells("black", 1) == B.block_cells("black", 2) == o
    assert B.block_cells("black", 3) == frozenset((x, 0) for x in range(4))
    assert B.block_cells("black", 4) == frozenset((0, y) for y in range(4))
    assert _turn(B.block_cells("black", 3)) == B.block_cells("black", 4)


def test_known_drawings():
    assert B.block_cells("white", 1) == {(1, 0), (0, 1), (1, 1), (2, 1)}  # T, point up
    assert B.block_cells("red", 1) == {(0, 0), (1, 0), (1, 1), (2, 1)}  # Z flat


def test_six_different_shapes_across_colours():
    def family(colour):
        return frozenset(B.block_cells(colour, c) for c in range(1, 5))
    assert len({family(c) for c in D.COLOURS}) == 6


@pytest.mark.parametrize("score,band", [
    (191, "over 150"), (151, "over 150"), (150, "130–150"), (130, "130–150"),
    (129, "110–129"), (110, "110–129"), (109, "100–109"), (100, "100–109"),
    (99, "90–99"), (90, "90–99"), (89, "80–89"), (80, "80–89"), (79, "70–79"),
    (70, "70–79"), (69, "60–69"), (60, "60–69"), (59, "under 60"), (0, "under 60"),
])
def test_every_rating_band(score, band):
    assert B.solo_rating(score).startswith(band + ": ")


def test_rating_phrases_all_differ():
    phrases = {B.solo_rating(low).split(": ", 1)[1] for low, _ in D.SOLO_BANDS}
    assert len(phrases) == 9
    assert B.solo_rating(151) == "over 150: Brikks master 2000!"


# --- properties ----------------------------------------------------------------------

row_lists = st.lists(st.integers(0, 10), min_size=11, max_size=11)


@settings(max_examples=300, deadline=None)
@given(row_lists, st.integers(0, 40), st.integers(0, 3), st.integers(0, 28))
def test_total_is_the_sum_of_its_parts(rows, bonus, bombs, energy):
    parts = B.breakdown(rows, bonus, bombs, energy)
    assert parts["total"] == B.final_score(rows, bonus, bombs, energy)
    assert parts["total"] == parts["rows"] + parts["bonus"] + parts["bombs"] + parts["energy"]
    assert 0 <= parts["total"] <= 95 + 75 + 7 + 14


@settings(max_examples=300, deadline=None)
@given(row_lists, st.integers(0, 10))
def test_one_more_mark_never_lowers_the_score(rows, index):
    index %= 11
    if rows[index] < 10:
        more = list(rows)
        more[index] += 1
        assert B.final_score(more, 0, 0, 0) >= B.final_score(rows, 0, 0, 0)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4))
def test_rotation_cost_is_a_ring_distance(a, b, c):
    assert B.rotation_cost(a, b) == B.rotation_cost(b, a) <= 2
    assert B.rotation_cost(a, c) <= B.rotation_cost(a, b) + B.rotation_cost(b, c)


# --- setup ---------------------------------------------------------------------------

def started(names=("Ann", "Bob"), **options):
    state = B.new_game({"players": list(names), **options})
    colours = iter(D.COLOURS)
    while state.phase == "start":
        state = B.step(state, {"type": "start_block", "player": B.next_picker(state),
                               "colour": next(colours)})
    return state


def roll(state, number=1, colour="red", kind="roll"):
    return B.step(state, {"type": kind, "number": number, "colour": colour, "entered": False})


@pytest.mark.parametrize("options,allowed", [
    ({"players": []}, "1–4 players"),
    ({"players": list("ABCDE")}, "1–4 players"),
    ({"players": ["A", "B"], "levels": [2]}, "one level per player"),
    ({"players": ["A", "B"], "levels": [2, 5]}, "1 to 4"),
    ({"players": ["A", "B", "C"], "duel": True}, "exactly 2"),
    ({"players": ["A"], "duel": True}, "exactly 2"),
    ({"players": ["A"], "house_rules": {"start_pick_order": "random"}}, "'rules', 'any'"),
    ({"players": ["A"], "house_rules": {"no_such": 1}}, "unknown house rule"),
])
def test_setup_refuses_bad_options(options, allowed):
    with pytest.raises(RuleError, match=allowed):
        B.new_game(options)


@pytest.mark.parametrize("count,energy,hint", [
    (1, 5, "circle a 5th"), (2, 2, "circles 3 and 4"), (3, 3, "circle 4:"), (4, 4, "nothing")])
def test_starting_energy_by_player_count(count, energy, hint):
    state = B.new_game({"players": [f"P{i}" for i in range(count)]})
    assert B.starting_energy(count) == energy
    assert all(t.energy == energy for t in state.trackers)
    assert hint in B.setup_hint(count) and str(energy) in B.setup_hint(count)


def test_levels_default_to_two():
    assert B.new_game({"players": ["A", "B", "C"]}).levels == (2, 2, 2)
    assert B.new_game({"players": ["A", "B"], "levels": [1, 4]}).levels == (1, 4)


def test_start_blocks_go_from_the_last_seat_back_and_never_repeat():
    state = B.new_game({"players": ["Ann", "Bob", "Cy"]})
    assert B.next_picker(state) == 2
    with pytest.raises(RuleError, match="Cy picks"):
        B.step(state, {"type": "start_block", "player": 0, "colour": "red"})
    with pytest.raises(RuleError, match="roll|start block"):
        roll(state)
    state = B.step(state, {"type": "start_block", "player": 2, "colour": "red"})
    with pytest.raises(RuleError, match="red start block is taken"):
        B.step(state, {"type": "start_block", "player": 1, "colour": "red"})
    assert "red" not in B.free_start_blocks(state)
    state = B.step(state, {"type": "start_block", "player": 1, "colour": "black"})
    state = B.step(state, {"type": "start_block", "player": 0, "colour": "white"})
    assert state.start_blocks == ("white", "black", "red") and state.phase == "play"
    assert state.active == "Ann"


def test_any_pick_order_house_rule():
    state = B.new_game({"players": ["Ann", "Bob"], "house_rules": {"start_pick_order": "any"}})
    state = B.step(state, {"type": "start_block", "player": 0, "colour": "blue"})
    with pytest.raises(RuleError, match="taken"):
        B.step(state, {"type": "start_block", "player": 1, "colour": "blue"})
    with pytest.raises(RuleError, match="already has"):
        B.step(state, {"type": "start_block", "player": 0, "colour": "green"})


# --- turns and rolls -----------------------------------------------------------------

def test_turns_follow_seat_order_and_count_rounds():
    state = started(("Ann", "Bob", "Cy"))
    seen = []
    for _ in range(7):
        assert B.next_roller(state) == ((state.turn + 1) % 3 if state.rolled else state.turn)
        state = roll(state, 2, "blue")
        seen.append((state.active, state.round))
    assert seen == [("Ann", 1), ("Bob", 1), ("Cy", 1), ("Ann", 2), ("Bob", 2), ("Cy", 2),
                    ("Ann", 3)]
    assert B.current_block(state) == ("blue", 2)


@pytest.mark.parametrize("action,allowed", [
    ({"type": "roll", "number": 5, "colour": "red"}, "d4 must be a whole number from 1 to 4"),
    ({"type": "roll", "number": 0, "colour": "red"}, "1 to 4"),
    ({"type": "roll", "number": 2, "colour": "pink"}, "white, yellow, green, red, blue, black"),
    ({"type": "roll", "number": 2, "colour": "red", "entered": "no"}, "true or false"),
    ({"type": "jump"}, "does not know"),
])
def test_bad_rolls_are_refused(action, allowed):
    with pytest.raises(RuleError, match=allowed):
        B.step(started(), action)


def test_one_reroll_of_both_is_recorded_as_a_reroll():
    state = roll(started(), 4, "blue")
    assert B.can_reroll(state) and "reroll" in B.legal(state)
    state = roll(state, 2, "red", "reroll")
    assert [(r.number, r.colour, r.reroll, r.player) for r in state.rolls] == [
        (4, "blue", False, 0), (2, "red", True, 0)]
    assert B.current_block(state) == ("red", 2) and not B.can_reroll(state)
    with pytest.raises(RuleError, match="one reroll"):
        roll(state, 3, "red", "reroll")
    state = roll(state, 1, "white")  # Bob's turn, with a reroll of his own
    assert state.active == "Bob" and B.can_reroll(state)


def test_no_reroll_before_a_roll_after_use_or_in_solo():
    with pytest.raises(RuleError, match="one reroll"):
        roll(started(), kind="reroll")
    state = B.step(roll(started(), 3), {"type": "rotate", "player": 1, "column": 2})
    with pytest.raises(RuleError, match="before anyone uses"):
        roll(state, kind="reroll")
    solo = roll(started(("Sol",)))
    assert not B.can_reroll(solo)
    with pytest.raises(RuleError, match="no rerolls in solo"):
        roll(solo, kind="reroll")
    solo = roll(solo, 2)
    assert solo.round == 2 and solo.active == "Sol"


def test_trackers_need_a_roll_first():
    with pytest.raises(RuleError, match="roll the dice first"):
        B.step(started(), {"type": "bomb", "player": 0})


# --- trackers ------------------------------------------------------------------------

def test_matching_circle_gains_two_and_pink_circles_mark_bonus():
    state = roll(started(("A", "B", "C", "D")))  # bar at 4, energy 4
    for _ in range(3):
        state = B.step(state, {"type": "circle", "player": 0, "match": True})
    t = state.trackers[0]
    assert (t.energy, t.bar, t.bonus_marks, t.used) == (10, 10, 2, True)  # circles 7 and 10
    assert B.prefill(state, 0) == {"rows": [0] * 11, "tracked": True, "bonus_marks": 2,
                                   "bombs_left": 3, "energy_left": 10}
    # nobody opened player 1's tracker: its starting values, not zeros (issue 21)
    assert B.prefill(state, 1) == {"rows": [0] * 11, "tracked": False, "bonus_marks": 0,
                                   "bombs_left": 3, "energy_left": 4}


def test_a_full_energy_bar_takes_no_more():
    state = roll(started(("A", "B", "C", "D")))
    for _ in range(15):
        state = B.step(state, {"type": "circle", "player": 0, "match": True})
    t = state.trackers[0]
    assert (t.bar, t.energy, t.bonus_marks) == (28, 28, 8)


@pytest.mark.parametrize("level,energy", [(1, 3), (2, 2), (3, 1), (4, 0)])
def test_other_colour_circle_follows_the_level(level, energy):
    state = roll(started(levels=[level, 2]))  # 2 players start with 2
    state = B.step(state, {"type": "circle", "player": 0, "match": False})
    assert state.trackers[0].energy == energy
    state = B.step(state, {"type": "circle", "player": 0, "match": False})
    assert state.trackers[0].energy == max(0, 2 + 2 * D.OTHER_COLOUR_ENERGY[level])


def test_rotate_and_swap_spend_energy_and_never_go_below_zero():
    state = roll(started(("A", "B", "C", "D")), 1, "green")  # energy 4 each
    assert B.column_costs(state, 0) == (0, 1, 2, 1)
    state = B.step(state, {"type": "rotate", "player": 0, "column": 3})
    assert state.trackers[0].energy == 2 and B.player_block(state, 0) == ("green", 3)
    assert B.column_costs(state, 0) == (2, 1, 0, 1)
    state = B.step(state, {"type": "rotate", "player": 0, "column": 4})
    assert state.trackers[0].energy == 1
    with pytest.raises(RuleError, match="has 1 energy; that rotation costs 2"):
        B.step(state, {"type": "rotate", "player": 0, "column": 2})
    with pytest.raises(RuleError, match="already in column 4"):
        B.step(state, {"type": "rotate", "player": 0, "column": 4})
    with pytest.raises(RuleError, match="has 4 energy; a swap costs 5"):
        B.step(state, {"type": "swap", "player": 1, "colour": "black", "column": 3})
    state = B.step(state, {"type": "circle", "player": 1, "match": True})
    state = B.step(state, {"type": "swap", "player": 1, "colour": "black", "column": 3})
    assert state.trackers[1].energy == 1 and B.player_block(state, 1) == ("black", 3)
    assert B.player_block(state, 2) == ("green", 1)
    state = roll(state, 2, "red")  # next turn: everyone back on the rolled block
    assert B.player_block(state, 0) == B.player_block(state, 1) == ("red", 2)


def test_multi_row_bonus_marks():
    state = roll(started())
    for count, total in ((2, 1), (3, 3), (4, 7)):
        state = B.step(state, {"type": "rows", "player": 1, "count": count})
        assert state.trackers[1].bonus_marks == total
    with pytest.raises(RuleError, match="2 to 4"):
        B.step(state, {"type": "rows", "player": 1, "count": 1})


def test_bombs_three_to_zero_one_per_block():
    state = roll(started())
    left = []
    for n in range(3):
        state = B.step(state, {"type": "bomb", "player": 0})
        left.append(state.trackers[0].bombs_left)
        with pytest.raises(RuleError, match="already bombed"):
            B.step(state, {"type": "bomb", "player": 0})
        state = roll(state, n + 1)
    assert left == [2, 1, 0]
    with pytest.raises(RuleError, match="no bombs left"):
        B.step(state, {"type": "bomb", "player": 0})


# --- out, end, result ----------------------------------------------------------------

def test_out_players_are_skipped_and_all_out_ends_play():
    state = roll(started(("Ann", "Bob", "Cy")))
    state = B.step(state, {"type": "out", "player": 1})
    with pytest.raises(RuleError, match="Bob is out already"):
        B.step(state, {"type": "circle", "player": 1, "match": True})
    state = roll(state)
    assert state.active == "Cy"
    state = roll(state)
    assert (state.active, state.round) == ("Ann", 2)
    state = B.step(state, {"type": "out", "player": 0})
    state = roll(state)
    assert state.active == "Cy" and state.round == 2
    state = roll(state)
    assert state.active == "Cy" and state.round == 3
    state = B.step(state, {"type": "out", "player": 2})
    assert state.phase == "scoring" and B.legal(state) == ("score",)
    with pytest.raises(RuleError, match="enter the final scores"):
        roll(state)


def test_a_turn_holder_out_before_rolling_passes_the_turn():
    state = B.step(started(("Ann", "Bob")), {"type": "out", "player": 0})
    assert state.active == "Bob" and not state.rolled


def play_to_scoring(names, **options):
    state = roll(started(names, **options))
    for seat in range(len(names)):
        state = B.step(state, {"type": "out", "player": seat})
    return state


def score(state, seat, rows, bonus=0, bombs=0, energy=0):
    return B.step(state, {"type": "score", "player": seat, "rows": rows, "bonus_marks": bonus,
                          "bombs_left": bombs, "energy_left": energy})


def test_scores_then_result_ranks_players():
    state = play_to_scoring(("Ann", "Bob"))
    with pytest.raises(RuleError, match="not over"):
        B.result(state)
    with pytest.raises(RuleError, match="bombs left must be a whole number from 0 to 3"):
        score(state, 0, WORKED_MARKS, 6, 4, 2)
    state = score(state, 0, WORKED_MARKS, 6, 1, 2)
    assert state.phase == "scoring" and B.entry_score(state, 0) == 73
    state = score(state, 1, [10] * 11)
    assert B.is_over(state)
    res = B.result(state)
    assert res.places == (("Bob",), ("Ann",)) and res.scores == {"Ann": 73, "Bob": 95}
    assert res.detail == "Bob wins with 95"


def test_tied_players_share_first_place():
    state = play_to_scoring(("Ann", "Bob"))
    state = score(score(state, 0, [0] * 11, 3), 1, [0] * 11, 3)
    assert B.result(state).places == (("Ann", "Bob"),)
    assert "shared" in B.result(state).detail


def test_solo_result_shows_the_band():
    state = score(play_to_scoring(("Sol",)), 0, WORKED_MARKS, 6, 1, 2)
    assert B.result(state).detail == "73 points, 70–79: Nicely done."


def test_duel_one_out_then_finish_the_survivor_wins():
    state = roll(started(duel=True))
    state = B.step(state, {"type": "out", "player": 1})
    assert B.legal(state) == ("out", "finish")
    with pytest.raises(RuleError, match="one duellist is out"):
        roll(state)
    state = B.step(state, {"type": "finish"})
    res = B.result(state)
    assert res.winners == ("Ann",) and res.places[1] == ("Bob",)
    assert res.detail == "Bob is out: Ann is the last one standing."


def test_duel_both_out_compares_full_rows_only():
    state = B.step(play_to_scoring(("Ann", "Bob"), duel=True), {
        "type": "score", "player": 0, "rows": [10, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10]})
    state = B.step(state, {"type": "score", "player": 1, "rows": [10] * 3 + [0] * 8})
    res = B.result(state)
    assert res.scores == {"Ann": 25, "Bob": 15} and res.winners == ("Ann",)
    assert B.duel_score(WORKED_MARKS) == 5 * 5 + 10


def test_finish_only_in_a_decided_duel():
    with pytest.raises(RuleError, match="finish ends a duel"):
        B.step(roll(started()), {"type": "finish"})


# --- replay properties ---------------------------------------------------------------

def _actions(n_players):
    seat = st.integers(0, n_players - 1)
    dice = {"number": st.integers(0, 5), "colour": st.sampled_from(D.COLOURS + ("pink",))}
    return st.one_of(
        st.fixed_dictionaries({"type": st.just("roll"), **dice}),
        st.fixed_dictionaries({"type": st.just("reroll"), **dice}),
        st.fixed_dictionaries({"type": st.just("circle"), "player": seat,
                               "match": st.booleans()}),
        st.fixed_dictionaries({"type": st.just("rotate"), "player": seat,
                               "column": st.integers(1, 4)}),
        st.fixed_dictionaries({"type": st.just("swap"), "player": seat,
                               "colour": st.sampled_from(D.COLOURS), "column": st.integers(1, 4)}),
        st.fixed_dictionaries({"type": st.just("rows"), "player": seat,
                               "count": st.integers(1, 4)}),
        st.fixed_dictionaries({"type": st.just("bomb"), "player": seat}),
        st.fixed_dictionaries({"type": st.just("out"), "player": seat}),
    )


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_action_sequence_keeps_the_invariants(data):
    n = data.draw(st.integers(1, 4))
    levels = data.draw(st.lists(st.integers(1, 4), min_size=n, max_size=n))
    start = started(tuple(f"P{i}" for i in range(n)), levels=levels)
    state, log = start, []
    for action in data.draw(st.lists(_actions(n), max_size=40)):
        before = state
        try:
            state = B.step(state, action)
            log.append(action)
        except RuleError:
            assert state == before  # a refused action changes nothing
            continue
        for t in state.trackers:
            assert 0 <= t.energy <= t.bar <= 28 and 0 <= t.bombs_left <= 3
        rerolls = [r for r in state.rolls if r.reroll]
        assert len({r.turn for r in rerolls}) == len(rerolls)
        assert n > 1 or not rerolls
        if state.phase == "play":
            assert not state.trackers[state.turn].out or state.rolled
    replayed = start
    for action in log:
        replayed = B.step(replayed, action)
    assert replayed == state
