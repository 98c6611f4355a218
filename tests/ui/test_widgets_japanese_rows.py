"""Guards the review's layout finding: on the shared list grid, rows of Japanese never
touch (「開始」 over 「健太、山田 一郎」 on an Unfinished game, 「上下 選ぶ」 over
「左右 変える」 on the keys help). A kanji's ink fills its whole 12 px cell, so in
Japanese the grid's rows are 13 px apart; English keeps its 12 px grid."""

from __future__ import annotations

import pytest

from companion.app.session import GameSession
from companion.shell.unfinished import UnfinishedList
from companion.testing import Rig


def row_inks(rig: Rig) -> list[tuple[int, int, int, int]]:
    """The ink boxes of the texts below the title bar, top to bottom."""
    rig.app.render()
    inks = [d.ink() for d in rig.app.painter.drawn if d.text.strip()]
    return sorted(i for i in inks if i is not None and i[1] >= 12)


def assert_apart(inks: list[tuple[int, int, int, int]]) -> None:
    for upper, lower in zip(inks, inks[1:], strict=False):
        side_by_side = upper[0] <= lower[2] and lower[0] <= upper[2]
        if side_by_side and lower[1] > upper[1]:
            assert lower[1] - upper[3] >= 2, (upper, lower)  # at least one blank row


def test_an_unfinished_games_lines_stand_apart() -> None:
    rig = Rig(players=("山田 一郎", "健太"), language="ja")
    try:
        GameSession.start(rig.store, "four_stones", {"players": ["健太", "山田 一郎"]})
        rig.app.push(UnfinishedList(rig.app))
        rig.pump()
        rig.keys("ok")                                # the game
        rig.app.render()
        assert "健太、山田 一郎" in rig.app.texts, rig.text
        assert_apart(row_inks(rig))
    finally:
        rig.close()


@pytest.mark.parametrize("rows", [4])
def test_the_keys_help_rows_stand_apart(rows: int) -> None:
    from companion.shell.keys_help import KeysHelp

    rig = Rig(language="ja")
    try:
        rig.app.push(KeysHelp(rig.app))
        inks = row_inks(rig)
        assert "左右    変える" in rig.app.texts
        assert len(inks) >= rows
        assert_apart(inks)
    finally:
        rig.close()


def test_english_keeps_its_grid() -> None:
    from companion.ui.widgets import LIST_TOP, ROW_H, grid

    assert grid() == (LIST_TOP, ROW_H) == (15, 12)


def test_a_player_card_and_its_records_stand_apart() -> None:
    from companion.shell.players import GameRecords, PlayerCard
    from tests.records.test_stats_as_declared import genial

    rig = Rig(players=("ゆい", "健太"), language="ja")
    try:
        genial(rig.store, ["ゆい", "健太"], 3)
        rig.app.push(PlayerCard(rig.app, "ゆい"))
        inks = row_inks(rig)
        assert len(inks) >= 3 and "最終プレイ" in rig.text
        assert_apart(inks)
        rig.app.push(GameRecords(rig.app, "genial"))
        inks = row_inks(rig)
        assert "勝利数" in rig.text and "最高点" in rig.text
        assert_apart(inks)
    finally:
        rig.close()
