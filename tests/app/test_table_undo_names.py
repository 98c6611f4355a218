"""Guards that undo names what it took back in a player's words, in both languages, on
one line of the band: never a log identifier such as "start_block"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.app.session import GameSession
from companion.config import registry
from companion.core import i18n
from companion.core.errors import RuleError
from companion.log.store import Store
from companion.testing import Clock, Rig
from companion.ui.overlay import _BAND_CELLS
from companion.ui.widgets import wrap

GAMES = [g for g in registry.built_in() if registry.find(g) is not None]


def band_lines(name: str) -> list[str]:
    return wrap(i18n._("Undone: {what}").format(what=name), _BAND_CELLS)


@pytest.mark.parametrize("key", GAMES)
def test_every_built_in_game_names_its_actions_in_words(key: str) -> None:
    info = registry.find(key)
    assert info is not None and info.actions, f"{key} names no actions"
    for kind in info.actions:
        name = registry.action_name(key, kind)
        assert name is not None and "_" not in name, (kind, name)
        assert len(band_lines(name)) == 1, name


@pytest.mark.parametrize("key", GAMES)
def test_every_name_is_japanese_in_japanese_and_fits_the_band(key: str, japanese) -> None:
    info = registry.find(key)
    for kind, english in info.actions.items():
        name = registry.action_name(key, kind)
        assert name != english or english in {"IQ"}, (key, kind, name)
        assert len(band_lines(name)) == 1, name


def test_the_names_are_kept_apart_from_the_same_words_on_screens(japanese) -> None:
    # "roll" on a Brikks screen is whose turn it is ("の手番"); the action is what came up
    assert i18n.translator("companion.games.brikks.screens")[0]("rolls") == "の手番"
    assert registry.action_name("brikks", "roll") == "出目"
    assert registry.ACTION == "action"


def test_a_game_that_names_its_actions_refuses_an_unnamed_one() -> None:
    store = Store.open(":memory:")
    game = GameSession.start(store, "dice_roller", {"players": ["Ann"], "count": 1})
    with pytest.raises(RuleError, match="dice_roller has no action 'tilt'; it has roll"):
        game.apply({"type": "tilt"})
    assert store.actions(game.game_id) == [] and game.actions == []


def brikks_after_two_start_blocks(rig: Rig) -> None:
    rig.app.start_game("brikks", {"players": ["Ann", "Ben"]})
    rig.keys("ok", "ok")  # Ben, then Ann take their start blocks
    assert [a["type"] for a in rig.app.session.actions] == ["start_block"] * 2


def test_holding_back_names_the_start_block_it_took_back() -> None:
    rig = Rig()
    try:
        brikks_after_two_start_blocks(rig)
        before = rig.display.image.copy()
        rig.keys("long back")
        assert "Undone: Ann's start | block" in rig.text  # the band names whose it was
        assert len(rig.app.session.actions) == 1
        assert rig.display.image.tobytes() != before.tobytes()  # the panel shows it
    finally:
        rig.close()


def test_holding_back_names_it_in_japanese() -> None:
    rig = Rig()
    try:
        rig.app.change_setting("language", "ja")  # as the settings screen does
        brikks_after_two_start_blocks(rig)
        rig.keys("long back")
        assert "取消: | Annの開始ブロック" in rig.text
    finally:
        rig.close()


def test_a_game_without_names_says_only_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = replace(registry.find("dice_roller"), actions={})  # as a game from before names
    monkeypatch.setitem(registry.discover(), "dice_roller", bare)
    rig = Rig()
    try:
        rig.app.start_game("dice_roller", {"players": ["Ann"], "count": 2})
        rig.keys("roll", "roll")
        rig.keys("long back")
        assert "Undone." in rig.app.texts
    finally:
        rig.close()


def test_the_band_names_whose_turn_it_took_back_as_the_table_calls_them() -> None:
    """The review's 「取消: 健太の手番」: the player whose turn it was, by the given name
    where two at the table share the family name (一郎, not 山田 一郎)."""
    family = ("山田 一郎", "山田 花子", "健太", "ゆい")
    rig = Rig(players=family, language="ja", clock=Clock())
    try:
        rig.app.start_game("genial", {"players": list(family), "first": 2})
        rig.keys("up", "ok", "down", "ok")  # 健太, then ゆい
        rig.keys("long back")
        assert "取消: ゆいの手番" in rig.app.texts
        rig.later(2.1)
        rig.keys("up", "ok", "left", "ok")  # ゆい again, then 一郎
        rig.keys("long back")
        assert "取消: 一郎の手番" in rig.app.texts
    finally:
        rig.close()


def test_a_plugins_failing_player_of_costs_only_the_name(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    from companion.games.genial import rules

    def broken(state: object, action: object) -> str:
        raise KeyError("players")

    monkeypatch.setattr(rules, "player_of", broken)
    rig = Rig(players=("Ann", "Bob", "Cy"))
    try:
        rig.app.start_game("genial", {"players": ["Ann", "Bob", "Cy"], "first": 0})
        rig.keys("up", "ok", "down", "ok", "long back")
        assert "Undone: turn" in rig.app.texts and len(rig.app.session.actions) == 1
    finally:
        rig.close()
