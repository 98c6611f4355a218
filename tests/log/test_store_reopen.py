"""Reopening a finished game (issue 44: a score typed wrong at the end could not be fixed):
its end is undone in one transaction, the log replays to the game before its last
action, and the time it stood finished is not counted as played."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core.errors import RuleError
from companion.log.store import Store
from companion.records.plays import plays


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_reopened_game_replays_to_before_its_end_and_finishes_again(tmp_path: Path) -> None:
    clock = Clock()
    store = Store.open(tmp_path / "companion.db", clock=clock)
    game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    game.apply({"type": "turn", "all": 3})
    clock.now += 600
    game.apply({"type": "end_early"})
    assert game.over and store.game(game.game_id).finished is not None
    clock.now += 3000  # an hour on, someone sees the end was wrong
    assert store.reopen(game.game_id) == {"type": "end_early"}
    assert store.game(game.game_id).finished is None and plays(store) == []
    clock.now += 3600
    again = GameSession.resume(Store.open(tmp_path / "companion.db", clock=clock),
                               game.game_id)
    assert not again.over and again.actions == [{"type": "turn", "all": 3}]
    clock.now += 300
    again.apply({"type": "end_early"})
    (play,) = plays(again.store)
    assert play.duration_min == 15  # 10 minutes, then 5: not the two hours between
    with pytest.raises(RuleError):
        store.reopen(999)


def test_an_unfinished_game_is_not_reopened(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "companion.db", clock=Clock())
    game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    game.apply({"type": "turn", "all": 3})
    with pytest.raises(RuleError, match="not finished"):
        store.reopen(game.game_id)
    assert store.actions(game.game_id) == [{"type": "turn", "all": 3}]
