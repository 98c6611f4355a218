"""Guards that no text a player reads is cut: nothing drawn past the screen or its
widget's edge, nothing shortened to fit — over every screenshot scene and a random walk
through every game, found by the painter's own record, not by goldens."""

from __future__ import annotations

import random

import pytest
from luma.core.device import dummy

from companion.app.loop import App
from companion.config.file import from_mapping
from companion.config.registry import GameInfo, discover, position
from companion.core import i18n
from companion.core.dice import Dice
from companion.core.keys import NAMES, Key
from companion.log.store import Store, _why
from companion.owner import screenshots
from companion.testing import Clock, Rig
from companion.ui.paint import Painter
from companion.ui.widgets import hint, menu_list, message_box

BUILT = [k for k, g in discover().items() if isinstance(g, GameInfo)]


def faults(app: App) -> list[str]:
    """Every text on the app's last frame that was cut or runs past its edge."""
    p = app.painter
    assert p is not None
    return p.faults()


def test_the_checks_find_cut_text() -> None:
    p = Painter.blank()
    menu_list(p, ["Back to Brain Robbery", "New game"], 0)
    hint(p, "</> change   OK add   BACK no")
    p.text((110, 0), "BACK", "text")
    message_box(p, "Cannot save games: " + "the log cannot be written " * 4)
    assert p.cut[:2] == ["Back to Brain Robbery", "</> change   OK add   BACK no"]
    assert len(p.cut) == 3
    assert [d.text for d in p.drawn if d.overflows()] == ["BACK"]
    with p.region((5, 13, 60, 25)):
        p.text((5, 13), "too wide for this", "text")
    assert p.drawn[-1].overflows()


@pytest.fixture
def english_after() -> None:
    yield
    i18n.use("en")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("name", screenshots.names())
def test_no_scene_cuts_text(name: str, language: str, english_after: None) -> None:
    app = screenshots.make_app(language=language)
    app.start()
    screenshots.scenes()[name](app)
    app.render()
    assert faults(app) == []


@pytest.mark.parametrize("game", BUILT)
def test_a_random_walk_through_a_game_cuts_no_text(game: str) -> None:
    """300 seeded random keys from the game's setup on: every frame is checked."""
    rng = random.Random(game)
    app = App(config=from_mapping({"display": {"driver": "dummy"}}),
              store=Store.open(":memory:"), display=dummy(width=128, height=64, mode="1"),
              dice=Dice.seeded(7), strict=True)
    app.start()
    app.handle(Key("OK"))
    for _ in range(position(game)):
        app.handle(Key("DOWN"))
    app.handle(Key("OK"))
    found: set[str] = set()
    for _ in range(300):
        app.handle(Key(rng.choice(NAMES), rng.random() < 0.15))
        app.settle()
        found.update(f"{type(app.top).__name__}: {f}" for f in faults(app))
    assert sorted(found) == []


def test_the_reported_cuts_are_gone() -> None:
    """"Back to Brain Robber", the History detail's hint over its 4th row and the cut
    "Started …", and a storage error cut after "No such file or"."""
    rig = Rig(clock=Clock())
    rig.app.start_game("brain_robbery", {"players": ["Ann", "Ben", "Cleo"], "first": 0})
    rig.keys("back")
    assert "To Brain Robbery" in rig.app.texts and faults(rig.app) == []
    rig.app.start_game("genial", {"players": ["Ann", "Bob"]})
    rig.app.play({"type": "end_early"})
    rig.later(2.1)  # the "set aside" band goes
    rig.keys("back", "down", "down", "ok", "down", "ok")  # History → past Unfinished → the game
    rows = [d for d in rig.app.painter.drawn if d.font == "text" and d.xy[1] > 12]
    assert rows[0].text.startswith("Started ") and faults(rig.app) == []
    hint_top = 64 - 8
    assert all(d.ink()[3] < hint_top for d in rows), [(d.text, d.ink()) for d in rows]
    why = _why(FileNotFoundError(2, "No such file or directory"), "/gone/companion.db")
    rig.app.notice(f"Cannot save games: {why}")
    rig.app.redraw()
    assert "file or directory)" in rig.app.texts and faults(rig.app) == []
    rig.close()
