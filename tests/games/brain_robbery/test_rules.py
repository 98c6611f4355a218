"""Guards The Great Brain Robbery rules: dice counts, the train (decoupling, Caboose/Engine,
Break), combat ties, IQ scoring, and the train invariants over random legal games."""

from __future__ import annotations

import doctest
from dataclasses import FrozenInstanceError

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleError
from companion.games.brain_robbery import data as brain_robbery_data
from companion.games.brain_robbery import rules as br
from companion.games.brain_robbery.rules import (
    cars_uncoupled,
    combat_winner,
    dice_count,
    new_game,
    step,
    winner,
)

NAMES = ["Ann", "Bob", "Cy"]


def play(actions, players=NAMES, **house):
    state = new_game({"players": players, "house_rules": house})
    for action in actions:
        state = step(state, action)
    return state


def roll(*dice):
    return {"type": "move_roll", "dice": list(dice)}


def car(board, side="A"):
    return {"type": "new_car", "board": board, "side": side}


def move(board, checks=(), brk=False):
    return {"type": "move", "car": board, "checks": list(checks), "break": brk}


END = {"type": "end_turn"}
SETUP = {"type": "setup", "first": 0, "board": 2, "side": "A"}
# Ann enters 2A, couples 3B; one roll of 1 uncouples the Caboose with Bob and Cy on it.
CABOOSE_OFF = [SETUP, roll(3), car(3, "B"), move(2, [1, 6])]


def test_doctests():
    assert doctest.testmod(br).failed == 0
    assert doctest.testmod(brain_robbery_data).failed == 0


# --- dice ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "without", "with_brain"),
                         [(0, 2, 2), (1, 1, 2), (2, 0, 2), (3, 0, 2), (5, 0, 2)])
def test_dice_count_every_hand_size(cards, without, with_brain):
    assert dice_count(False, cards) == without
    assert dice_count(True, cards) == with_brain


def test_move_roll_needs_the_right_number_of_dice():
    state = play([SETUP])  # Ann holds the 1 dealt card, no brain: 1 die
    with pytest.raises(RuleError, match="rolls 1 dice, not 2"):
        step(state, roll(3, 4))
    state = step(state, {"type": "discard", "player": "Ann"})
    assert br.dice_needed(state) == 2
    state = step(state, roll(3, 4))
    assert state.move.total == 7
    with pytest.raises(RuleError, match="1 to 6"):
        play([SETUP, {"type": "set_hand", "player": "Ann", "cards": 0}, roll(0, 7)])


def test_brain_run_and_discarded_cards_add_to_the_move():
    brain = {"type": "set_brain", "player": "Ann", "brain": {"run": 2, "hit": 1, "iq": 8}}
    state = play([SETUP, brain, {"type": "set_hand", "player": "Ann", "cards": 3}, roll(1, 5)])
    state = step(state, {"type": "run_card", "run": 3})
    assert (state.move.total, state.mover.hand) == (11, 2)


def test_zero_dice_still_moves_on_cards():
    state = play([SETUP, {"type": "set_hand", "player": "Ann", "cards": 2}, roll()])
    state = step(state, {"type": "run_card", "run": 4})
    assert (state.move.dice, state.move.total) == ((), 4)


# --- decoupling ---------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "rolls", "off"), [
    (3, [3], 0), (3, [6], 0), (3, [2, 5], 1), (5, [4, 3, 2, 1, 1], 4), (2, [1, 1], 1),
    (1, [1], 0), (6, [6], 0),
])
def test_cars_uncoupled(length, rolls, off):
    assert cars_uncoupled(length, rolls) == off


def test_cars_uncoupled_refuses_short_long_and_bad_rolls():
    with pytest.raises(ValueError, match="ran out"):
        cars_uncoupled(4, [1, 2])
    with pytest.raises(ValueError, match="too many"):
        cars_uncoupled(4, [5, 1])
    with pytest.raises(ValueError, match="1 to 6"):
        cars_uncoupled(4, [7])
    assert br.decoupling_done(4, [1, 1]) is False and br.decoupling_done(4, [1, 3]) is True


