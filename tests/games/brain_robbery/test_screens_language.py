"""Guards The Great Brain Robbery in Japanese: switching the language mid-turn redraws the
screen at once in the rule translation's words, refusals are explained in Japanese with
their values, and the game carries on."""

from __future__ import annotations

from companion.testing import Rig

PLAYERS = ["Ann", "Bob", "Cy"]


def dealt(rig: Rig) -> None:
    rig.app.start_game("brain_robbery", {"players": PLAYERS, "starts": "Ann", "first": 0})
    rig.app.play({"type": "setup", "first": 0, "board": 4, "side": "B"})
    rig.app.show_game()
    rig.app.redraw()


def test_switching_to_japanese_mid_turn_keeps_the_game_going() -> None:
    rig = Rig(players=tuple(PLAYERS))
    try:
        dealt(rig)
        rig.app.play({"type": "set_brain", "player": "Ann", "brain": {"run": 1, "hit": 2,
                                                                     "iq": 5}})
        rig.app.redraw()
        assert "round 1" in rig.text and "2 dice +1" in rig.text
        game_id = rig.app.session.game_id

        rig.app.change_setting("language", "ja")
        rig.app.redraw()
        assert "1巡目" in rig.text and "2個 +1" in rig.text and "乗務員車両" in rig.text

        rig.keys("roll")                                  # the move goes on, in Japanese
        state = rig.app.session.state
        assert state.phase == "moving" and rig.app.session.game_id == game_id
        assert "Annの番" in rig.text and "停止: 移動終了" in rig.text
        rig.keys("right")                                 # the train
        assert "列車 2両" in rig.text and "山6" in rig.text
        rig.keys("back", "ok", "ok")                      # stop where the pawn stands
        assert rig.app.session.state.phase == "after_move"
        assert "ターン終了" in rig.text

        rig.app.change_setting("language", "en")
        rig.app.redraw()
        assert "End turn" in rig.text
    finally:
        rig.close()


def test_a_refusal_is_translated_with_its_values() -> None:
    rig = Rig(players=tuple(PLAYERS))
    try:
        dealt(rig)
        rig.app.change_setting("language", "ja")
        rig.app.play({"type": "discard", "player": "Bob", "cards": 3})
        rig.app.redraw()
        assert "Bobの手札は1枚だけです。" in rig.text.replace(" | ", "")
    finally:
        rig.close()
