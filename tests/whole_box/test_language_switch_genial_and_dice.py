"""Guards a language change in the middle of Genial Spezial, the dice roller and the dice
test: the screen speaks Japanese at once (and English again after), nothing of the game is
lost, and the next buttons carry on from where the table was — even a turn half entered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.core import i18n
from companion.core.errors import RuleError
from companion.games.dice_test import rules as dice_test_rules
from companion.games.genial import rules as genial_rules
from companion.testing import Rig


@pytest.fixture
def rig() -> Iterator[Rig]:
    rig = Rig(players=("Ann", "Ben", "Cleo"))
    yield rig
    rig.close()
    i18n.use("en")


def switch(rig: Rig, language: str) -> None:
    """What the Settings screen does: the language changes under the open screen."""
    rig.app.change_setting("language", language)
    rig.app.redraw()


def test_genial_switches_mid_turn_and_the_turn_goes_on(rig: Rig) -> None:
    rig.app.start_game("genial", {"players": ["Ann", "Ben", "Cleo"], "first": 0})
    rig.keys("up", "up")                             # Ann's turn: orange +2, not confirmed
    assert "Ann's turn" in rig.app.texts
    switch(rig, "ja")
    assert "Annの手番" in rig.app.texts and "+2" in rig.app.texts and "紫" in rig.app.texts
    rig.keys("ok")                                   # the pending points survive the switch
    state = rig.app.session.state
    assert len(state.turns) == 1 and state.tracks[0] == (2, 0, 0, 0)
    assert "Benの手番" in rig.text and "R1/20" in rig.text
    rig.keys("long right")
    assert "順位:各色の点は低い順" in rig.text and "最高: 橙2>0" in rig.text
    switch(rig, "en")
    assert "Standings: low..high" in rig.text and "highest: ora 2>0" in rig.text
    rig.keys("left", "right", "ok")                  # Ben: purple +1, in English again
    assert rig.app.session.state.tracks[1] == (0, 1, 0, 0) and "Cleo's turn" in rig.text


def test_genial_winner_screen_follows_the_language(rig: Rig) -> None:
    rig.app.start_game("genial", {"players": ["Ann", "Ben"], "first": 0})
    rig.app.play({"type": "turn", "points": {"orange": 3, "purple": 2, "blue": 2, "green": 2}})
    rig.app.play({"type": "turn", "points": {"orange": 1, "purple": 1, "blue": 1, "green": 1}})
    rig.keys("roll", "long ok", "ok")                # end early: the standings decide
    assert genial_rules.is_over(rig.app.session.state) and "Game ended" in rig.text
    switch(rig, "ja")
    assert "途中終了" in rig.text and "最低の色で勝利" in rig.text
    rig.keys("down", "down")                         # the sentence's end, scrolled up
    assert "ラウンド1の終わりで打ち切り。" in rig.text.replace(" | ", "")


def test_genial_rule_message_is_in_the_games_own_words(rig: Rig) -> None:
    rig.app.start_game("genial", {"players": ["Ann", "Ben"], "first": 0})
    switch(rig, "ja")
    assert rig.app.play({"type": "turn", "player": "Ben"}) is None
    assert rig.app.message == "今はAnnの手番です('Ben'ではありません)。"
    with pytest.raises(RuleError, match="it is Ann's turn"):   # the rules stay English
        genial_rules.step(rig.app.session.state, {"type": "turn", "player": "Ben"})


def test_dice_roller_switches_and_keeps_rolling(rig: Rig) -> None:
    rig.open_game("dice_roller")
    rig.keys("roll", "roll")
    rolls = rig.app.session.state.rolls
    assert "Dice 2d6" in rig.text
    switch(rig, "ja")
    assert "ダイス 2d6" in rig.text and "ROLL ^v個数 >グラフ" in rig.text
    rig.keys("roll", "right")
    assert rig.app.session.state.rolls[:2] == rolls and len(rig.app.session.state.rolls) == 3
    assert "ROLL ^v個数 <ダイス" in rig.text  # the chart, in the roller's frame


def test_dice_test_switches_and_the_tally_goes_on(rig: Rig) -> None:
    rig.app.start_game("dice_test", {"players": ["Table"], "die": "colour"})
    rig.keys("ok", "right", "ok")                    # white, yellow
    assert "Test colour" in rig.text and "28 more for a verdict" in rig.text
    switch(rig, "ja")
    assert "色の検査" in rig.text and "判定まであと28回" in rig.text
    assert {"白", "黄", "黒"} <= set(rig.app.texts)  # colour faces by their kanji
    rig.keys("ok")
    assert rig.app.session.state.rolls == ("white", "yellow", "yellow")
    for face in dice_test_rules.DICE["colour"] * 5:
        rig.app.play({"type": "face", "face": face, "entered": True})
    rig.keys("down", "right")
    assert "色の集計" in rig.text and "偏りの証拠なし。" in rig.text
    switch(rig, "en")
    assert "No evidence of bias." in rig.text