def test_train_shrinks_to_one_car_and_strands_pawns():
    state = play([SETUP, roll(3), car(3, "A"), car(4, "B")])
    with pytest.raises(RuleError, match="front car couples a new car"):
        step(state, move(4, [6]))
    state = step(state, move(3, [1, 1, 1, 1]))
    assert br.train_labels(state) == ("4B",)
    assert (state.pile, state.out) == ((1, 5, 6, 7, 8), (2, 3))
    assert state.event.removed == (br.Car(1, "A"), br.Car(2, "A"), br.Car(3, "A"))
    assert state.event.lengths == (4, 3, 2, 1)
    assert state.event.stranded == ("Ann", "Bob", "Cy")
    assert [p.car for p in state.players] == [None, None, None]
    assert [p.hand for p in state.players] == [0, 0, 0]
    # Bob runs behind a one-car train: he must enter it, so a new car comes first.
    state = play([SETUP, roll(3), car(3, "A"), car(4, "B"), move(3, [1, 1, 1, 1]), END,
                  roll(5, 1)])
    with pytest.raises(RuleError, match="front car couples a new car"):
        step(state, move(4))
    state = step(step(state, car(6, "A")), move(4, [1, 3]))
    assert br.train_labels(state) == ("6A",) and state.player("Bob").car is None


def test_caboose_returns_to_pile_then_comes_back_as_engine():
    state = play(CABOOSE_OFF)
    assert br.train_labels(state) == ("2A", "3B")
    assert state.pile == (1, 4, 5, 6, 7, 8)
    assert state.event.stranded == ("Bob", "Cy")
    assert br.pawns_on(state, None) == ("Bob", "Cy")
    state = play(CABOOSE_OFF + [END, roll(2, 2)])
    with pytest.raises(RuleError, match="front car couples a new car"):
        step(state, move(3))
    state = step(state, move(2))  # Bob back into the train, no check (no new car)
    assert state.event.rolls == () and br.train_labels(state) == ("2A", "3B")
    state = play(CABOOSE_OFF + [END, roll(2, 2), move(2), END, roll(5, 5),
                                car(1, "A"), move(1, [4])])
    assert br.train_labels(state) == ("2A", "3B", "Engine") and state.engine
    assert 1 not in state.pile
    state = step(step(state, END), roll(6))
    assert "new_car" not in br.legal_actions(state)
    with pytest.raises(RuleError, match="not possible now|no more cars"):
        step(state, car(4))


def test_new_car_must_come_from_the_pile():
    state = play([SETUP, roll(3)])
    with pytest.raises(RuleError, match="not in the pile"):
        step(state, car(2))
    with pytest.raises(RuleError, match="side 'A' or 'B'"):
        step(state, car(3, "C"))


def test_move_rules():
    state = play([SETUP, roll(3), car(3)])
    with pytest.raises(RuleError, match="decoupling rolls"):
        step(state, move(2))
    with pytest.raises(RuleError, match="never moves back"):
        step(state, move(1, [6]))
    with pytest.raises(RuleError, match="too many"):
        step(state, move(2, [6, 6]))
    with pytest.raises(RuleError, match="Break spaces"):
        step(state, move(2, [6], brk=True))
    with pytest.raises(RuleError, match="no decoupling check"):
        play([SETUP, roll(3), move(1, [4])])
    assert play([SETUP, roll(3), move(1)]).mover.car == 1  # staying put is a move


def test_long_game_returns_every_car():
    state = play([SETUP, roll(3), car(3), move(2, [1, 1, 2])], long_game=True)
    assert br.train_labels(state) == ("3A",) and state.event.stranded == ("Ann", "Bob", "Cy")
    assert state.out == () and state.pile == (1, 2, 4, 5, 6, 7, 8)


