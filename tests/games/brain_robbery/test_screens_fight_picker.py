"""Guards Brain Robbery's "who do you attack" list with ordinary Japanese names: each row
(「[x] 山田はなこ 1個」) is drawn whole beside the list's arrow, not cut after the name
(「[x] 山田はなこ ダイス1」 ran past the edge; found by tests/whole_box/test_deep_play.py)."""

from __future__ import annotations

import pytest

from companion.testing import Rig

NAMES = ["Cy", "山田はなこ", "佐藤太郎"]


def open_attack_list(rig: Rig, language: str, names: list[str]) -> None:
    """``names[0]``'s seat moves one car on board 2 and opens the after-move Fight!"""
    rig.app.change_setting("language", language)
    rig.app.start_game("brain_robbery", {"players": names, "starts": names[0], "first": 0})
    for action in [{"type": "setup", "first": 0, "board": 2, "side": "A"},
                   {"type": "move_roll", "dice": [1]},
                   {"type": "move", "car": 1, "break": False, "checks": []}]:
        assert rig.app.play(action) is not None, action
    rig.app.show_game()
    fight = "戦闘!" if language == "ja" else "Fight!"
    for _ in range(5):
        if any(fight in t for t in rig.app.texts):
            break
        rig.keys("down")  # the after-move actions, to Fight!
        assert len(rig.app.session.actions) == 3  # nothing played on the way
    assert any(fight in t for t in rig.app.texts), rig.app.texts
    rig.keys("ok")


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_attack_list_keeps_names_and_dice_whole(language: str) -> None:
    rig = Rig(players=tuple(NAMES))
    try:
        open_attack_list(rig, language, NAMES)
        rows = [t for t in rig.app.texts if t.startswith(("[x]", "[ ]"))]
        assert len(rows) == 2 and any("山田はなこ" in r for r in rows), rig.app.texts
        assert rig.app.painter.cut == [], rig.app.painter.cut
        assert not [d.text for d in rig.app.painter.drawn if d.overflows()]
    finally:
        rig.close()
