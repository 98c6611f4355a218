"""Guards High card's screen on the box's mock pins (companion.testing, as
docs/writing-a-game.md shows): a round and its undo, the player to draw on screen with
five or six players, and no text cut in either language."""

from companion.testing import Rig, walk


def test_a_round():
    rig = Rig(players=("Ann", "Bob"))        # language="ja" speaks Japanese
    try:
        rig.open_game("high_card")           # start menu → New game → High card
        rig.keys("up", "ok")                 # the setup's Start, then play
        rig.keys("ok", "ok")
        assert "took it" in rig.text and rig.faults() == []
        rig.keys("long back")                # hold BACK: undo
        assert "Undone: card drawn" in rig.text
    finally:
        rig.close()


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


def test_no_text_is_cut():
    assert walk("high_card") == [] and walk("high_card", language="ja") == []
