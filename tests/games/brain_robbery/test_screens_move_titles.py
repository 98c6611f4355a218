"""Guards Brain Robbery's titles that name the mover with an ordinary Japanese name: the
move screen's (「山田はなこの番」, "山田はなこ moves"), the dice entry's ("Move: 山田はなこ",
「山田はなこの移動」) and the attack list's ("山田はなこ attacks") are drawn whole in both
languages, in any round; the round or car beside them goes where it does not fit — found
cut by tests/whole_box/test_deep_play.py."""

from __future__ import annotations

import pytest

from companion.testing import Rig
from tests.games.brain_robbery.test_screens_fight_picker import open_attack_list

NAMES = ["山田はなこ", "佐藤太郎", "Cy"]


def moving(language: str, rounds: int) -> Rig:
    """山田はなこ to move, in round ``rounds`` (every seat passes the rounds before)."""
    rig = Rig(players=tuple(NAMES))
    rig.app.change_setting("language", language)
    rig.app.start_game("brain_robbery", {"players": NAMES, "starts": NAMES[0], "first": 0})
    assert rig.app.play({"type": "setup", "first": 0, "board": 2, "side": "A"}) is not None
    for _ in range((rounds - 1) * len(NAMES)):
        for action in [{"type": "move_roll", "dice": [1]},
                       {"type": "move", "car": 1, "break": False, "checks": []},
                       {"type": "end_turn"}]:
            assert rig.app.play(action) is not None, action
    rig.app.show_game()
    rig.keys("roll")  # the move dice: the move screen
    return rig


def whole(rig: Rig) -> None:
    painter = rig.app.painter
    assert painter.cut == [] and not [d.text for d in painter.drawn if d.overflows()], \
        painter.cut


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("rounds", [1, 10])
def test_the_move_screen_names_the_mover_whole(language: str, rounds: int) -> None:
    rig = moving(language, rounds)
    try:
        assert rig.app.session.state.round == rounds
        title = rig.app.texts[0]
        assert title.startswith("山田はなこ"), rig.app.texts
        whole(rig)
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_move_dice_entry_names_the_mover_whole(language: str) -> None:
    rig = moving(language, 1)
    try:
        rig.keys("long back")  # take the roll back (round 1's first action: it asks)
        if rig.app.question is not None:
            rig.keys("ok")
        rig.keys("long roll")  # type the dice in instead
        assert any("山田はなこ" in t for t in rig.app.texts[:1]), rig.app.texts
        whole(rig)
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_attack_list_names_the_attacker_whole(language: str) -> None:
    rig = Rig(players=tuple(NAMES))
    try:
        open_attack_list(rig, language, NAMES)
        assert rig.app.texts[0].startswith("山田はなこ"), rig.app.texts
        whole(rig)
    finally:
        rig.close()
