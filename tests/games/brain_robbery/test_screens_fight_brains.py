"""The brains screen after a won fight says who picks, by the name the table calls
them, or, where that name would be cut, what the screen is for (issue 35's review:
「山田 一郎が決め」 was cut; 「ブレインの行き先」)."""

from __future__ import annotations

import pytest

from companion.testing import Rig


def brains_after_a_fight(rig: Rig, a: str, b: str, c: str) -> None:
    """``a`` wins a fight between ``b`` and ``c``; then the Brains action, by keys."""
    app = rig.app
    app.start_game("brain_robbery", {"players": [a, b, c], "starts": a, "first": 0})
    app.play({"type": "setup", "first": 0, "board": 4, "side": "B"})
    app.show_game()
    for name, run, hit, iq in ((a, 0, 1, 5), (b, 1, 1, 9), (c, 2, 0, 14)):
        app.play({"type": "set_brain", "player": name,
                  "brain": {"run": run, "hit": hit, "iq": iq}})
    app.play({"type": "move_roll", "dice": [1, 2]})
    app.play({"type": "move", "car": 1})
    app.play({"type": "fight", "fighters": [b, c],
              "dice": {a: [6, 5], b: [1, 2], c: [3, 1]}})
    app.play({"type": "end_fight"})
    rig.keys("down", "down", "down", "ok")  # the 4th action after a won fight: Brains


@pytest.mark.parametrize("names, title, right, row", [
    (("山田 一郎", "健太", "ゆい"), "ブレインの行き先", "R0H1", "健太 IQ9 > 健太"),
    (("山田 一郎", "山田 花子", "ゆい"), "一郎が決める", "R0 H1", "花子 IQ9 > 花子"),
])
def test_the_title_names_the_picker_only_whole(names: tuple[str, ...], title: str,
                                               right: str, row: str) -> None:
    rig = Rig(players=names, language="ja")
    try:
        brains_after_a_fight(rig, *names)
        assert rig.app.texts[:2] == [title, right]
        assert any(t.endswith(row) for t in rig.app.texts)
        assert not [f for f in rig.faults() if title in f or "決め" in f]
    finally:
        rig.close()


def test_english_keeps_the_pickers_name() -> None:
    rig = Rig(players=("Ann", "Bob", "Cy"))
    try:
        brains_after_a_fight(rig, "Ann", "Bob", "Cy")
        assert rig.app.texts[:2] == ["Ann's pick", "R0 H1"]
        rig.keys("right")  # Ann's brain goes to Bob's head, then the discard
        assert any(t.endswith("Ann IQ5 > Bob") for t in rig.app.texts)
    finally:
        rig.close()
