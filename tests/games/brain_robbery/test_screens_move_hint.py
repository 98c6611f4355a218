"""Guards Brain Robbery's move screen once Run cards are played: its key help line
("run -2 cards +12 >train", 「Run-2 カード+12 ^v OK >列車」) is drawn whole in both
languages, never cut at the screen's edge — found by the deep monkey
(tests/whole_box/test_deep_play.py) in English with one card played."""

from __future__ import annotations

import pytest

from companion.testing import Rig

NAMES = ["Ann", "Ben", "Cy"]


def moving_with_cards(language: str, runs: list[int], brain_run: int) -> Rig:
    rig = Rig(players=tuple(NAMES))
    rig.app.change_setting("language", language)
    rig.app.start_game("brain_robbery", {"players": NAMES, "starts": NAMES[0], "first": 0})
    for action in [{"type": "setup", "first": 0, "board": 2, "side": "A"},
                   {"type": "set_brain", "player": "Ann",
                    "brain": {"run": brain_run, "hit": 0, "iq": 5}},
                   {"type": "set_hand", "player": "Ann", "cards": 5},
                   {"type": "move_roll", "dice": [3, 4]},
                   *({"type": "run_card", "run": r} for r in runs)]:
        assert rig.app.play(action) is not None, action
    rig.app.show_game()
    rig.keys("down", "up")  # the move screen, drawn after keys as at the table
    return rig


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(("runs", "brain_run"), [([1], 0), ([4, 4, 4], -2)])
def test_the_move_hint_is_whole_with_cards_played(language: str, runs: list[int],
                                                  brain_run: int) -> None:
    rig = moving_with_cards(language, runs, brain_run)
    try:
        painter = rig.app.painter
        line = next(d for d in painter.drawn if d.xy[1] >= 52)  # the hint line (12 px in ja)
        assert f"{sum(runs):+d}" in line.text, line.text
        assert painter.cut == [] and not line.overflows(), (painter.cut, line.text)
    finally:
        rig.close()
