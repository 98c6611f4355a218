"""Guards what the menus say in Japanese: a game in progress is offered as a way back
even when its name is long (「脳みそクラッシュへ」, never the bare name, which reads like a
new game), the new-game question's line stands on its own under the game's name, and a
score pad's setup is titled with the shelf game being set up."""

from __future__ import annotations

from pathlib import Path

from companion.config.file import from_mapping
from companion.testing import Rig

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
            assert way_back.endswith(("に戻る", "を続ける", "へ")), (key, way_back)
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
