"""Guards issue 35's dates: in Japanese a month and day read 「11/27」 (Babel's ``Md``),
not 「11-27」, in the Unfinished list and its discard question and on the player card
(「最終プレイ 11/27」, with the year when it is another year's); English keeps its
``11-27`` and ``2026-11-27``."""

from __future__ import annotations

from datetime import UTC, datetime

from companion.app.session import GameSession
from companion.core import i18n, localtime
from companion.shell.players import PlayerCard
from companion.shell.unfinished import UnfinishedList, dated
from companion.testing import Rig
from tests.records.test_stats_as_declared import genial

NOV_27 = datetime(2026, 11, 27, 12, tzinfo=UTC).timestamp()
JAN_5 = "2026-01-05T12:00:00+00:00"


def test_month_and_day_as_each_language_writes_them() -> None:
    with localtime.zone(UTC):
        assert localtime.month_day(JAN_5) == "01-05"
        assert localtime.month_day_minute(JAN_5) == "01-05 12:00"
        assert localtime.date(JAN_5) == "2026-01-05"
        i18n.use("ja")
        assert localtime.month_day(JAN_5) == "1/5"
        assert localtime.month_day_minute(JAN_5) == "1/5 12:00"
        assert localtime.date(JAN_5, today=datetime(2026, 3, 1, tzinfo=UTC)) == "1/5"
        assert localtime.date(JAN_5, today=datetime(2027, 3, 1, tzinfo=UTC)) == "2026/1/5"
        # no room for the whole name: the date stays, the name is cut with its mark
        # (「5 脳みそクラッシュ」 dropped the month, issue 41)
        assert dated(JAN_5, "brain_crush", chars=16) == "1/5 脳みそクラ…"


def rig_on_the_27th() -> Rig:
    rig = Rig(players=("ゆい", "健太"), language="ja")
    rig.store.clock = lambda: NOV_27
    return rig


def test_the_unfinished_list_and_its_discard_question_say_11_27() -> None:
    rig = rig_on_the_27th()
    try:
        with localtime.zone(UTC):
            GameSession.start(rig.store, "four_stones", {"players": ["ゆい", "健太"]})
            rig.app.push(UnfinishedList(rig.app))
            rig.pump()
            rig.app.render()
            assert "11/27 4色碁石" in rig.text and "11-27" not in rig.text
            rig.keys("ok")  # the game
            assert "開始 11/27 12:00" in rig.text
            rig.keys("down", "ok")  # discard
            said = rig.text.replace(" | ", "")
            assert "11/27の4色碁石を破棄しますか?" in said, rig.text
            # a line each, none broken inside a word (not 「再開できな|くなります」)
            assert {"11/27の4色碁石を", "破棄しますか?", "もう再開できません。"} <= set(
                rig.app.texts), rig.text
            assert rig.faults() == []
    finally:
        rig.close()


def test_the_player_card_says_when_they_last_played() -> None:
    rig = rig_on_the_27th()
    try:
        with localtime.zone(UTC):
            genial(rig.store, ["ゆい", "健太"], 3)
            card = PlayerCard(rig.app, "ゆい")
            rig.app.push(card)
            assert ("最終プレイ 11/27", "") in card.lines()
            i18n.use("en")
            assert ("Last 2026-11-27", "") in card.lines()
    finally:
        rig.close()


def test_a_finished_game_in_history_says_when_it_started_as_11_27() -> None:
    rig = rig_on_the_27th()
    try:
        with localtime.zone(UTC):
            genial(rig.store, ["ゆい", "健太"], 3)
            rig.keys("down", "ok", "ok")  # start menu > History > the game
            assert "開始 11/27 12:00" in rig.app.texts, rig.text
            assert "11-27" not in rig.text and rig.faults() == []
    finally:
        rig.close()
