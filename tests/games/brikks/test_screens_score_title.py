"""Issue 41 (M4): the score entry's title names the row whatever the player's name:
「佐々木 さくら: 1…」 hid the row number, so row 1 and row 11 read alike. The name takes
the form the table calls it (「さくら」 beside another 佐々木) before the row is cut."""

from __future__ import annotations

import pytest

from companion.testing import Rig


def sheets(rig: Rig) -> list[str]:
    """A two-player game played to its score sheets by its log; the players in seat
    order."""
    rig.open_game("brikks")
    rig.keys("up", "ok")  # Start
    for action in [{"type": "start_block", "player": 1, "colour": "black"},
                   {"type": "start_block", "player": 0, "colour": "red"},
                   {"type": "roll", "number": 3, "colour": "green"},
                   {"type": "out", "player": 0}, {"type": "out", "player": 1}]:
        assert rig.app.play(action) is not None, action
    rig.app.show_game()
    rig.app.render()
    return list(rig.app.session.state.players)


def title(rig: Rig) -> str:
    return next(d.text for d in rig.app.painter.drawn if d.xy == (1, 0))


@pytest.mark.parametrize(("language", "players", "row1", "row11"), [
    ("ja", ("佐々木 さくら", "佐々木 健一"), "{name} 1段目", "{name} 11段目"),
    ("ja", ("ミヤ・ロドリゲス", "渡辺 翔太"), "{name} 1段目", "{name} 11段目"),
    ("en", ("Bartholomew", "Al"), "{name}: row 1", "{name}: row 11"),
])
def test_the_score_title_always_shows_the_row(language: str, players: tuple[str, str],
                                              row1: str, row11: str) -> None:
    rig = Rig(language=language, players=players)
    try:
        seated = sheets(rig)
        first = title(rig)
        rig.keys(*["right"] * 10)  # row 11
        last = title(rig)
        assert first != last
        assert first.endswith(row1.removeprefix("{name}")), first
        assert last.endswith(row11.removeprefix("{name}")), last
        if language == "ja":  # the given name, whole: no cut anywhere
            assert "…" not in last and rig.app.painter.cut == [], last
            assert last.split()[0] in seated[0].replace("・", " ").split(), (last, seated)
    finally:
        rig.close()
