"""Guards the Brikks swap screen with ordinary Japanese names: its title names the player
whole (「Swap 佐藤太郎」, 「交換: 山田はなこ」) — the swap's energy beside it, already on the
costs screen before, goes where it does not fit (found by tests/whole_box/test_deep_play.py)."""

from __future__ import annotations

import pytest

from companion.testing import Rig

ROSTER = ("佐藤太郎", "山田はなこ")


def swap_screen(rig: Rig) -> None:
    """A two-player game, both start blocks taken, a roll, then costs → the swap slot."""
    rig.open_game("brikks")
    rig.keys("up", "ok")  # Start
    rig.keys("ok", "right", "ok")  # both start blocks
    assert rig.app.session.state.phase == "play"
    rig.app.play({"type": "roll", "number": 1, "colour": "yellow"})
    rig.keys("right")  # the costs: col 1
    for _ in range(4):
        rig.keys("right")  # … to the swap slot
    rig.keys("ok")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_swap_title_names_the_player_whole(rig: Rig, language: str) -> None:
    rig.app.change_setting("language", language)
    swap_screen(rig)
    title = rig.app.texts[0]
    assert title.startswith(("Swap ", "交換")) and title.endswith(ROSTER), rig.app.texts
    painter = rig.app.painter
    assert painter.cut == [] and not [d.text for d in painter.drawn if d.overflows()], \
        painter.cut


def test_a_short_name_keeps_the_energy_beside_it(rig: Rig) -> None:
    rig.store.rename_player("佐藤太郎", "Sato")
    rig.store.rename_player("山田はなこ", "Hana")
    swap_screen(rig)
    assert rig.app.texts[1] == "5 energy", rig.app.texts
