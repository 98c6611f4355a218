"""Guards Brikks in Japanese: switching the language mid-game redraws the turn at once in
the rulebook's words, a refused move is explained in Japanese, and the game carries on."""

from __future__ import annotations

from companion.games.brikks import rules
from companion.testing import Rig


def test_switching_to_japanese_mid_game_keeps_the_game_going() -> None:
    rig = Rig(players=("Ann", "Ben"))
    try:
        rig.app.start_game("brikks", {"players": ["Ann", "Ben"]})
        rig.app.play({"type": "start_block", "player": 1, "colour": "black"})
        rig.app.play({"type": "start_block", "player": 0, "colour": "red"})
        rig.app.show_game()
        rig.keys("roll")
        game_id, rolls = rig.app.session.game_id, rig.app.session.state.rolls
        last = rolls[-1]
        assert f"col {last.number}" in rig.text

        rig.app.change_setting("language", "ja")
        rig.app.redraw()
        assert f"{last.number}列" in rig.text and "振り直し:↑" in rig.text
        assert {"white": "白", "yellow": "黄", "green": "緑", "red": "赤", "blue": "青",
                "black": "黒"}[last.colour] in rig.app.texts

        rig.keys("up", "up")                              # a second reroll is refused ...
        assert "振り直しは1手番に1度" in rig.text.replace(" | ", "")  # in Japanese (wrapped)
        rig.keys("ok", "roll")                            # the notice closes; Ben rolls
        state = rig.app.session.state
        assert rig.app.session.game_id == game_id and state.rolls[:len(rolls)] == rolls
        assert len(state.rolls) == len(rolls) + 2 and state.active == "Ben"

        rig.app.change_setting("language", "en")          # and back, still the same game
        rig.app.redraw()
        assert "ROLL" in rig.text and "列" not in rig.text
        assert rules.current_block(rig.app.session.state) is not None
    finally:
        rig.close()


def test_a_rule_refusal_is_translated_with_its_values() -> None:
    rig = Rig(players=("Ann", "Ben"))
    try:
        rig.app.change_setting("language", "ja")
        rig.app.start_game("brikks", {"players": ["Ann", "Ben"]})
        rig.app.play({"type": "start_block", "player": 0, "colour": "red"})
        rig.app.redraw()
        assert "いまスタートブロックを選ぶのはBenです。" in rig.text.replace(" | ", "")
    finally:
        rig.close()
