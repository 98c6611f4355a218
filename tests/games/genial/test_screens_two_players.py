"""Issue 41 (M3, shot 182): with two players the score table showed 「渡辺… / ミヤ…」
over an empty half screen. The name column has room for a given name only; the line
under the two rows now names the player to move whole, in 12 px."""

from __future__ import annotations

import pytest

from companion.testing import Rig


@pytest.mark.parametrize(("language", "players", "lines"), [
    ("ja", ("渡辺 翔太", "ミヤ・ロドリゲス"), ["渡辺 翔太の手番", "ミヤ・ロドリゲス"]),
    ("en", ("Bartholomew", "Al"), ["Bartholomew's turn", "Al's turn"]),
])
def test_two_players_read_the_mover_whole_under_the_table(
        language: str, players: tuple[str, str], lines: list[str]) -> None:
    rig = Rig(language=language, players=players)
    try:
        rig.open_game("genial")
        rig.keys("ok", "ok", "ok")  # the setup's Start: the score table
        for line in lines:
            drawn = {d.text: d.font for d in rig.app.painter.drawn}
            assert drawn.get(line) == "text", drawn
            assert rig.app.painter.illegible() == []
            # a one-word name longer than the column is cut there, with its mark
            assert rig.faults() == [] or language == "en", rig.faults()
            rig.keys("up", "ok")  # a turn: the other player's
    finally:
        rig.close()