# --- Engine and Break ---------------------------------------------------------------------

ENGINE_UP = CABOOSE_OFF + [END, roll(2, 2), move(2), END, roll(5, 5), car(1), move(1, [4])]


def test_break_on_a_long_train_destroys_the_rear_car():
    state = play(ENGINE_UP + [END, roll(6), move(1, brk=True)])
    assert br.train_labels(state) == ("3B", "Engine")
    assert state.out == (2,) and state.event.broken == br.Car(2, "A")
    assert state.event.stranded == ("Bob",) and state.player("Bob").car is None
    assert state.phase == "after_move"


def test_break_on_the_engine_alone_ends_the_game_at_once():
    state = play(ENGINE_UP + [END, roll(6), move(1, brk=True), END,
                              roll(4, 4), move(1, brk=True)])
    assert br.train_labels(state) == ("Engine",) and state.phase == "after_move"
    state = step(step(state, END), roll(1, 1))  # Cy: hand 0 after stranding? no: on Engine
    state = step(state, move(1, brk=True))
    assert state.phase == "scoring" and "Engine left" in state.end_reason
    assert br.legal_actions(state) == ("iq", "finish")
    with pytest.raises(RuleError, match="not possible now"):
        step(state, {"type": "fight", "fighters": ["Ann"], "dice": {}})


def test_break_then_check_when_the_engine_is_coupled_in_the_same_move():
    state = play(CABOOSE_OFF + [END, roll(2, 2), move(2), END, roll(5, 5), car(1)])
    assert br.check_length(state, on_break=True) == 2
    state = step(state, move(1, [1, 2], brk=True))
    assert state.event.broken == br.Car(2, "A") and state.event.removed == (br.Car(3, "B"),)
    assert br.train_labels(state) == ("Engine",)


# --- combat -------------------------------------------------------------------------------


def test_combat_winner_ties_go_to_the_attacker():
    assert combat_winner({"Ann": 7, "Bob": 9}, "Ann") == "Bob"
    assert combat_winner({"Ann": 9, "Bob": 9}, "Ann") == "Ann"
    assert combat_winner({"Ann": 3, "Bob": 9, "Cy": 9}, "Ann") == "Ann"
    with pytest.raises(ValueError, match="attacker"):
        combat_winner({"Bob": 1}, "Ann")


def fight_setup():
    brain = {"type": "set_brain", "player": "Ann", "brain": {"run": 0, "hit": 2, "iq": 11}}
    return [SETUP, brain, roll(1, 1), move(1)]


def test_fight_totals_cards_and_xp():
    dice = {"Ann": [3, 3], "Bob": [6], "Cy": [2]}
    state = play(fight_setup() + [{"type": "fight", "fighters": ["Bob", "Cy"], "dice": dice}])
    assert state.fight.fighters == ("Ann", "Bob", "Cy") and state.fight.totals == (8, 6, 2)
    state = step(state, {"type": "hit_card", "player": "Bob", "hit": 2})
    assert state.fight.totals == (8, 8, 2) and state.player("Bob").hand == 0
    state = step(state, {"type": "end_fight"})
    assert state.fight.winner == "Ann"
    assert [p.xp for p in state.players] == [0, 1, 1]
    state = step(state, {"type": "swap_brains", "players": ["Ann", "Bob"]})
    assert state.player("Bob").brain.iq == 11 and state.player("Ann").brain is None


