"""Guards the Japanese wording of Four-Colour Stones, Brain Crush, Brikks and Genial as
reviewers read it on the box: two colours that passed are two (「青・黄パス」, or
「2色パス」 beside a jump; never 「青黄」, one colour), every setup's start-player row
is 「スタート」, and the rulebooks' terms (段, 爆弾 in a readable size)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.config.registry import position
from companion.core import i18n
from companion.testing import Rig


def japanese(tmp_path: Path, names: tuple[str, ...], seed: int = 1) -> Rig:
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja",
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    return Rig(db=str(tmp_path / "ja.db"), config=config, seed=seed, players=names)


@pytest.fixture
def english_after():
    yield
    i18n.use("en")


def test_two_colours_that_passed_are_two_colours(tmp_path: Path) -> None:
    rig = japanese(tmp_path, ("山田はなこ", "佐藤太郎", "けんた", "さくら"))
    try:
        rig.keys("ok", *["down"] * position("four_stones"), "ok", "ok", "ok")  # start
        rig.keys("ok", "ok", "ok")                   # deal, then two jumps: blue and
        state = rig.app.session.state                # yellow cannot jump and pass
        assert state.passed == ("B", "Y") and state.phase == "play"
        assert "2色パス" in rig.app.texts and "青黄パス" not in rig.text
        assert not rig.app.painter.cut
    finally:
        rig.close()


def test_the_pass_note_keeps_english_initials_apart(english_after: None) -> None:
    from companion.games.four_stones import rules
    from companion.games.four_stones.screens.turn import pass_note

    state = rules.State(players=("A", "B", "C", "D"), passed=("Y", "G"))
    assert pass_note(state) == "Y·G pass"
    i18n.use("ja")
    assert pass_note(state) == "黄・緑パス"
    assert pass_note(state, room=56) == "2色パス"  # beside the turn screen's widest points


@pytest.mark.parametrize(("game", "rows"), [("brain_crush", 5), ("four_stones", 6),
                                            ("genial", 4), ("brikks", 6)])
def test_every_setup_calls_the_start_player_row_start(tmp_path: Path, game: str,
                                                      rows: int) -> None:
    rig = japanese(tmp_path, ("山田はなこ", "佐藤太郎", "けんた", "さくら"))
    try:
        rig.open_game(game)
        rig.keys(*["down"] * rows)
        start_row = [t for t in rig.app.texts if t.startswith("スタート: ")]
        assert start_row, rig.text
        assert not any(w in rig.text for w in ("先手", "最初の手番", "親:"))
        assert not rig.app.painter.cut
    finally:
        rig.close()


def test_genial_names_a_colour_and_a_tie_break_one_way(tmp_path: Path) -> None:
    """The winner's sentence and the places note both say 橙 (the header's one-character
    colour), and the screen says 「下から2番目の色で勝利」 as the history does."""
    from companion.games.genial import rules
    from companion.records import result_text

    names = ("佐藤太郎", "山田はなこ", "けんた")
    rig = japanese(tmp_path, names)
    try:
        targets = [[13, 11, 16, 17], [11, 12, 14, 15], [9, 18, 20, 14]]
        rig.app.start_game("genial", {"players": list(names), "first": 0})
        for turn in range(rules.ROUNDS):
            for tracks in targets:
                points = {s: v // rules.ROUNDS + (turn < v % rules.ROUNDS)
                          for s, v in zip(rules.SYMBOLS, tracks, strict=True)}
                rig.app.play({"type": "turn", "points": {s: n for s, n in points.items()
                                                         if n}})
        rig.app.show_game()
        rig.keys("down")                               # the whole sentence, then places
        screen = "".join(rig.app.texts)
        assert "下から2番目の色で勝利(橙13点対山田はなこの紫12点)。" in screen.replace(" ", "")
        assert "オレンジ" not in screen and "2番目に低い" not in screen
        game = rig.store.history()[0]
        history = result_text.detail(game.result, "genial")
        assert "下から2番目の色で勝利(橙13点 対 山田はなこの紫12点)。" in history
    finally:
        rig.close()


@pytest.mark.parametrize(("msgid", "shown"), [
    ("{n} lost to the cap!", "3点は上限超えで無効"),
    ("Standings: low..high", "順位:各色の点は低い順"),
    ("{n} tokens, light up", "トークン3枚(明るい面を上)"),
])
def test_genial_hints_read_as_japanese(english_after: None, msgid: str, shown: str) -> None:
    from companion.games.genial.screens import score

    i18n.use("ja")
    assert score._(msgid).format(n=3) == shown


# -- Brikks ---------------------------------------------------------------------------

@pytest.mark.parametrize("template", ["both out on one turn: the points of full rows decide",
                                      "both out on one turn: full rows decide"])  # old logs
def test_brikks_duel_both_out_is_decided_by_the_points_of_full_rows(
        english_after: None, template: str) -> None:
    """The rulebook (「横列が完全にマークされている列のみVPを計算します。その合計で勝敗を
    決定します」): the points of the complete rows, which the screens call 段."""
    from companion.api.rules import Result, said
    from companion.records import result_text

    stored = Result(places=(), detail=said(template)).to_json()
    i18n.use("ja")
    assert result_text.detail(stored, "brikks") == (
        "同じ手番で2人とも脱落: 完成した段の点の合計で決着")


def brikks_players_screen(rig: Rig) -> None:
    rig.app.start_game("brikks", {"players": ["山田はなこ", "佐藤太郎"]})
    rig.app.play({"type": "start_block", "player": 1, "colour": "black"})
    rig.app.play({"type": "start_block", "player": 0, "colour": "red"})
    rig.app.show_game()
    rig.keys("roll", "down")                         # the players' cards


def test_brikks_card_labels_are_12_px_kanji(tmp_path: Path) -> None:
    rig = japanese(tmp_path, ("山田はなこ", "佐藤太郎"))
    try:
        brikks_players_screen(rig)
        fonts = {d.text: d.font for d in rig.app.painter.drawn}
        assert fonts["爆弾"] == fonts["追加点"] == fonts["EP"] == "text", fonts  # not 8 px
        name = next(d for d in rig.app.painter.drawn if d.text == "山田はなこ" and d.xy[1] > 0)
        assert name.ink()[1] >= 12                   # under the title bar, not on it
        assert not rig.app.painter.cut
    finally:
        rig.close()


def test_brikks_asks_out_in_plain_japanese(tmp_path: Path) -> None:
    rig = japanese(tmp_path, ("山田はなこ", "佐藤太郎"))
    try:
        brikks_players_screen(rig)
        rig.keys("ok", "up", "ok")                   # the tracker's last entry: out
        assert rig.app.texts[-4:-1] == ["もう", "置けない:", "脱落する?"], rig.app.texts
        assert "？" not in rig.text and not rig.app.painter.cut
    finally:
        rig.close()
