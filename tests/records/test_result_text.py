"""Guards #16: a finished game's detail sentence is kept as templates and shown in the
language the box speaks now (History, exports), old logs' English shown as it is."""

from __future__ import annotations

import re

from companion.api.rules import Result, listed, said, said_n
from companion.records import result_text
from companion.testing import Rig


def test_a_said_detail_reads_as_english_and_keeps_its_sentences() -> None:
    r = Result(places=(("Ann",),), detail=(
        said("{who} wins with {score}", who=listed(["Ann", "Bob"], ", ", " and "), score=9),
        said_n("{n} roll", "{n} rolls", 1)))
    assert r.detail == "Ann and Bob wins with 9 1 roll"
    stored = r.to_json()
    assert stored["detail"] == r.detail and len(stored["sentences"]) == 2
    assert result_text.detail(stored, "brikks") == r.detail


def test_japanese_detail_for_every_kind_of_result(japanese) -> None:
    cases = {
        "dice_roller": said_n("{n} roll", "{n} rolls", 3),
        "four_stones": said_n("{who} tie on {total} after {n} round",
                              "{who} tie on {total} after {n} rounds", 4,
                              who=listed(["Ann", "Bob"], " and ", " and "), total=30),
        "genial": (said("{winner} wins on the {label} colour: {better} {better_value} vs "
                        "{runner}'s {worse} {worse_value}.", words=("label", "better", "worse"),
                        winner="Ann", label="2nd-lowest", better="orange", better_value=13,
                        runner="Bob", worse="purple", worse_value=12),
                   said("Ended early in round {round}.", round=7)),
        "brikks": said_n("{n} point, {band}: {phrase}", "{n} points, {band}: {phrase}", 73,
                         words=("phrase",), band="70–79", phrase="Nicely done."),
        "brain_robbery": said("{who} won with IQ {iq};", who=listed(["Cy"], " and ", " and "),
                              iq=12),
        "score_pad": said_n("{title}: {n} round, lowest wins", "{title}: {n} rounds, lowest wins",
                            5, title="Golf"),
        "turn_timer": said_n("{who} {clock} ({n} turn)", "{who} {clock} ({n} turns)", 2,
                             who="Ann", clock="4:05"),
    }
    for kind, detail in cases.items():
        stored = Result(places=(), detail=detail).to_json()
        shown = result_text.detail(stored, kind)
        assert shown != stored["detail"], kind
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", shown), (kind, shown)
        assert "{" not in shown, (kind, shown)
    genial = result_text.detail(Result(places=(), detail=cases["genial"]).to_json(), "genial")
    assert genial == ("Annが下から2番目の色で勝利(橙13点 対 Bobの紫12点)。"
                      "ラウンド7の途中で打ち切り。")


def test_an_old_english_detail_and_a_damaged_sentence_show_the_english(japanese) -> None:
    assert result_text.detail({"detail": "Ann wins with 30"}, "four_stones") == "Ann wins with 30"
    damaged = {"detail": "3 rolls", "sentences": [{"t": "{n} roll", "params": {}}]}
    assert result_text.detail(damaged, "dice_roller") == "3 rolls"
    assert result_text.detail(None, "dice_roller") == ""


def test_history_shows_a_game_played_in_english_in_japanese(rig: Rig) -> None:
    rig.keys("ok", "ok")                    # New game → Dice roller
    rig.keys("roll", "roll", "roll", "long ok", "ok")
    assert "Session over" in rig.text
    rig.keys("back")
    rig.app.change_setting("language", "ja")
    try:
        rig.keys("down", "ok")              # start menu → History
        rig.keys("ok")                      # the game just played
        shown = " ".join(rig.app.texts)
        assert "3回" in shown and "3 rolls" not in shown
        stored = rig.store.history()[0].result
        assert stored["detail"] == "3 rolls"  # the log keeps the English and the templates
    finally:
        rig.app.change_setting("language", "en")
