"""Guards that History's and History > Unfinished's lines fit in Japanese: a game's short
name in kana takes two cells a character, so a long one drops the month and keeps the
day (「23 脳みそクラッシュ」) instead of running past the list's edge."""

from __future__ import annotations

import re
from pathlib import Path

from companion.config.file import from_mapping
from companion.testing import Rig


def test_a_long_japanese_game_name_keeps_the_day_and_fits(tmp_path: Path) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja"})
    rig = Rig(db=str(tmp_path / "ja.db"), config=config, players=("はなこ", "たろう"))
    try:
        rig.app.start_game("brain_crush", {"players": ["はなこ", "たろう"]})
        rig.keys("back")                              # back to the start menu
        menu = rig.app.top
        rig.keys(*["down"] * menu.items().index("履歴"), "ok", "ok")  # History > Unfinished
        assert any(re.fullmatch(r"\d\d 脳みそクラッシュ", t) for t in rig.app.texts), \
            rig.app.texts
        assert rig.faults() == []
    finally:
        rig.close()


def test_an_unfinished_game_names_whole_players_and_counts_the_rest(tmp_path: Path) -> None:
    names = ("山田はなこ", "佐藤太郎", "けんた", "さくら")
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja"})
    rig = Rig(db=str(tmp_path / "ja.db"), config=config, players=names)
    try:
        rig.app.start_game("brain_crush", {"players": list(names)})
        rig.keys("back")
        menu = rig.app.top
        rig.keys(*["down"] * menu.items().index("履歴"), "ok", "ok", "ok")  # … > the game
        assert "山田はなこ 他3人" in rig.app.texts, rig.app.texts
        assert rig.faults() == []
    finally:
        rig.close()