def test_fight_without_xp_and_wrong_fighters():
    dice = {"Ann": [1, 1], "Bob": [6]}
    state = play(fight_setup() + [{"type": "fight", "fighters": ["Bob"], "dice": dice},
                                  {"type": "end_fight"}], track_xp=False)
    assert state.fight.totals == (4, 6)
    assert state.fight.winner == "Bob" and [p.xp for p in state.players] == [0, 0, 0]
    with pytest.raises(RuleError, match="rolls 1 dice"):
        play(fight_setup() + [{"type": "fight", "fighters": ["Bob"],
                               "dice": {"Ann": [1, 1], "Bob": [1, 1]}}])
    far = play([SETUP, {"type": "set_hand", "player": "Ann", "cards": 0}, roll(2, 2), car(3),
                move(2, [6])])
    with pytest.raises(RuleError, match="not on the mover's car"):
        step(far, {"type": "fight", "fighters": ["Bob"], "dice": {"Ann": [1, 1], "Bob": [1]}})


# --- turn, brains, end --------------------------------------------------------------------


def test_turn_order_brain_space_insert_and_hand_limit():
    state = play([{"type": "setup", "first": 2, "board": 5, "side": "B"}])
    assert (state.mover.name, state.round, br.train_labels(state)) == ("Cy", 1, ("Caboose", "5B"))
    state = play([{"type": "setup", "first": 2, "board": 5, "side": "B"}, roll(4), move(1),
                  {"type": "brain_space"}, {"type": "set_hand", "player": "Cy", "cards": 4}])
    assert state.player("Cy").xp == 1
    with pytest.raises(RuleError, match="only one brain space|one brain space"):
        step(state, {"type": "brain_space"})
    with pytest.raises(RuleError, match="costs 3"):
        step(state, {"type": "insert_brain", "run": 1, "hit": 1, "iq": 9, "cost": 3})
    state = step(state, {"type": "insert_brain", "run": 1, "hit": 1, "iq": 9, "cost": 1})
    assert state.player("Cy").brain == br.Brain(1, 1, 9) and state.player("Cy").xp == 0
    state = step(state, END)
    assert state.player("Cy").hand == 2 and state.mover.name == "Ann" and state.round == 1
    state = play([{"type": "setup", "first": 2, "board": 5, "side": "B"}] + [roll(4), move(1),
                  END] * 3)
    assert (state.mover.name, state.turn, state.round) == ("Cy", 4, 2)


def test_cheese_only_end_nobody_wins():
    cheese = {"run": 0, "hit": 1, "iq": 0}
    state = play([SETUP, {"type": "set_brain", "player": "Bob", "brain": cheese},
                  {"type": "end_game"}, {"type": "finish"}])
    assert br.is_over(state)
    res = br.result(state)
    assert res.winners == () and res.scores == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert "nobody wins" in res.detail
    assert winner({"Ann": 0, "Bob": 0, "Cy": 0}) is None


def test_highest_iq_wins_and_ties_share():
    assert winner({"Ann": 3, "Bob": 12, "Cy": 5}) == "Bob"
    assert winner({"Ann": 12, "Bob": 12}) is None
    state = play([SETUP, {"type": "end_game"}, {"type": "iq", "player": "Cy", "iq": 14},
                  {"type": "iq", "player": "Ann", "iq": 4}, {"type": "finish"}])
    assert br.result(state).places == (("Cy",), ("Ann",), ("Bob",))
    with pytest.raises(RuleError, match="over"):
        step(state, {"type": "finish"})


def test_bad_options_and_actions():
    with pytest.raises(RuleError, match="3–7 players"):
        new_game({"players": ["Ann", "Bob"]})
    with pytest.raises(RuleError, match="unknown house rule"):
        new_game({"players": NAMES, "house_rules": {"turbo": True}})
    with pytest.raises(RuleError, match="not possible now"):
        play([roll(1)])
    with pytest.raises(RuleError, match="first board"):
        play([{"type": "setup", "first": 0, "board": 1, "side": "A"}])
    with pytest.raises(RuleError, match="does not know"):
        play([SETUP, {"type": "jump"}])
    with pytest.raises(RuleError, match="is not playing"):
        play([SETUP, {"type": "set_hand", "player": "Zed", "cards": 1}])


