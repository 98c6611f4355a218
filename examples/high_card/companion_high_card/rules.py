"""The rules of High card, pure: no screen, no clock, no randomness.

Each round every player, in seat order, draws one card from a full deck; the highest
rank takes the round (suits break a tie: clubs < diamonds < hearts < spades). After the
agreed number of rounds the player with the most rounds wins; equal counts share a
place. The card drawn is data in the action, drawn by the box's dice:

>>> state = new_game({"players": ["Ann", "Bob"], "rounds": 3})
>>> state = step(state, {"type": "draw", "card": "QH"})
>>> state = step(state, {"type": "draw", "card": "3S"})
>>> round_winner(state), state.wins
('Ann', (1, 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    Die,
    GameDice,
    Result,
    check_house_rules,
    house_rule,
    players_from,
    ranked,
    require,
    word,
)
from companion_high_card import GAME

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = tuple(r + s for r in RANKS for s in SUITS)
ROUNDS = (3, 5, 7, 9)

#: One card from a full deck, for ``companion roll high-card`` (its declaration names it).
DICE = {"high-card": GameDice((Die("card", DECK),), word("High card: {die1}"))}


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    rounds: int
    aces_high: bool = True
    drawn: tuple[str, ...] = ()  # this round's cards, in seat order
    wins: tuple[int, ...] = ()
    played: int = 0  # rounds finished
    last: tuple[str, ...] = ()  # the last finished round's cards

    @property
    def to_draw(self) -> str:
        return self.players[len(self.drawn)]


def new_game(options: Mapping[str, Any]) -> State:
    """A game from ``{"players": [...], "rounds": 5, "house_rules": {...}}``."""
    players = players_from(options, GAME.min_players, GAME.max_players)
    check_house_rules(options.get("house_rules") or {}, GAME.house_rules)
    rounds = options.get("rounds", 5)
    require(rounds in ROUNDS, "rounds is one of {allowed}.",
            allowed=", ".join(map(str, ROUNDS)))
    return State(players, rounds, house_rule(options, GAME.house_rules, "aces_high"),
                 wins=(0,) * len(players))


def strength(card: str, aces_high: bool = True) -> tuple[int, int]:
    """How strong a card is: rank first, then suit.

    >>> strength("AS") > strength("KS"), strength("AS", aces_high=False) < strength("2C")
    (True, True)
    """
    rank = RANKS.index(card[0]) if aces_high or card[0] != "A" else -1
    return rank, SUITS.index(card[1])


def remaining(state: State) -> tuple[str, ...]:
    """The cards still in the deck this round."""
    return tuple(c for c in DECK if c not in state.drawn)


def step(state: State, action: Mapping[str, Any]) -> State:
    require(action.get("type") == "draw", "the only move in High card is to draw a card.")
    require(not is_over(state), "the game is over.")
    card = str(action.get("card"))
    require(card in remaining(state), "{card!r} is not a card left in the deck.",
            card=action.get("card"))
    drawn = (*state.drawn, card)
    if len(drawn) < len(state.players):
        return replace(state, drawn=drawn)
    best = max(range(len(drawn)), key=lambda i: strength(drawn[i], state.aces_high))
    wins = tuple(w + (i == best) for i, w in enumerate(state.wins))
    return replace(state, drawn=(), wins=wins, played=state.played + 1, last=drawn)


def round_winner(state: State) -> str | None:
    """Who took the last finished round."""
    if not state.last:
        return None
    best = max(range(len(state.last)), key=lambda i: strength(state.last[i], state.aces_high))
    return state.players[best]


def is_over(state: State) -> bool:
    return state.played >= state.rounds


def result(state: State) -> Result:
    scores = dict(zip(state.players, state.wins, strict=True))
    return Result(ranked(scores, state.players), scores)
