"""Guards every screen of every built game against any sequence of key presses.

Hypothesis presses random keys, short and long, starting each built game through the
start menu (so setup screens, menus, history and the other games are reachable too):
no exception may escape, every key must end in a rendered 128×64 frame, and the game
on screen must always be the replay of its log. Games are found through
``companion.config.registry`` — a game whose screens appear is fuzzed without touching this
file. CI runs 10 000 key events in all; ``COMPANION_SOAK=full`` runs 100 000.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from luma.core.device import dummy

from companion.app.loop import App
from companion.config.file import from_mapping
from companion.config.registry import GameInfo, discover, position
from companion.core.dice import Dice
from companion.core.keys import NAMES, Key
from companion.log.store import Store
from tests.checks import frame_and_log_agree

BUILT = [key for key, game in discover().items() if isinstance(game, GameInfo)]
TOTAL = 100_000 if os.environ.get("COMPANION_SOAK") == "full" else 10_000
PER_EXAMPLE = 100
EXAMPLES = max(1, TOTAL // PER_EXAMPLE // max(1, len(BUILT)))
CONFIG = from_mapping({"display": {"driver": "dummy"}})

keys = st.builds(Key, st.sampled_from(NAMES), st.booleans())
presses = st.lists(keys, min_size=PER_EXAMPLE, max_size=PER_EXAMPLE)
pressed = {"events": 0}


def settle(app: App) -> None:
    """Run any animation to its end, as time passing would."""
    app.settle()


def check(app: App, where: str) -> None:
    frame_and_log_agree(app, where)


def open_game(app: App, key: str) -> None:
    """Start menu → New game → the game, as a player would."""
    app.handle(Key("OK"))
    for _ in range(position(key)):
        app.handle(Key("DOWN"))
    app.handle(Key("OK"))
    settle(app)


def test_every_built_game_is_fuzzed() -> None:
    assert "dice_roller" in BUILT  # the catalogue really finds the built games


@pytest.mark.soak
@pytest.mark.parametrize("game", BUILT)
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(events=presses, seed=st.integers(0, 2**32 - 1))
def test_random_keys_never_break_a_screen(game: str, events: list[Key], seed: int) -> None:
    store = Store.open(":memory:")
    app = App(config=CONFIG, store=store, display=dummy(width=128, height=64, mode="1"),
              dice=Dice.seeded(seed), strict=True)
    try:
        app.start()
        open_game(app, key=game)
        check(app, f"{game}: after opening")
        for n, key in enumerate(events):
            screen = type(app.top).__name__
            app.handle(key)
            settle(app)
            check(app, f"{game}: key {n} ({key}) on {screen}")
        pressed["events"] += len(events)
    finally:
        store.close()
