"""With four players the score table has no hint line, so the points a turn loses to
the cap of 20 were shown only after OK (the review: 「4人では上限で失う点がOKの前に
出ない」). They now take the round's place in the title bar while the turn is entered."""

from __future__ import annotations

import pytest

from companion.testing import Rig

FAMILY = ("山田 一郎", "山田 花子", "健太", "ゆい")


@pytest.mark.parametrize("language, corner, round_", [("en", "cap-3", "R2/20"),
                                                       ("ja", "上限-3", "R2/20")])
def test_the_loss_shows_before_ok(language: str, corner: str, round_: str) -> None:
    rig = Rig(players=FAMILY, language=language)
    try:
        rig.app.start_game("genial", {"players": list(FAMILY), "first": 0})
        rig.app.play({"type": "turn", "points": {"orange": 18}})
        for _seat in range(3):
            rig.app.play({"type": "turn", "points": {"blue": 1}})
        rig.app.show_game()
        rig.app.render()
        assert round_ in rig.app.texts
        rig.keys("up", "up", "up")                    # 18 + 3 orange: one over
        assert corner.replace("3", "1") in rig.app.texts
        rig.keys("long ok", "long ok")                # two large towers: +2 all
        assert corner in rig.app.texts and round_ not in rig.app.texts
        assert not rig.faults()
        rig.keys("ok")
        assert rig.app.session.state.tracks[0][0] == 20 and round_ in rig.app.texts
    finally:
        rig.close()
