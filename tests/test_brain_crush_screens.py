"""Guards the Brain Crush screens on mock pins: sets, a refused duplicate, misses, round totals."""

from __future__ import annotations

from companion.catalogue import position
from companion.games.brain_crush import rules as bc
from companion.testing import Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Ann", "Ben", "Cleo", "Dan")


def open_setup(rig: Rig) -> None:
    rig.keys("ok", *["down"] * position("brain_crush"), "ok")
    assert "Brain Crush" in rig.text and "setup" in rig.text


def start_three(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left")  # Players: 3
    rig.keys("ok", "ok")
    assert rig.app.session.options == {"players": ["Ann", "Ben", "Cleo"], "first": 0}


def test_a_round_with_a_refused_duplicate_set_to_its_totals(rig: Rig) -> None:
    start_three(rig)
    assert "Round 1/3" in rig.text and "1st Ann" in rig.text and "starts" in rig.text
    rig.keys("ok")  # Ann took a set: the picker opens on Yellow, three 5s
    assert "Set for Ann" in rig.text and "+15" in rig.text
    rig.keys("ok")
    assert bc.round_points(rig.app.session.state) == (15, 0, 0)
    assert "Ben" in rig.app.texts and "to play" in rig.text
    rig.keys("right")  # Ben: no set
    assert rig.app.session.state.to_play == 2
    rig.keys("ok", "ok")  # Cleo claims Yellow's 5s again: refused
    assert "Yellow has already | given its 5 set this | round." in rig.text
    assert bc.round_points(rig.app.session.state) == (15, 0, 0)
    rig.keys("back")  # closes the message; the picker is still there
    assert "Set for Cleo" in rig.text
    rig.keys("up", "right", "ok")  # Green 10-1-1
    assert bc.round_points(rig.app.session.state) == (15, 0, 12)
    rig.keys("ok", "down", "down", "left", "ok")  # Ann: Blue 2s
    rig.keys("long back")  # taken back
    assert "Undone: take" in rig.text  # a band: nothing to close
    assert bc.round_points(rig.app.session.state) == (15, 0, 12)
    assert rig.app.session.state.to_play == 0
    rig.keys("ok", "down", "ok")  # Ann: Yellow 3s
    assert bc.round_points(rig.app.session.state) == (24, 0, 12)
    rig.keys("long ok")  # every piece is face up
    assert "Sure?" in rig.text
    rig.keys("ok")
    state = rig.app.session.state
    assert state.scores == ((24, 0, 12),) and state.round == 2 and state.to_play == 1
    assert "Round 1" in rig.text and "round total" in rig.text
    assert "Ben starts round 2" in rig.text
    rig.keys("ok")
    assert "Round 2/3" in rig.text and "1st Ben" in rig.text
    # only the sets the players named are stored, never the face-down board
    actions = rig.store.actions(rig.app.session.game_id)
    assert {a["type"] for a in actions} == {"take", "miss", "end_round"}
    assert all(set(a) <= {"type", "colour", "kind"} for a in actions)


def test_three_rounds_rotate_the_start_to_the_result(rig: Rig) -> None:
    start_three(rig)
    for starter in ("Ann", "Ben", "Cleo"):
        assert f"1st {starter}" in rig.text
        rig.keys("ok", "ok", "long ok", "ok")
        rig.keys("ok")
    assert bc.is_over(rig.app.session.state)
    assert "Game over" in rig.text and "Tie" in rig.text and "15" in rig.app.texts
    assert rig.store.history()[0].result["winners"] == ["Ann", "Ben", "Cleo"]


def test_a_random_first_player_is_drawn_and_logged(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("down", "down", "down", "down", "down", "right")  # Starts: random
    assert "Starts: random" in rig.text
    rig.keys("ok", "ok")
    first = rig.app.session.options["first"]
    assert 0 <= first < 4
    assert f"1st {rig.app.session.state.players[first]}" in rig.text


def test_main_screen_golden(rig: Rig, golden) -> None:
    start_three(rig)
    rig.keys("ok", "ok", "right", "ok", "up", "right", "ok")
    golden("brain_crush-turn", rig.frame)
    rig.keys("ok", "down", "down")
    golden("brain_crush-set", rig.frame)
