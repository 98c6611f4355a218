"""Guards Brikks' final standings with an ordinary Japanese name: two players' rows are
big type only where every row fits whole beside its score, else 12 px type, so
「1. 山田はなこ  73」 is never cut (found by tests/whole_box/test_deep_play.py)."""

from __future__ import annotations

import pytest

from companion.testing import Rig

ROSTER = ("山田はなこ", "Al")


def scored(rig: Rig, names: tuple[str, str]) -> None:
    """A two-player game played out by its log, then the last score entered by keys."""
    rig.open_game("brikks")
    rig.keys("up", "ok")  # Start
    players = list(rig.app.session.state.players)
    assert sorted(players) == sorted(names)
    for action in [{"type": "start_block", "player": 1, "colour": "black"},
                   {"type": "start_block", "player": 0, "colour": "red"},
                   {"type": "roll", "number": 3, "colour": "green"},
                   {"type": "out", "player": 0}, {"type": "out", "player": 1},
                   {"type": "score", "player": 0, "rows": [10] * 7 + [0] * 4,
                    "bonus_marks": 6, "bombs_left": 1, "energy_left": 2}]:
        assert rig.app.play(action) is not None, action
    rig.app.show_game()
    rig.keys("long ok", "long ok", "ok", "ok", "ok", "ok", "ok")  # the second sheet: 2 rows
    assert rig.app.session.over, rig.app.texts


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_standings_keep_a_japanese_name_whole(rig: Rig, language: str) -> None:
    rig.app.change_setting("language", language)
    scored(rig, ROSTER)
    rows = [t for t in rig.app.texts if t[:2] in ("1.", "2.")]
    assert len(rows) == 2 and any("山田はなこ" in r for r in rows), rig.app.texts
    painter = rig.app.painter
    assert painter.cut == [] and not [d.text for d in painter.drawn if d.overflows()], \
        painter.cut


def test_short_names_keep_the_big_rows(rig: Rig) -> None:
    rig.store.rename_player("山田はなこ", "Hana")
    scored(rig, ("Hana", "Al"))
    fonts = {d.text: d.font for d in rig.app.painter.drawn if d.text[:2] in ("1.", "2.")}
    assert len(fonts) == 2 and set(fonts.values()) == {"medium"}, fonts
