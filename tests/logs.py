"""Test helper (not a test module): small action logs for the tests of the log itself."""

from __future__ import annotations

from pathlib import Path

from companion.app.session import GameSession
from companion.log.store import Store


def dice_game(db: Path, rolls: int = 2) -> int:
    """A log at ``db`` holding one unfinished dice roller game of ``rolls`` rolls; its id."""
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 2})
    for n in range(rolls):
        game.apply({"type": "roll", "dice": [1 + n % 6, 2]})
    store.close()
    return game.game_id
