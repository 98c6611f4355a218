"""Guards Brain Robbery before the train is dealt: LEFT on the deal screen opens no players
list (no hands or brains to enter at "round 0"), and a rule's refusal names actions in the
game's words (「手札」, 「準備」), never the log's types ('set_hand')."""

from __future__ import annotations

from companion.testing import Rig

PLAYERS = ("Ann", "Bob", "Cy")


def deal_screen(rig: Rig) -> None:
    rig.app.start_game("brain_robbery", {"players": list(PLAYERS), "starts": "Ann",
                                         "first": 0})
    rig.app.show_game()
    rig.app.redraw()
    assert "deal" in rig.text


def test_left_on_the_deal_screen_stays_on_the_deal() -> None:
    rig = Rig(players=PLAYERS)
    try:
        deal_screen(rig)
        before = rig.text
        rig.keys("left")
        assert rig.text == before and "round 0" not in rig.text
        rig.keys("ok")  # the deal goes on as before
        log = rig.store.actions(rig.app.session.game_id)
        assert [a["type"] for a in log] == ["setup"]
    finally:
        rig.close()


def test_a_refusal_before_the_deal_names_actions_in_words() -> None:
    rig = Rig(players=PLAYERS)
    try:
        deal_screen(rig)
        rig.app.play({"type": "set_hand", "player": "Ann", "cards": 1})
        rig.app.redraw()
        assert "'hand' is not possible" not in rig.text
        said = rig.text.replace(" | ", "")
        assert "hand is not possible" in said and "allowed: setup." in said
        assert "set_hand" not in said
        rig.keys("ok")  # the message goes
        rig.app.change_setting("language", "ja")
        rig.app.play({"type": "set_brain", "player": "Ann", "brain": None})
        rig.app.redraw()
        said = rig.text.replace(" | ", "")
        assert "いまは「ブレイン」の入力はできません。いまできるのは「準備」です。" in said
        assert "set_brain" not in said and "setup" not in said
    finally:
        rig.close()
