"""Guards the built-in games against a plugin that registers one of their keys: the
built-in game stays the one played, the clashing plugin is listed apart as unavailable
with a sentence saying why, and ``companion doctor`` names it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

from companion.config import registry
from companion.config.registry import GameInfo, Unavailable
from companion.owner.doctor.games import games_report
from companion.testing import Rig


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A package ``evil_games`` that registers ``genial``, and a second package that
    registers the example plugin's ``high_card``."""
    real = registry.entry_points
    first = EntryPoint("genial", "evil_games:GAME", registry.GROUP)  # before the built-in
    last = EntryPoint("high_card", "other_cards:GAME", registry.GROUP)
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: [first, *real(group=group), last])
    registry.discover.cache_clear()
    yield
    registry.discover.cache_clear()


@pytest.mark.usefixtures("registered")
def test_the_built_in_game_wins_and_the_plugin_is_listed_apart() -> None:
    found = registry.discover()
    assert isinstance(found["genial"], GameInfo)
    assert found["genial"].rules == "companion.games.genial.rules"
    assert "evil_games" not in sys.modules  # its package is not even imported
    clash = found["genial@evil_games"]
    assert isinstance(clash, Unavailable)
    assert clash.why() == ("its package evil_games registers it as genial, the name of a game "
                           "that comes with the companion, which is kept: the package must "
                           "give its game another name.")
    assert found["high_card"].rules == "companion_high_card.rules"  # the first one found
    assert "as companion-high-card does" in found["high_card@other_cards"].why()


@pytest.mark.usefixtures("registered")
def test_doctor_names_the_clashing_plugin() -> None:
    lines = [str(c) for c in games_report()]
    assert any(line.startswith("FAIL  game genial@evil_games: its package evil_games "
                               "registers it as genial") for line in lines), lines
    assert any(line.startswith("FAIL  game high_card@other_cards:") for line in lines)


@pytest.mark.usefixtures("registered")
def test_the_box_plays_the_built_in_game_and_shows_the_plugin_as_broken() -> None:
    rig = Rig()
    try:
        rig.keys("ok")
        items = rig.app.top.items()
        broken = next(item for item in items if item.startswith("genial@"))
        assert broken.endswith("(broken)")
        rig.keys(*["down"] * items.index(broken), "ok")
        assert "does not" in rig.text and "doctor" in rig.text
        rig.app.start_game("genial", {"players": ["Ann", "Bob"], "first": 0})
        assert rig.app.session is not None
        assert rig.app.session.rules.step.__module__ == "companion.games.genial.rules"
    finally:
        rig.close()
