"""Pins the Japanese chosen from the second evening's review
(../shared/reviews/japanese-evening-2.md, issue 41), each in its own translator: no
English left where Japanese fits (Duel, UP), key help short enough for 12 px, the
rulebooks' words (車両)."""

from __future__ import annotations

import pytest

from tests.project.test_japanese_wording_review import in_japanese, japanese  # noqa: F401


@pytest.mark.parametrize(("module", "msgid", "values", "shown"), [
    ("companion.games.brikks.screens.setup", "Duel", {}, "デュエル"),
    ("companion.games.brikks.screens.setup", "no", {}, "なし"),
    ("companion.games.brikks.screens", "1 reroll: UP", {}, "振り直し:↑"),
    ("companion.games.brain_robbery.screens", "OK deal the train", {}, "OK:車両を置く"),
    ("companion.games.brain_robbery.screens.move", "Discard for Run", {}, "捨ててRun追加"),
    ("companion.games.brain_robbery.screens.fight", "v all IQs  BACK menu", {},
     "↓IQ一覧 BACK:戻る"),
    ("companion.games.four_stones.screens.scores", "OK round {n}  DOWN points", {"n": 2},
     "OK:第2R ↓内訳"),
    ("companion.games.brain_crush.screens", "{name} starts round {n}",
     {"name": "健一", "n": 2}, "第2Rは健一から"),
    ("companion.shell.players", "new", {}, "0回"),  # like 「2回0勝」 beside it
])
@pytest.mark.usefixtures("japanese")
def test_review_wording(module: str, msgid: str, values: dict, shown: str) -> None:
    assert in_japanese(module, msgid, values) == shown
