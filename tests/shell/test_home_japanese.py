"""Guards what the menus say in Japanese: a game in progress is offered as a way back
even when its name is long (「脳みそクラッシュへ」, never the bare name, which reads like a
new game), the new-game question's line stands on its own under the game's name, and a
score pad's setup is titled with the shelf game being set up."""

from __future__ import annotations

from pathlib import Path

from companion.config import registry
from companion.config.file import from_mapping
from companion.config.registry import discover
from companion.core import i18n
from companion.shell import home
from companion.testing import Rig
from companion.ui.paint import Painter
from companion.ui.widgets import menu_list

JA = {"display": {"driver": "dummy"}, "language": "ja"}


def test_a_long_game_name_is_still_a_way_back() -> None:
    rig = Rig(config=from_mapping(JA))
    try:
        rig.app.start_game("brain_crush", {"players": ["Ann", "Ben"]})
        rig.keys("back")
        assert rig.app.texts[1] == "脳みそクラッシュへ", rig.app.texts
        rig.keys("ok")
        assert rig.app.session is not None and rig.app.session.key == "brain_crush"
        rig.keys("back", "down", "ok")  # New game while it runs: the question
        assert rig.app.texts[:2] == ["脳みそクラッシュ", "このゲームは途中です:"], rig.app.texts
    finally:
        rig.close()


def test_every_game_is_named_one_way_when_it_waits() -> None:
    """One phrase in each language for every registered game (issue 44: 「ダイスを続ける」
    beside 「脳みそクラッシュへ」), drawn on the menu's row whole, never cut."""
    for lang, phrase in [("en", "To {game}"), ("ja", "{game}へ")]:
        i18n.use(lang)
        try:
            for key in discover():
                name = registry.title(key, short=True)
                entry = home._entry(key)
                assert entry == phrase.format(game=name), (lang, key, entry)
                p = Painter.blank()
                menu_list(p, [entry, registry.title("dice_roller")], 0)
                assert p.cut == [], (lang, key, p.cut)
        finally:
            i18n.use("en")


def test_every_built_in_game_fits_its_way_back() -> None:
    for key, options in [("dice_roller", {"players": ["Table"]}),
                         ("four_stones", {"players": ["Ann", "Ben", "Cy", "Dee"]}),
                         ("genial", {"players": ["Ann", "Ben"]}),
                         ("brain_crush", {"players": ["Ann", "Ben"]})]:
        rig = Rig(config=from_mapping(JA))
        try:
            rig.app.start_game(key, options)
            rig.keys("back")
            way_back = rig.app.texts[1]
            assert way_back == registry.title(key, short=True) + "へ", (key, way_back)
            assert not rig.app.painter.cut, rig.app.painter.cut
        finally:
            rig.close()


def test_a_score_pad_setup_is_titled_with_its_game(tmp_path: Path) -> None:
    config = from_mapping({**JA, "shelf": [{"title": "Carcassonne", "players": [2, 5]}]})
    rig = Rig(config=config, db=str(tmp_path / "c.db"))
    try:
        rig.open_game("score_pad")
        rig.keys("ok")  # Carcassonne
        assert rig.app.texts[:2] == ["Carcassonne", "準備"], rig.app.texts
    finally:
        rig.close()
