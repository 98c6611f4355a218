"""Guards the Brain Crush screens on mock pins: sets, a refused duplicate, misses, round
totals, the standings — names and points in 12 px type or larger, in English and
Japanese — and their golden pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.config.registry import position
from companion.games.brain_crush import rules as bc
from companion.testing import Rig

#: Fonts of 12 px and more: what a player reads from their seat.
READABLE = {"text", "bold", "medium", "large", "huge"}

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Ann", "Ben", "Cleo", "Dan")


def assert_readable(rig: Rig, texts: set[str]) -> None:
    """Every one of ``texts`` is on the screen, and only in 12 px type or larger."""
    found: dict[str, set[str]] = {}
    for drawn in rig.app.painter.drawn:
        if drawn.text in texts:
            found.setdefault(drawn.text, set()).add(drawn.font)
    assert set(found) == texts, f"not on screen: {texts - set(found)}"
    assert all(fonts <= READABLE for fonts in found.values()), found


def japanese_rig(tmp_path: Path) -> Rig:
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja",
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    return Rig(db=str(tmp_path / "ja.db"), config=config, players=ROSTER)


def open_setup(rig: Rig) -> None:
    rig.keys("ok", *["down"] * position("brain_crush"), "ok")
    assert rig.app.top.key == "brain_crush"


def start_three(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left")  # Players: 3
    rig.keys("ok", "ok")
    assert rig.app.session.options == {"players": ["Ann", "Ben", "Cleo"], "first": 0}


def test_a_round_with_a_refused_duplicate_set_to_its_totals(rig: Rig) -> None:
    open_setup(rig)
    assert "Brain Crush" in rig.text and "setup" in rig.text
    rig.keys("left", "ok", "ok")  # Players: 3, start
    assert rig.text.startswith("Round 1/3 | 0 sets | Ann | 1st | 0 | Ben | 0 | Cleo | 0")
    assert_readable(rig, {"Ann", "Ben", "Cleo", "0"})
    rig.keys("ok")  # Ann took a set: the picker opens on Yellow, three 5s
    assert rig.app.texts[:5] == ["Ann", "Y", "G", "R", "B"]
    assert_readable(rig, {"Ann", "10-1-1", "5-5-5", "3-3-3", "2-2-2", "12", "15", "9", "6"})
    rig.keys("ok")
    assert bc.round_points(rig.app.session.state) == (15, 0, 0)
    assert "1 set" in rig.app.texts
    assert_readable(rig, {"Ann", "Ben", "Cleo", "15", "0"})
    rig.keys("right")  # Ben: no set
    assert rig.app.session.state.to_play == 2
    rig.keys("ok", "ok")  # Cleo claims Yellow's 5s again: refused
    assert "Yellow has already | given its 5 set this | round." in rig.text
    assert bc.round_points(rig.app.session.state) == (15, 0, 0)
    rig.keys("back")  # closes the message; the picker is still there
    assert rig.app.texts[0] == "Cleo"
    rig.keys("up", "right", "ok")  # Green 10-1-1
    assert bc.round_points(rig.app.session.state) == (15, 0, 12)
    rig.keys("ok", "down", "down", "left", "ok")  # Ann: Blue 2s
    rig.keys("long back")  # taken back
    assert "Undone: Ann's set | taken" in rig.text  # a band: nothing to close
    assert bc.round_points(rig.app.session.state) == (15, 0, 12)
    assert rig.app.session.state.to_play == 0
    rig.keys("ok", "down", "ok")  # Ann: Yellow 3s
    assert bc.round_points(rig.app.session.state) == (24, 0, 12)
    rig.keys("long ok")  # every piece is face up
    assert "Sure?" in rig.text
    rig.keys("ok")
    state = rig.app.session.state
    assert state.scores == ((24, 0, 12),) and state.round == 2 and state.to_play == 1
    assert rig.text.startswith("Round 1 | round  total | Ann | 24 | 24 | Ben | 0 | 0 | Cleo")
    assert_readable(rig, {"Ann", "Ben", "Cleo", "24", "0", "12"})
    assert "Ben starts round 2" in rig.text
    rig.keys("ok")
    assert "Round 2/3" in rig.text and "Ben | 1st" in rig.text
    # only the sets the players named are stored, never the face-down board
    actions = rig.store.actions(rig.app.session.game_id)
    assert {a["type"] for a in actions} == {"take", "miss", "end_round"}
    assert all(set(a) <= {"type", "colour", "kind"} for a in actions)


def test_three_rounds_rotate_the_start_to_the_result(rig: Rig) -> None:
    start_three(rig)
    for starter in ("Ann", "Ben", "Cleo"):
        assert f"{starter} | 1st" in rig.text
        rig.keys("ok", "ok", "long ok", "ok")
        rig.keys("ok")
    assert bc.is_over(rig.app.session.state)
    assert rig.text == ("Game over | 3 rounds | 1 | Ann | 15 | 1 | Ben | 15 | 1 | Cleo | 15 "
                        "| BACK menu")
    assert_readable(rig, {"Ann", "Ben", "Cleo", "1", "15"})
    assert rig.store.history()[0].result["winners"] == ["Ann", "Ben", "Cleo"]


def test_a_random_first_player_is_drawn_and_logged(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("down", "down", "down", "down", "down", "right")  # Starts: random
    assert "Starts: random" in rig.text
    rig.keys("ok", "ok")
    first = rig.app.session.options["first"]
    assert 0 <= first < 4
    assert f"{rig.app.session.state.players[first]} | 1st" in rig.text


def test_a_round_in_japanese(tmp_path: Path) -> None:
    rig = japanese_rig(tmp_path)
    try:
        start_three(rig)
        assert rig.text.startswith("ラウンド 1/3 | 0組取得 | Ann | 最初 | 0")
        rig.keys("ok")
        assert rig.app.texts[:5] == ["Ann", "黄", "緑", "赤", "青"]
        rig.keys("ok", "ok", "ok")  # Ann: Yellow 5s; Ben tries them again
        assert "黄の5の組は" in rig.text
        rig.keys("back", "back", "right", "long ok")
        question = rig.text.replace(" | ", "")
        assert "コマはすべて表向きですか?第1ラウンドを終了します。" in question, rig.text
        rig.keys("ok")
        assert rig.text.startswith("第1ラウンド | 得点 合計 | Ann | 15 | 15")
        assert rig.text.endswith("第2RはBenから")
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_brain_crush_goldens(tmp_path: Path, golden, language: str) -> None:
    rig = japanese_rig(tmp_path) if language == "ja" else Rig(
        db=str(tmp_path / "en.db"), players=ROSTER)
    suffix = "" if language == "en" else "-ja"
    try:
        start_three(rig)
        rig.keys("ok", "ok", "right", "ok", "up", "right", "ok")
        golden(f"brain_crush-turn{suffix}", rig.frame)
        rig.keys("ok", "down", "down")
        golden(f"brain_crush-set{suffix}", rig.frame)
        rig.keys("back", "long ok", "ok")
        golden(f"brain_crush-round{suffix}", rig.frame)
        rig.keys("ok")
        for _round in range(2):
            rig.keys("ok", "ok", "long ok", "ok", "ok")
        golden(f"brain_crush-over{suffix}", rig.frame)
    finally:
        rig.close()


def test_a_four_player_round_table_in_japanese_keeps_its_key_help_in_12_px(
        tmp_path: Path) -> None:
    """Issue 41: four standings rows filled the screen, so 「第2RはBenから」 was drawn in
    8 px kanji; now three rows show over the 12 px line and DOWN brings the fourth."""
    rig = japanese_rig(tmp_path)
    try:
        open_setup(rig)
        rig.keys("ok", "ok")  # four players, start
        rig.keys("ok", "ok", "long ok", "ok")  # Ann: Yellow 5s; the round ends
        assert rig.text.startswith("第1ラウンド | 得点 合計 | Ann | 15 | 15"), rig.text
        assert rig.app.painter.illegible() == [] and rig.faults() == []
        drawn = {d.text: d.font for d in rig.app.painter.drawn}
        assert drawn.get("第2RはBenから") == "text", drawn
        assert "Dan" not in drawn
        rig.keys("down")
        drawn = {d.text: d.font for d in rig.app.painter.drawn}
        assert "Dan" in drawn and "Ann" not in drawn and drawn.get("第2RはBenから") == "text"
        assert rig.app.painter.illegible() == []
        rig.keys("down", "up")
        assert "Ann" in {d.text for d in rig.app.painter.drawn}
    finally:
        rig.close()


def test_four_players_final_standings_in_japanese_keep_back_in_12_px(
        tmp_path: Path) -> None:
    """Issue 41: 「BACK: メニュー」 under four final rows was 8 px and clipped the fourth;
    now three rows show over the 12 px line and DOWN brings the fourth."""
    rig = japanese_rig(tmp_path)
    try:
        open_setup(rig)
        rig.keys("ok", "ok")  # four players
        for _round in range(4):  # a set each round, then every piece face up
            rig.keys("ok", "ok", "long ok", "ok", "ok")
        assert rig.app.session.state.finished
        drawn = {d.text: d.font for d in rig.app.painter.drawn}
        assert rig.app.painter.illegible() == [] and "Dan" not in drawn, drawn
        assert drawn.get("BACK: メニュー") == "text", drawn
        rig.keys("down")
        assert "Dan" in {d.text for d in rig.app.painter.drawn}
        assert rig.app.painter.illegible() == []
    finally:
        rig.close()
