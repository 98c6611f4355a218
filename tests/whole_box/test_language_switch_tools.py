"""Guards Japanese in the score pad, any dice, the turn timer and the High card plugin:
switching the language mid-game changes the screen at once and the game carries on; the
games' rule messages and the config/roll errors come out in Japanese; a plugin's own
catalogue is found and complete."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import file as config
from companion.config.file import from_mapping
from companion.core import i18n
from companion.core.dicesets import NotationError, parse
from companion.core.errors import ConfigError
from companion.games.score_pad.screens import EXAMPLE_SHELF
from companion.testing import Rig

ROOT = Path(__file__).resolve().parents[2]
ROSTER = ("Ann", "Ben", "Cleo")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def rig_with_shelf() -> Rig:
    return Rig(players=ROSTER, config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}, "shelf": EXAMPLE_SHELF}))


def switch(rig: Rig, language: str) -> None:
    """What the Settings screen does, while the game's own screen stays on top."""
    rig.app.change_setting("language", language)
    rig.app.redraw()


def test_score_pad_switches_mid_game_and_carries_on() -> None:
    rig = rig_with_shelf()
    try:
        rig.open_game("score_pad")
        rig.keys("down", "ok", "ok", "ok")                 # Golf, two players, Start
        rig.keys("right", "ok")                            # Ann: 5
        assert "total 5" in rig.text or "total 0" in rig.text
        switch(rig, "ja")
        assert "合計" in rig.text and "1/9R" in rig.text and "total" not in rig.text
        rig.keys("up", "up", "ok")                         # Ben: 2, in Japanese
        assert rig.app.session.state.cells[0] == (5, 2)
        assert "2/9R" in rig.text
        rig.keys("long ok")                                # the pad's menu
        assert "得点表" in rig.text and "途中順位" in rig.text
        switch(rig, "en")
        assert "Score table" in rig.text and "Standings" in rig.text
    finally:
        rig.close()


def test_score_pad_other_game_is_named_on_the_keyboard_in_japanese() -> None:
    rig = rig_with_shelf()
    try:
        switch(rig, "ja")
        rig.open_game("score_pad")
        assert "どのゲーム?" in rig.text and "その他のゲーム" in rig.text
        rig.keys("up", "ok")                               # the last entry: Other game
        assert "その他のゲーム" in rig.text and "カナ" in rig.text   # on the kana page
        rig.keys("ok", "right", "ok", "long ok")           # 「あか」, hold OK: done
        rig.keys("up", "up")                               # up past Start: the last option
        assert "勝者: 最高得点" in rig.text
        rig.keys("down", "ok")                             # Start
        assert rig.app.session.options["shelf"]["title"] == "あか"
        assert "あか" in rig.text
    finally:
        rig.close()


def test_any_dice_switches_mid_game_and_carries_on() -> None:
    rig = Rig(players=ROSTER)
    try:
        rig.open_game("any_dice")
        rig.keys("ok")                                     # the first common set: d6
        rig.keys("roll")
        switch(rig, "ja")
        assert "長押し:入力" in rig.text
        rig.keys("roll", "right")
        assert len(rig.app.session.state.rolls) == 2 and "d6の合計" in rig.text
        switch(rig, "en")
        assert "d6 totals" in rig.text
    finally:
        rig.close()


def test_turn_timer_switches_mid_game_and_carries_on() -> None:
    now = [1_700_000_000.0]
    rig = Rig(players=ROSTER, wall_clock=lambda: now[0], clock=lambda: now[0])
    try:
        rig.open_game("turn_timer")
        rig.keys("up", "ok")                               # Start, three players
        rig.keys("ok")                                     # the clocks start
        now[0] += 30
        switch(rig, "ja")
        assert "1手目" in rig.text and "OK次へ" in rig.text and "0:30" in rig.text
        rig.keys("ok")                                     # pass the turn, in Japanese
        assert rig.app.session.state.turn == 2 and "2手目" in rig.text
        rig.keys("back")                                   # pause
        assert "一時停止" in rig.text
        rig.app.play({"type": "pass", "at": now[0]})       # refused by the rules ...
        assert rig.app.message is not None                 # ... in the game's own words
        assert rig.app.message.startswith("時計が一時停止中です。")
    finally:
        rig.close()


def test_high_card_plugin_switches_mid_game_and_carries_on() -> None:
    rig = Rig(players=ROSTER)
    try:
        rig.open_game("high_card")
        rig.keys("up", "ok")                               # Start, two players
        rig.keys("ok", "ok")                               # a draw each
        switch(rig, "ja")
        assert "ハイカード" in rig.text and "OK:引く" in rig.text
        rig.keys("ok")
        assert len(rig.app.session.state.drawn) + 2 * rig.app.session.state.played == 3
    finally:
        rig.close()


def test_a_plugin_finds_its_own_catalogue() -> None:
    i18n.use("ja")
    gettext, ngettext = i18n.translator("companion_high_card.screens")
    assert gettext("High card") == "ハイカード"
    assert ngettext("{n} round", "{n} rounds", 5).format(n=5) == "5ラウンド"
    assert gettext("Settings") == "設定"                  # the core's catalogue behind it


def _translations_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("translations", ROOT / "tools" /
                                                  "translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("package", [
    "companion/games/score_pad", "companion/games/any_dice", "companion/games/turn_timer",
    "examples/high_card/companion_high_card"])
def test_these_catalogues_translate_everything(package: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    tool = _translations_tool()
    assert package in [str(p.relative_to(ROOT)) for p in tool.packages()]
    assert tool.main(["--check", "--package", str(ROOT / package)]) == 0
    assert capsys.readouterr().out == ""


def test_config_and_notation_errors_keep_their_values_apart() -> None:
    with pytest.raises(ConfigError) as err:
        config.load_text('[[dice]]\nname = "x"\nroll = "2d6+"')
    assert str(err.value) == "dice[1].roll: a '+' with no die after it; write NdS such as " \
                             "3d6 or 2d6+d20."
    assert err.value.template == "{key}: {why}" and err.value.params["key"] == "dice[1].roll"
    assert isinstance(err.value.params["why"], NotationError)
    with pytest.raises(NotationError) as bad:
        parse("3d1")
    assert bad.value.params == {"term": "3d1", "low": 2, "high": 1000, "sides": 1}


def _core_has(msgid: str) -> bool:
    i18n.use("ja")
    try:
        return i18n._(msgid) != msgid
    finally:
        i18n.use("en")


PENDING = pytest.mark.xfail(
    not _core_has("cannot roll {spec!r}: {why}"), strict=True,
    reason="the Japanese of the config and roll-notation messages waits in "
           "notes/core-ja-ja-four.txt for the lead to merge into the core catalogue")


@PENDING
def test_a_config_error_reads_japanese_reason_and_all() -> None:
    with pytest.raises(ConfigError) as err:
        config.load_text('[[dice]]\nname = "x"\nroll = "2d6+"')
    i18n.use("ja")
    assert err.value.translated(i18n._) == "dice[1].roll: 「+」の後にサイコロがありません。" \
                                           "3d6 や 2d6+d20 のように NdS で書いてください。"


@PENDING
def test_companion_roll_says_what_is_wrong_in_japanese() -> None:
    env = {**os.environ, "LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
           "XDG_CONFIG_HOME": str(ROOT / "tests" / "no-such-config-dir")}
    proc = subprocess.run([sys.executable, "-m", "companion", "roll", "2d6+"],
                          capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr == "companion: '2d6+' は振れません: 「+」の後にサイコロがありません。" \
                          "3d6 や 2d6+d20 のように NdS で書いてください。\n"
