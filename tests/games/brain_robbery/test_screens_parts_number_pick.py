"""Guards Brain Robbery's number picker (a card's Hit in a fight, a Run card) in Japanese
with an ordinary name: its title 「山田はなこの捨て札」 and its key help
「<> 変更  OK 追加  BACK 戻る」 are drawn whole (「山田はなこがカードを破棄」 and
「… BACK やめる」 were cut; found by tests/whole_box/test_deep_play.py)."""

from __future__ import annotations

from companion.testing import Rig

NAMES = ["山田はなこ", "佐藤太郎", "Cy"]


def test_a_fighters_card_is_picked_on_a_whole_screen() -> None:
    rig = Rig(players=tuple(NAMES))
    try:
        rig.app.change_setting("language", "ja")
        rig.app.start_game("brain_robbery", {"players": NAMES, "starts": NAMES[0], "first": 0})
        for action in [{"type": "setup", "first": 0, "board": 2, "side": "A"},
                       {"type": "move_roll", "dice": [1]},
                       {"type": "move", "car": 1, "break": False, "checks": []},
                       {"type": "set_hand", "player": "山田はなこ", "cards": 2},
                       {"type": "fight", "fighters": ["佐藤太郎"],
                        "dice": {"山田はなこ": [], "佐藤太郎": [4]}}]:
            assert rig.app.play(action) is not None, action
        rig.app.show_game()
        rig.keys("ok")  # the first action: +Hit for 山田はなこ, who holds cards
        assert rig.app.texts[0] == "山田はなこの捨て札", rig.app.texts
        painter = rig.app.painter
        assert painter.cut == [] and not [d.text for d in painter.drawn if d.overflows()], \
            painter.cut
        rig.keys("right", "ok")  # a Hit of 2 is played
        assert rig.app.session.actions[-1] == {"type": "hit_card", "player": "山田はなこ",
                                               "hit": 2}
    finally:
        rig.close()
