"""Guards games as plugins: discovery through the ``companion.games`` entry points, the
example game installed from ``examples/`` played on mock pins, the menu order and hiding
from the config, and a game package that fails to load."""

from __future__ import annotations

import importlib
import json
from importlib.metadata import EntryPoint

import pytest

from companion.config import registry
from companion.config.file import from_mapping, load_text
from companion.config.registry import GameInfo, Unavailable
from companion.core.errors import ConfigError
from companion.records.bgstats import as_bgstats
from companion.records.json_export import as_json
from companion.records.plays import plays as read_plays
from companion.testing import Rig
from tests.bgstats_schema import check_file


def test_every_built_in_game_is_declared_as_an_entry_point() -> None:
    from importlib.metadata import entry_points

    declared = {ep.name: ep.value for ep in entry_points(group=registry.GROUP)}
    for key in registry.built_in():
        assert declared[key] == f"companion.games.{key}:GAME"


def test_declarations_agree_with_their_rules() -> None:
    """A game's title and player counts are declared once, in its declaration, which
    its rules read (they keep no copy)."""
    for key, game in registry.discover().items():
        assert isinstance(game, GameInfo), game
        rules = importlib.import_module(game.rules)
        copies = [n for n in ("TITLE", "MIN_PLAYERS", "MAX_PLAYERS") if hasattr(rules, n)]
        assert copies == [], key
        assert dict(game.house_rules) == dict(getattr(rules, "HOUSE_RULES", game.house_rules))
        assert len(game.short) <= 16


def test_the_example_game_is_found_without_a_change_to_the_companion() -> None:
    game = registry.find("high_card")
    assert game is not None and game.rules == "companion_high_card.rules"
    assert "high_card" not in registry.built_in()


def test_the_example_game_plays_undoes_and_exports_through_the_menu() -> None:
    rig = Rig(seed=3)
    try:
        rig.keys("ok", *["down"] * registry.position("high_card"), "ok")
        assert "High card" in rig.text and "setup" in rig.text
        rig.keys("down", "down", "down", "left")            # Rounds: 5 → 3
        rig.keys("down", "ok")                              # Start
        session = rig.app.session
        assert session is not None and session.key == "high_card"
        assert session.state.rounds == 3
        rig.keys("ok", "ok", "ok")
        assert len(session.actions) == 3
        rig.keys("long back")                               # undo the last draw
        assert len(rig.store.actions(session.game_id)) == 2
        while not session.over:
            rig.keys("ok")
        assert len(session.actions) == 6
        assert "Game over" in rig.text
        plays = read_plays(rig.store)
        assert plays[0].game == "High card" and plays[0].key == "high_card"
        assert plays[0].winners == list(session.rules.result(session.state).winners)
        bg = as_bgstats(plays)
        check_file(bg)
        assert bg["games"][0]["name"] == "High card" and bg["games"][0]["bggId"] == 0
        assert json.loads(as_json(plays))[0]["game"] == "High card"
    finally:
        rig.close()


def test_menu_order_and_hiding_come_from_the_config() -> None:
    config = load_text('[games]\norder = ["brikks", "high_card"]\nhide = ["dice_test"]\n')
    keys = [g.key for g in registry.menu(config.games["order"], config.games["hide"])]
    assert keys[:3] == ["brikks", "high_card", "dice_roller"] and "dice_test" not in keys
    rig = Rig(config=from_mapping({"display": {"driver": "dummy"},
                                   "games": {"order": ["area_tiles"], "hide": ["dice_roller"]}}))
    try:
        rig.keys("ok")
        assert rig.app.top.items()[0] == "Area Tiles"
        assert "Dice roller" not in rig.app.top.items()
    finally:
        rig.close()


@pytest.mark.parametrize(("text", "message"), [
    ('[games]\norder = ["chess"]', "games.order: unknown game 'chess'; allowed: dice_roller"),
    ('[games]\nhide = "brikks"', "games.hide: must be a list of game names in quotes"),
    ('[games]\nsort = []', "games.sort: unknown key; allowed: order, hide."),
    ('[games]\norder = ["brikks", "brikks"]', "games.order: names a game twice."),
])
def test_a_bad_games_table_is_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_text(text)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_hiding_every_game_is_refused() -> None:
    every = ", ".join(f'"{k}"' for k in registry.discover())
    with pytest.raises(ConfigError, match="hides every game"):
        load_text(f"[games]\nhide = [{every}]")


def test_a_game_that_fails_to_load_is_listed_with_its_reason(monkeypatch) -> None:
    broken = EntryPoint("broken_game", "no_such_package_xyz:GAME", registry.GROUP)
    not_a_game = EntryPoint("odd", "companion.core.keys:QUIT", registry.GROUP)
    real = registry.entry_points
    monkeypatch.setattr(registry, "entry_points",
                        lambda group: [*real(group=group), broken, not_a_game])
    registry.discover.cache_clear()
    try:
        found = registry.discover()
        assert isinstance(found["broken_game"], Unavailable)
        assert "ModuleNotFoundError" in found["broken_game"].why()
        assert "not a companion.config.registry.GameInfo" in found["odd"].why()
        rig = Rig()
        try:
            rig.keys("ok")
            items = rig.app.top.items()
            assert "broken_ga (broken)" in items
            rig.keys(*["down"] * items.index("broken_ga (broken)"), "ok")
            assert "broken_game does not | load; companion | doctor says why." in rig.text
            rig.keys("ok", "up", "ok")      # the rest of the box works: the game above opens
            above = registry.title(registry.built_in()[-1], short=True)  # the last built-in game
            assert above in rig.text and "setup" in rig.text
            from companion.owner.doctor.games import games_report

            lines = [str(c) for c in games_report()]
            installed = len(registry.built_in()) + 1  # and high_card, the example plugin
            assert lines[0].startswith(f"ok    games: {installed} installed: dice_roller")
            assert any(line.startswith("FAIL  game broken_game: its package does not load "
                                       "(ModuleNotFoundError: No module named") for line in lines)
        finally:
            rig.close()
    finally:
        registry.discover.cache_clear()


def test_an_old_game_of_an_uninstalled_kind_is_named_not_crashed() -> None:
    from companion.app.session import GameSession
    from companion.log.store import Store

    store = Store.open(":memory:")
    game_id = store.new_game("uninstalled_game", {"players": ["Ann"]})
    with pytest.raises(ValueError, match="uninstalled_game cannot be played: it is not inst"):
        GameSession.resume(store, game_id)
    assert registry.title("uninstalled_game") == "uninstalled_game"
