"""Guards that a game package's refusal reaches a Japanese box in its own catalogue's
words: options its new_game() refuses at the setup's Start (they were shown in English,
the template untranslated), and a game the box cannot open."""

from __future__ import annotations

from pathlib import Path

from companion.testing import Rig
from tests.plugin_package import KEY, plugin  # noqa: F401  (a fixture)


def test_options_refused_at_start_are_in_the_games_words(plugin: Path) -> None:  # noqa: F811
    rules = plugin / "rules.py"
    rules.write_text(rules.read_text().replace('options.get("dice", 2)', 'options.get("dice", 9)'))
    rig = Rig(players=("Ann", "Bob"), language="ja")
    try:
        rig.open_game(KEY)
        rig.keys("up", "ok")  # 開始 (Start)
        assert rig.app.message == "ダイス数は1から5です。"
        assert rig.app.session is None  # nothing started, nothing logged
    finally:
        rig.close()


def test_a_game_that_cannot_be_opened_says_so_in_japanese(plugin: Path) -> None:  # noqa: F811
    screens = plugin / "screens.py"
    screens.write_text(screens.read_text().replace("def play_screen(", "def _play_screen("))
    rig = Rig(players=("Ann", "Bob"), language="ja")
    try:
        rig.open_game(KEY)
        assert rig.app.message is not None and rig.app.message.startswith(f"{KEY} は遊べません: ")
    finally:
        rig.close()


def test_a_player_count_the_game_does_not_take_is_said_in_japanese(plugin: Path) -> None:  # noqa: F811
    """A setup offering more seats than the rules take: players_from's refusal, a
    template the catalogues translate (the fixture's has it; it was an f-string)."""
    screens = plugin / "screens.py"
    screens.write_text(screens.read_text().replace("high=GAME.max_players", "high=8"))
    rig = Rig(players=("Ann", "Bob"), language="ja")
    try:
        rig.open_game(KEY)
        rig.keys(*["left"] * 1)  # プレイヤー: 2 → 8 (wrapping round)
        rig.keys("up", "ok")  # 開始 (Start)
        assert rig.app.message == "このゲームは2–6人で遊びます。8人ではありません。"
    finally:
        rig.close()
