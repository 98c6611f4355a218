"""The board-setup summary a table reads before the first turn (issue 35's review): the
rulebook's terms in Japanese (塔駒(大), 塔駒(小), 得点トークン), and with four players,
where no hint line is left, the DOWN key to the full sentences is still named."""

from __future__ import annotations

import pytest

from companion.testing import Rig

FAMILY = ("山田 一郎", "山田 花子", "健太", "ゆい")


def board_for(rig: Rig, players: int) -> None:
    rig.open_game("genial")
    rig.keys(*["right"] * (players - 2), "ok", "ok")  # the count row; OK jumps to Start


@pytest.mark.parametrize("players, large, small, tokens",
                         [(2, "6｢2｣", "10個", "16"), (3, "8｢3｣", "12個", "20"),
                          (4, "10｢4｣", "14個", "24")])
def test_the_summary_uses_the_rulebooks_terms(players: int, large: str, small: str,
                                              tokens: str) -> None:
    rig = Rig(players=FAMILY, language="ja")
    try:
        board_for(rig, players)
        texts = rig.app.texts
        assert f"塔駒(大){large}" in texts and f"塔駒(小){small}" in texts
        assert f"得点トークン{tokens}" in texts
        assert not rig.faults()
    finally:
        rig.close()


@pytest.mark.parametrize("language, keys", [("en", "OK=go DN=more"), ("ja", "OK=開始 ↓詳細")])
def test_four_players_still_name_the_down_key(language: str, keys: str) -> None:
    rig = Rig(players=FAMILY, language=language)
    try:
        board_for(rig, 4)
        assert keys in rig.app.texts
        rig.keys("down")  # what the hint names: the full sentences
        details = "10 large on spaces 4" if language == "en" else "塔駒(大)10個を「4」の | マスへ"
        assert details in rig.text
        rig.keys("ok")
        assert rig.app.session is not None and rig.app.session.key == "genial"
    finally:
        rig.close()