def test_state_is_immutable_and_replay_is_exact():
    actions = ENGINE_UP + [END, roll(6), move(1, brk=True)]
    assert play(actions) == play(actions)
    before = play(actions[:-1])
    step(before, actions[-1])
    assert before == play(actions[:-1])
    with pytest.raises(FrozenInstanceError):
        before.phase = "over"


# --- property: random legal games keep the train sound ------------------------------------


def legal_action(state, data):
    """Draw one legal action for ``state`` (the dice and draws come from hypothesis)."""
    die = st.integers(1, 6)
    p = state.mover
    if state.phase == "start":
        if p.hand and data.draw(st.booleans()):
            return {"type": "discard"}
        return roll(*data.draw(st.lists(die, min_size=br.dice_needed(state),
                                        max_size=br.dice_needed(state))))
    if state.phase == "moving":
        if "new_car" in br.legal_actions(state) and data.draw(st.integers(0, 2)):
            return car(data.draw(st.sampled_from(state.pile)), data.draw(st.sampled_from("AB")))
        start = state.move.start or 0
        front = len(state.train) - 1
        ok = [i for i in range(start, front + 1)
              if state.engine or i < front or not state.pile or i == state.move.start]
        if not ok:  # behind a one-car train: entering it draws a new car
            return car(data.draw(st.sampled_from(state.pile)), data.draw(st.sampled_from("AB")))
        index = data.draw(st.sampled_from(ok))
        brk = state.engine and index == front and data.draw(st.booleans())
        rolls = []
        if state.move.new_cars:
            length = br.check_length(state, brk)
            while not br.decoupling_done(length, rolls):
                rolls.append(data.draw(die))
        return move(state.train[index].board, rolls, brk)
    if state.phase == "after_move":
        legal = br.legal_actions(state)
        if "fight" in legal and data.draw(st.booleans()):
            others = [n for n in br.pawns_on(state, p.car) if n != p.name]
            return {"type": "fight", "fighters": others, "dice": {
                n: data.draw(st.lists(die, min_size=br.dice_needed(state, n),
                                      max_size=br.dice_needed(state, n)))
                for n in [p.name] + others}}
        if "brain_space" in legal and data.draw(st.booleans()):
            return {"type": "brain_space"}
        return END
    if state.phase == "fight":
        return {"type": "end_fight"}
    return {"type": "finish"}


def check_train(state, engine_len):
    boards = [c.board for c in state.train]
    assert len(boards) == len(set(boards)) >= 1
    assert not set(boards) & set(state.pile) and not set(boards) & set(state.out)
    assert not set(state.pile) & set(state.out)
    assert sorted(boards + list(state.pile) + list(state.out)) == list(range(1, 9))
    assert all(c.engine == (i == len(state.train) - 1 and state.engine)
               for i, c in enumerate(state.train))
    assert all(p.car is None or p.car in boards for p in state.players)
    if engine_len is not None:
        assert state.engine, "the Engine, once coupled, stays at the front"
        assert len(state.train) <= engine_len, "no car joins after the Engine"


@settings(max_examples=200, deadline=None)
@given(data=st.data(), players=st.integers(3, 7), long_game=st.booleans())
def test_random_legal_games_keep_train_invariants(data, players, long_game):
    names = [f"P{i}" for i in range(players)]
    state = new_game({"players": names, "house_rules": {"long_game": long_game}})
    state = step(state, {"type": "setup", "first": data.draw(st.integers(0, players - 1)),
                         "board": data.draw(st.integers(2, 8)),
                         "side": data.draw(st.sampled_from("AB"))})
    engine_len = None
    for _ in range(150):
        if br.is_over(state):
            break
        state = step(state, legal_action(state, data))
        check_train(state, engine_len)
        if state.engine:
            engine_len = len(state.train)
    event(f"engine coupled: {engine_len is not None}; phase at the end: {state.phase}")
