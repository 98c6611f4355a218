"""Guards that a player's card shows every game's name and its plays/wins whole: where
both do not fit on one line ("4-Colour Stones", 「脳みそクラッシュ」) the figures go on the
line under the name instead of cutting it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.testing import Rig


@pytest.mark.parametrize(("language", "game", "name"), [
    ("en", "four_stones", "4-Colour Stones"), ("ja", "brain_crush", "脳みそクラッシュ")])
def test_a_long_game_name_and_its_figures_are_whole(tmp_path: Path, language: str, game: str,
                                                     name: str) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "language": language})
    rig = Rig(db=str(tmp_path / "c.db"), config=config, players=("Ann", "Bob"))
    try:
        rig.app.start_game(game, {"players": ["Ann", "Bob"]})
        rig.store.finish(rig.app.session.game_id,  # a stand-in result finishes it
                         {"places": [["Ann"], ["Bob"]], "scores": {}, "winners": ["Ann"],
                          "detail": ""})
        rig.keys("back")
        menu = rig.app.top
        players = "プレイヤー" if language == "ja" else "Players"
        rig.keys(*["down"] * menu.items().index(players), "ok", "ok")  # Players > Ann
        seen, faults = [], []
        for _ in range(3):
            seen += rig.app.texts
            faults += rig.faults()
            rig.keys("down")
        assert name in seen, seen
        assert ("1p 1w" if language == "en" else "1回1勝") in seen, seen
        assert faults == []
    finally:
        rig.close()
