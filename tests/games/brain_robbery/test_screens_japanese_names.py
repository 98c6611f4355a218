"""Guards Brain Robbery's screens with ordinary Japanese names (山田はなこ, 佐藤太郎): the
turn card, the edit screen, the players list and the Stop screen on a Break cut nothing
(no 「エンジンで停」, 「ブレイン: ブレインな」, 「山田はな乗務員車両」); names, the brain's
values and the number of dice stay 12 px; "R" means only Run (the round is 「1巡目」) and
XP reads 経験値 on every screen."""

from __future__ import annotations

from companion.games.brain_robbery import rules
from companion.testing import Rig

NAMES = ["山田はなこ", "佐藤太郎", "Cy"]


def fonts(rig: Rig) -> dict[str, str]:
    return {d.text: d.font for d in rig.app.painter.drawn}


def dealt_in_japanese() -> Rig:
    rig = Rig(players=tuple(NAMES))
    rig.app.change_setting("language", "ja")
    rig.app.start_game("brain_robbery", {"players": NAMES, "starts": NAMES[0], "first": 0})
    for action in [{"type": "setup", "first": 0, "board": 2, "side": "A"},
                   {"type": "set_brain", "player": NAMES[0],
                    "brain": {"run": -1, "hit": -1, "iq": 10}},
                   {"type": "set_xp", "player": NAMES[0], "xp": 10}]:
        assert rig.app.play(action) is not None
    rig.app.show_game()
    rig.app.redraw()
    return rig


def test_the_turn_card_reads_its_dice_in_12_px_and_r_is_only_run() -> None:
    rig = dealt_in_japanese()
    try:
        drawn = fonts(rig)
        assert drawn["2個 -1"] == "text"  # the number of dice, from the mover's seat
        assert drawn["R-1 H-1 IQ10"] == drawn["経験値 10"] == "text"
        assert drawn["1巡目"] == "text" and "第1R" not in rig.text
        assert not rig.app.painter.cut
    finally:
        rig.close()


def test_the_edit_screen_keeps_the_brains_values() -> None:
    rig = dealt_in_japanese()
    try:
        rig.keys("ok")  # edit the mover
        assert "R-1 H-1 IQ10" in rig.text and not rig.app.painter.cut
        rig.app.play({"type": "set_brain", "player": NAMES[0], "brain": None})
        rig.app.redraw()
        assert "ブレインなし" in rig.text and not rig.app.painter.cut
    finally:
        rig.close()


def test_the_players_list_keeps_five_character_names_apart_from_their_car() -> None:
    rig = dealt_in_japanese()
    try:
        rig.keys("left")
        drawn = fonts(rig)
        rows = [t for t in drawn if t.startswith(("山田はなこ", "佐藤太郎"))]
        assert len(rows) == 2 and all(drawn[t] == "text" for t in rows)
        assert all(" " in t.split("乗務員")[0] for t in rows)  # a gap before the car
        assert drawn["手札 1  経験値 10"] == drawn["R-1 H-1 IQ10"] == "text"
        assert "XP" not in rig.text and not rig.app.painter.cut
    finally:
        rig.close()


def test_stopping_on_a_break_names_the_engine_uncut() -> None:
    rig = dealt_in_japanese()
    app = rig.app
    try:
        for action in [{"type": "move_roll"}, {"type": "new_car", "board": 3, "side": "A"},
                       {"type": "move", "car": 2, "checks": [1, 6]}, {"type": "end_turn"},
                       {"type": "move_roll"}, {"type": "new_car", "board": 1, "side": "A"}]:
            if action["type"] == "move_roll":
                action = {**action, "dice": [3] * rules.dice_needed(app.session.state)}
            assert app.play(action) is not None, action
        app.show_game()
        rig.keys("ok", "right", "right")  # Stop, walk to the Engine
        assert "エンジンで停止" in rig.text and not app.painter.cut
        rig.keys("up")  # a Break space
        assert "エンジン" in rig.text and "ブレイク" in rig.text and not app.painter.cut
        rig.keys("ok")
        assert rig.store.actions(app.session.game_id)[-1]["break"] is True
    finally:
        rig.close()
