"""Guards that History's and History > Unfinished's lines fit in Japanese: a game's short
name in kana takes two cells a character, so a long one drops the month and keeps the
day (「23 脳みそクラッシュ」) instead of running past the list's edge. Each test sets the
day and the zone it reads: the suite passes on any date, in any time zone (issue 42)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.core import localtime
from companion.testing import Rig


@pytest.mark.parametrize(("day", "line"), [
    # the date stays whole, the name is cut with its mark (issue 41: not 「23 脳みそ…」)
    (datetime(2026, 11, 23, 12, tzinfo=UTC), "11/23 脳みそクラッ…"),
    (datetime(2026, 12, 5, 12, tzinfo=UTC), "12/5 脳みそクラッ…"),
    (datetime(2027, 1, 1, 12, tzinfo=UTC), "1/1 脳みそクラッシュ"),    # 20 cells: it fits
])
def test_a_long_japanese_game_name_keeps_the_day_and_fits(tmp_path: Path, day: datetime,
                                                          line: str) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja"})
    rig = Rig(db=str(tmp_path / "ja.db"), config=config, players=("はなこ", "たろう"))
    rig.store.clock = day.timestamp
    try:
        with localtime.zone(UTC):
            rig.app.start_game("brain_crush", {"players": ["はなこ", "たろう"]})
            rig.keys("back")                              # back to the start menu
            menu = rig.app.top
            rig.keys(*["down"] * menu.items().index("履歴"), "ok", "ok")  # History > Unfinished
        assert line in rig.app.texts, rig.app.texts
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
