"""Guards High card's screen on the box's mock pins: with five or six players the one
to draw is on screen, and no text is cut in either language (companion.testing)."""

from companion.testing import Rig, walk


def test_the_player_to_draw_is_shown_with_six_players():
    rig = Rig(players=("Ann", "Bob", "Cy", "Dee", "Eve", "Finn"))
    try:
        rig.app.start_game("high_card", {"players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Finn"],
                                         "rounds": 3})
        rig.keys("ok", "ok", "ok", "ok")  # Ann to Dee draw: Eve is next
        assert "Eve | ?" in rig.text
        rig.keys("ok")
        assert "Finn | ?" in rig.text and rig.faults() == []
        rig.keys("ok")  # the round is over: Ann draws first again
        assert "Ann | ?" in rig.text
    finally:
        rig.close()


def test_no_text_is_cut_in_either_language():
    assert walk("high_card") == []
    assert walk("high_card", language="ja") == []
