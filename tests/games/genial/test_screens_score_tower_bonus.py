"""Issue 35 (F3): the large-tower bonus is +1 on every symbol PER large tower joined
(rule book: joining two large towers gives +2 on all four). The score hint said "+1 all"
with no word of towers, and docs/genial.md's Japanese summary said "+1 for joining two
or more": a family following the words under-scored. The entry now says how many
towers were joined, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.testing import Rig

ROOT = Path(__file__).resolve().parents[3]
SAYS = {"en": ("arrow +1  hold OK/tower", "1 large tower: +1 all", "2 large towers: +2 all"),
        "ja": ("矢印+1 OK長押:塔(大)", "塔駒(大)1個:全色+1", "塔駒(大)2個:全色+2")}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_joining_two_large_towers_is_held_twice_and_says_two(language: str) -> None:
    idle, one, two = SAYS[language]
    rig = Rig(language=language, players=("Ann", "Bob"))
    try:
        rig.open_game("genial")
        rig.keys("ok", "ok", "ok")  # setup → Start → the board set up → the score table
        assert idle in rig.app.texts
        rig.keys("long ok")
        assert one in rig.app.texts
        rig.keys("long ok")
        assert two in rig.app.texts
        rig.keys("ok")
        assert rig.app.session.state.tracks[0] == (2, 2, 2, 2)
        assert rig.store.actions(rig.app.session.game_id)[-1]["all"] == 2
    finally:
        rig.close()


def test_the_docs_say_per_tower_in_both_languages() -> None:
    doc = (ROOT / "docs" / "genial.md").read_text(encoding="utf-8")
    assert "+1 on all four for\neach large tower**" in doc
    assert "塔駒(大)1つにつき全シンボル+1" in doc
    assert "2つ以上の大きな塔をつないだら" not in doc
