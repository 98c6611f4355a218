"""Guards that a house rule's value is fixed when a game starts (Brikks, Brain Robbery,
Area Tiles): new games log every value, a later change of a default leaves them alone,
and games saved by 0.1.0 (before ``solo_energy``, ``symbol_bonus`` and ``brains``)
go on as they were played."""

from __future__ import annotations

import dataclasses
import gzip
import shutil
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.config.registry import position
from companion.core.errors import RuleError
from companion.games.area_tiles import house_rules as area_house
from companion.games.brikks import house_rules as brikks_house
from companion.log.store import Store
from companion.testing import Rig

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SOLO_BRIKKS, AREA_TILES_SCORING, ROBBERY_FIGHT = 19, 39, 25  # games in the 0.1.0 log


@pytest.fixture
def old_log(tmp_path: Path) -> Store:
    db = tmp_path / "old.db"
    with gzip.open(FIXTURES / "v1-log.sqlite.gz", "rb") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    store = Store.open(str(db))
    yield store
    store.close()


def new_default(monkeypatch: pytest.MonkeyPatch, module, name: str, default) -> None:
    """As if a later version changed house rule ``name``'s default."""
    changed = dataclasses.replace(module.HOUSE_RULES[name], default=default)
    monkeypatch.setitem(module.HOUSE_RULES, name, changed)


def open_game(rig: Rig, title: str) -> None:
    rig.keys("ok")
    while not rig.app.top.items()[rig.app.top.index].startswith(title):
        rig.keys("down")
    rig.keys("ok")


# --- games saved before the rules existed ------------------------------------------------

def test_an_old_solo_brikks_game_keeps_5_energy_whatever_the_default(
        old_log: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "house_rules" not in old_log.game(SOLO_BRIKKS).options
    new_default(monkeypatch, brikks_house, "solo_energy", 4)
    game = GameSession.resume(old_log, SOLO_BRIKKS)
    assert (game.state.trackers[0].energy, game.state.trackers[0].bar) == (5, 5)


def test_an_old_area_tiles_game_goes_on_with_one_owner_per_area(old_log: Store) -> None:
    game = GameSession.resume(old_log, AREA_TILES_SCORING)
    assert game.state.phase == "scoring" and game.state.symbol_bonus == "one"
    with pytest.raises(RuleError, match="one symbol bonus per area"):
        game.apply({"type": "set_area", "index": 1, "blocks": 7, "symbol": ["Blue", "Yellow"]})
    game.apply({"type": "set_area", "index": 1, "blocks": 7, "symbol": "Yellow"})
    assert game.state.areas[0][1].symbol == "Yellow"
    game.undo()
    assert GameSession.resume(old_log, AREA_TILES_SCORING).state == game.state


def test_an_old_brain_robbery_fight_can_end_with_the_new_brains_action(old_log: Store) -> None:
    game = GameSession.resume(old_log, ROBBERY_FIGHT)
    before = game.state
    game.apply({"type": "end_fight"})
    assert game.state.fight.winner == "Ann"
    game.apply({"type": "brains", "heads": {"Ann": None, "Bob": "Ann"}})
    assert game.state.player("Bob").brain.iq == 5 and game.state.player("Ann").brain is None
    game.undo()
    game.undo()
    assert game.state == before and repr(game.state) == repr(before)


# --- games started now -------------------------------------------------------------------

def test_a_new_brikks_game_keeps_its_solo_energy_when_the_default_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "new.db")
    rig = Rig(db=db)
    open_game(rig, "Brikks")
    rig.keys("left", "ok", "ok")                     # solo, Start
    game_id = rig.app.session.game_id
    assert rig.store.game(game_id).options["house_rules"]["solo_energy"] == 5
    rig.close()
    new_default(monkeypatch, brikks_house, "solo_energy", 4)
    store = Store.open(db)
    assert GameSession.resume(store, game_id).state.trackers[0].energy == 5
    store.close()


def test_a_new_area_tiles_game_keeps_each_when_the_default_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "new.db")
    rig = Rig(db=db, players=("Red", "Blue", "Yellow"))  # seated from the roster
    rig.keys("ok", *["down"] * position("area_tiles"), "ok", "ok", "ok")
    game_id = rig.app.session.game_id
    rig.app.play({"type": "begin_scoring"})
    rig.app.play({"type": "add_area", "blocks": 9, "symbol": ["Blue", "Yellow"]})
    rig.close()
    new_default(monkeypatch, area_house, "symbol_bonus", "one")
    store = Store.open(db)
    game = GameSession.resume(store, game_id)
    assert game.state.symbol_bonus == "each" and game.state.areas[0][0].owners == (
        "Blue", "Yellow")
    store.close()


def test_every_rule_is_logged_by_each_setup(rig: Rig) -> None:
    open_game(rig, "Brain Robbery")
    rig.keys("ok", "ok")
    assert rig.app.session.options["house_rules"] == {
        "long_game": False, "track_xp": True, "board_names": []}
