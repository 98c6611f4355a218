"""Guards High card's rules: rounds, ties broken by suit, aces, the result."""

import pytest
from companion_high_card import rules

from companion.api.rules import RuleError


def play(state, *cards):
    for card in cards:
        state = rules.step(state, {"type": "draw", "card": card})
    return state


def test_the_highest_card_takes_the_round():
    state = play(rules.new_game({"players": ["Ann", "Bob", "Cy"], "rounds": 3}), "4C", "JD", "9S")
    assert state.wins == (0, 1, 0) and rules.round_winner(state) == "Bob"


def test_a_tie_on_rank_goes_to_the_higher_suit():
    state = play(rules.new_game({"players": ["Ann", "Bob"], "rounds": 3}), "KS", "KH")
    assert rules.round_winner(state) == "Ann"


def test_aces_low_house_rule():
    options = {"players": ["Ann", "Bob"], "rounds": 3, "house_rules": {"aces_high": False}}
    assert rules.round_winner(play(rules.new_game(options), "AS", "2C")) == "Bob"


def test_a_card_cannot_be_drawn_twice_in_a_round():
    state = play(rules.new_game({"players": ["Ann", "Bob"], "rounds": 3}), "5H")
    with pytest.raises(RuleError, match="not a card left"):
        rules.step(state, {"type": "draw", "card": "5H"})


def test_most_rounds_wins():
    state = play(rules.new_game({"players": ["Ann", "Bob", "Cy"], "rounds": 3}),
                 "AS", "2C", "3C", "2D", "3S", "KD", "AC", "5C", "6C")
    assert rules.is_over(state)
    assert rules.result(state).places == (("Ann",), ("Cy",), ("Bob",))


def test_equal_counts_share_a_place():
    state = play(rules.new_game({"players": ["Ann", "Bob", "Cy"], "rounds": 3}),
                 "AS", "2C", "3C", "2D", "KS", "3D", "4C", "5C", "6C")
    assert rules.result(state).places == (("Ann", "Bob", "Cy"),)
