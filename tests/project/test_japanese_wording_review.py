"""Pins the Japanese chosen from the review of the Japanese evening
(../shared/reviews/japanese-evening.md), each in the game's own translator: the
rulebooks' 切り離し, natural sentences for questions, one word for one thing."""

from __future__ import annotations

import importlib

import pytest

from companion.core import i18n


@pytest.fixture
def japanese():
    i18n.use("ja")
    yield
    i18n.use("en")


def in_japanese(module: str, msgid: str, values: dict) -> str:
    """``msgid`` as ``module``'s own translator gives it (with ``japanese`` in use)."""
    return importlib.import_module(module)._(msgid).format(**values)


@pytest.mark.parametrize(("module", "msgid", "values", "shown"), [
    ("companion.games.brain_robbery.screens.move", "Check roll {n}", {"n": 1}, "切り離し判定1"),
    ("companion.games.brain_robbery.screens.move", "</> car  OK stop + check", {},
     "</>車両  OK 停止→切り離し判定"),
    ("companion.games.brain_robbery.screens.move", "nobody goes behind", {}, "降りる人はいません"),
    ("companion.games.brain_robbery.screens.fight", "lead {name}", {"name": "一郎"}, "優勢: 一郎"),
    ("companion.games.brain_robbery.screens.move", "{name} has {xp} XP; this brain costs {cost}.",
     {"name": "山田 一郎", "xp": 0, "cost": 2}, "山田 一郎は経験値が足りません(0/Cost 2)。"),
    ("companion.games.brain_robbery.screens.move", "the table stopped the game.", {},
     "途中で終了しました。"),
    ("companion.games.brain_crush.screens", "Every piece face up? End round {n}.", {"n": 1},
     "コマはすべて表向きですか?第1ラウンドを終了します。"),
    ("companion.games.area_tiles.screens", "OK: all tiles placed", {}, "OK:全部置いたら集計"),
    ("companion.games.area_tiles.screens.result", "area + bonus = total", {},
     "エリア得点+ボーナス"),
    ("companion.games.genial.screens.score", "Cap: {name} lost {n}", {"name": "健太", "n": 2},
     "健太:2点は上限超えで無効"),
    ("companion.app.session", "Undo back into round {n}?", {"n": 4},
     "ラウンド4の最後の手番を取り消しますか?"),
])
def test_review_wording(japanese: None, module: str, msgid: str, values: dict,
                        shown: str) -> None:
    assert in_japanese(module, msgid, values) == shown
