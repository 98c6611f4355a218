"""Guards that undo names what it took back in a player's words, in both languages, on
one line of the band: never a log identifier such as "start_block"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.app.session import GameSession
from companion.config import registry as catalogue
from companion.core import i18n
from companion.core.errors import RuleError
from companion.log.store import Store
from companion.testing import Rig
from companion.ui.overlay import _BAND_CELLS
from companion.ui.widgets import wrap

GAMES = [g for g in catalogue.BUILT_IN if catalogue.find(g) is not None]


def band_lines(name: str) -> list[str]:
    return wrap(i18n._("Undone: {what}").format(what=name), _BAND_CELLS)


@pytest.mark.parametrize("key", GAMES)
def test_every_built_in_game_names_its_actions_in_words(key: str) -> None:
    info = catalogue.find(key)
    assert info is not None and info.actions, f"{key} names no actions"
    for kind in info.actions:
        name = catalogue.action_name(key, kind)
        assert name is not None and "_" not in name, (kind, name)
        assert len(band_lines(name)) == 1, name


@pytest.mark.parametrize("key", GAMES)
def test_every_name_is_japanese_in_japanese_and_fits_the_band(key: str, japanese) -> None:
    info = catalogue.find(key)
    for kind, english in info.actions.items():
        name = catalogue.action_name(key, kind)
        assert name != english or english in {"IQ"}, (key, kind, name)
        assert len(band_lines(name)) == 1, name


def test_the_names_are_kept_apart_from_the_same_words_on_screens(japanese) -> None:
    # "roll" on a Brikks screen is whose turn it is ("の手番"); the action is what came up
    assert i18n.translator("companion.games.brikks.screens")[0]("rolls") == "の手番"
    assert catalogue.action_name("brikks", "roll") == "出目"
    assert catalogue.ACTION == "action"


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
        assert "Undone: start block" in rig.app.texts  # one line of the band
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
        assert "取消: 開始ブロック" in rig.app.texts
    finally:
        rig.close()


def test_a_game_without_names_says_only_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = replace(catalogue.find("dice_roller"), actions={})  # as a game from before names
    monkeypatch.setitem(catalogue.discover(), "dice_roller", bare)
    rig = Rig()
    try:
        rig.app.start_game("dice_roller", {"players": ["Ann"], "count": 2})
        rig.keys("roll", "roll")
        rig.keys("long back")
        assert "Undone." in rig.app.texts
    finally:
        rig.close()
