"""Guards issue 35's records labels: Genial Spezial's best score is the best score on a
player's lowest symbol (「最低色 ゆい 12」 read as "worst colour"), Brain Robbery's is an
IQ (「最高得点 8」 read as points); both in ``companion stats`` and on the box, a tie
naming every holder."""

from __future__ import annotations

from companion.core import i18n
from companion.records import stats
from companion.records.plays import Play
from companion.shell.players import GameRecords
from companion.testing import Rig
from companion.ui.paint import text_width
from tests.records.test_stats_as_declared import genial

UUIDS = {"ゆい": "u-1", "山田 一郎": "u-2", "健太": "u-3"}


def play(key: str, scores: dict[str, int], n: int = 1) -> Play:
    return Play(n, key, key, "2026-11-27T10:00:00+00:00", "2026-11-27T11:00:00+00:00",
                list(scores), scores=scores, winners=[max(scores, key=scores.__getitem__)],
                uuids={k: UUIDS[k] for k in scores})


ROWS = [play("genial", {"ゆい": 12, "山田 一郎": 12, "健太": 9}),
        play("brain_robbery", {"ゆい": 8, "山田 一郎": 5, "健太": 8}, 2)]


def best(key: str) -> stats.Record:
    return {r.what: r for r in stats.records(ROWS, key)}[stats.BEST]


def test_genial_names_the_lowest_symbol_in_japanese(japanese) -> None:
    record = best("genial")
    assert record.label == "最高得点(最低シンボル)" and record.short == "最高点"
    assert record.holders == ("ゆい", "山田 一郎") and record.value == 12  # the tie too
    assert stats.hint("genial") == "最高点=最低シンボル"
    text = stats.as_text(ROWS, game="genial")
    assert "最高得点(最低シンボル)" in text and "最低色" not in text and "最弱色" not in text


def test_brain_robbery_names_its_best_score_an_iq() -> None:
    record = best("brain_robbery")
    assert record.label == "Best IQ" and record.holders == ("ゆい", "健太")
    i18n.use("ja")
    record = best("brain_robbery")
    assert record.label == record.short == "最高IQ"
    assert "最高IQ" in stats.as_text(ROWS, game="brain_robbery")


def test_the_box_shows_the_label_and_its_key_in_japanese() -> None:
    rig = Rig(players=("ゆい", "山田 一郎"), language="ja")
    try:
        genial(rig.store, ["ゆい", "山田 一郎"], 6, 6)  # both lowest symbols at 6: a tie
        rig.app.push(GameRecords(rig.app, "genial"))
        rig.pump()
        lines = rig.app.top.lines()
        at = [what for _k, what, _r in lines].index("最高点")
        assert lines[at][2].startswith("6 ゆい")
        assert "山田 一郎" in " ".join(right for _k, _w, right in lines[at:])
        rig.app.render()
        assert rig.faults() == [] and "最高点" in rig.text
        # its key line fits across in the 12 px face (8 px kanji cannot be read)
        assert text_width(stats.hint("genial"), "text") <= rig.app.painter.width
    finally:
        rig.close()
