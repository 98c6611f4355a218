"""Guards the Brain Robbery move when every pawn runs behind a one-car train: the move screen
offers no "Stop" (there is nowhere to stop before a new car), opens on "New car", and the
new car and the move reach the log (reviewers' crash: "Stop: end move" → IndexError)."""

from __future__ import annotations

from companion.games.brain_robbery import rules
from companion.testing import Rig


def behind_a_one_car_train(rig: Rig) -> None:
    """Ann, Bob, Cy; Ann's decoupling leaves only 4B; Bob rolls his move, behind it."""
    app = rig.app
    app.start_game("brain_robbery", {"players": ["Ann", "Bob", "Cy"], "starts": "Ann",
                                     "first": 0})
    for action in [{"type": "setup", "first": 0, "board": 2, "side": "A"},
                   {"type": "move_roll", "dice": [3]},
                   {"type": "new_car", "board": 3, "side": "A"},
                   {"type": "new_car", "board": 4, "side": "B"},
                   # 1 < 4, 1 < 3, 1 < 2 uncouple three cars; everyone is behind 4B
                   {"type": "move", "car": 3, "checks": [1, 1, 1, 1]},
                   {"type": "end_turn"},
                   {"type": "move_roll", "dice": [5, 1]}]:
        assert app.play(action) is not None, action
    state = app.session.state
    assert [c.label for c in state.train] == ["4B"] and state.mover.car is None
    app.show_game()
    app.redraw()


def test_nowhere_to_stop_behind_a_one_car_train() -> None:
    rig = Rig()
    try:
        behind_a_one_car_train(rig)
        assert "New car" in rig.text and "Stop" not in rig.text
        for _ in range(3):  # UP/DOWN never reach a "Stop"
            rig.keys("down")
            assert "Stop" not in rig.text and "wrong" not in rig.text
        while "New car" not in rig.text:
            rig.keys("down")
        rig.keys("ok")  # New car: the box draws it and shows it
        s = rig.app.session.state
        log = rig.store.actions(rig.app.session.game_id)
        assert log[-1]["type"] == "new_car" and len(s.train) == 2
        rig.keys("ok")  # past the reveal, back on the move screen: "Stop" first
        assert "Stop: end move" in rig.text
        rig.keys("ok")
        assert "Stop on" in rig.text
        rig.keys("ok")  # stop on the car behind the new one, the box rolls the check
        log = rig.store.actions(rig.app.session.game_id)
        assert log[-1]["type"] == "move" and log[-1]["car"] == 4 and log[-1]["checks"]
        assert "wrong" not in rig.text
    finally:
        rig.close()


def test_the_rules_refuse_the_front_car_before_a_new_one() -> None:
    rig = Rig()
    try:
        behind_a_one_car_train(rig)
        assert rules.stops(rig.app.session.state) == ()
        assert rig.app.play({"type": "move", "car": 4, "checks": []}) is None
        assert rig.store.actions(rig.app.session.game_id)[-1]["type"] == "move_roll"
    finally:
        rig.close()
