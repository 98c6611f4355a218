"""Guards where Japanese lines break: between phrases (「手を / 取り消しますか」, not
「手を取 / り消しますか」) when that costs no extra line, never against kinsoku, never
wider than the box; and that English never loads the phrase model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.testing import Rig
from companion.ui.linebreak import NO_START, _wrap, cells, wrap

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = st.text(alphabet=st.sampled_from(
    list("ゲームの最初手を取り消しますか。、？！ーっゃ「」（）点勝利時計止める色")
    + list("AnBob 1239%")), min_size=1, max_size=60)


def test_the_undo_question_breaks_between_phrases_on_the_panel() -> None:
    rig = Rig()
    try:
        rig.app.change_setting("language", "ja")
        rig.app.start_game("brikks", {"players": ["Ann", "Ben"]})
        rig.keys("ok", "long back")  # a start block taken, then undo: the first action
        assert "ゲームの最初の手を" in rig.app.texts and "取り消しますか?" in rig.app.texts
    finally:
        rig.close()


def test_phrases_where_characters_would_cut_a_word() -> None:
    assert wrap("取り消すものがありません。", 20) == ["取り消すものが", "ありません。"]
    assert _wrap("取り消すものがありません。", 20, phrases=False) == [
        "取り消すものがありま", "せん。"]


def test_phrases_never_cost_a_line() -> None:
    text = "はなこさんの勝ちです"  # phrases would take three lines of 8 cells
    assert wrap(text, 8) == _wrap(text, 8, phrases=False) == ["はなこさ", "んの勝ち", "です"]


def test_a_number_stays_with_its_name_and_its_counter() -> None:
    # seen on the box: 「はなことGuest / 2が同点1位」, 「はなこがIQ / 5で勝利」, 「青3 / 点、」
    assert wrap("はなことGuest 2が同点1位でした。", 14)[1].startswith("Guest 2")
    assert wrap("はなこがIQ 5で勝利。", 14)[0] == "はなこがIQ 5で"
    assert not any(line.startswith("点") for width in range(6, 16)
                   for line in wrap("オレンジ13点、青3点、さくらは紫12点。", width))
    assert wrap("Ann wins with IQ 5 on the Engine", 12) == [
        "Ann wins", "with IQ 5 on", "the Engine"]  # English breaks at spaces as before


@settings(max_examples=300, deadline=None)
@example(text="、、「、 」か11、、", width=7)  # phrases once forced a line to start with 、
@given(text=JAPANESE, width=st.integers(min_value=2, max_value=24))
def test_any_text_fits_keeps_its_characters_and_kinsoku(text: str, width: int) -> None:
    lines = wrap(text, width)
    plain = _wrap(text, width, phrases=False)
    assert len(lines) <= len(plain) + 1  # one more line for whole words (issue 41)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(cells(line) <= width for line in lines)
    if not any(line[:1] in NO_START for line in plain[1:]):
        assert not any(line[:1] in NO_START for line in lines[1:])


def test_english_never_loads_the_phrase_model() -> None:
    code = ("import sys; from companion.ui.linebreak import wrap; "
            "wrap('Undo the first action of the game?', 20); "
            "print('budoux' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "False"


def test_the_line_break_benchmark_still_runs() -> None:
    from benchmarks import line_breaks

    result = line_breaks.measure(runs=1)
    assert result["rss_after"] >= result["rss_before"] > 0
    assert result["first_ms"] > 0 and result["phrases_us"] > 0 and result["characters_us"] > 0


def test_a_bracket_is_one_phrase() -> None:
    """BudouX reads 「(明る|い面を上)」; the box breaks before the bracket instead, and
    never just after an opening one or just before a closing one."""
    assert wrap("トークン24枚(明るい面を上)", 21) == ["トークン24枚", "(明るい面を上)"]
    assert wrap("塔駒(大)10個を「4」のマスへ", 16) == ["塔駒(大)10個を", "「4」のマスへ"]
    for width in range(4, 30):
        for line in wrap("トークン24枚(明るい面を上)の説明(長いかっこの中の文です)", width):
            assert not line.endswith("(") and not line.startswith(")"), (width, line)


def test_the_board_setup_details_break_before_the_bracket_on_the_panel() -> None:
    rig = Rig(players=("山田 一郎", "健太", "ゆい"), language="ja")
    try:
        rig.open_game("genial")
        rig.keys("right", "ok", "ok", *["down"] * 8)  # three players; the last sentences
        assert rig.app.texts[-2:] == ["トークン20枚", "(明るい面を上)"], rig.text
    finally:
        rig.close()


@pytest.mark.parametrize(("text", "broken"), [
    ("ラウンド6の最後の手番を取り消しますか?", ("手", "番")),
    ("コマはすべて表向きですか?第1ラウンドを終了します。", ("で", "す")),
    ("コマはすべて表向きですか?第1ラウンドを終了します。", ("終", "了")),
])
def test_japanese_lines_never_break_inside_a_word(text: str, broken: tuple[str, str]) -> None:
    """Issue 41: 「手|番」「です|か」「終|了」「準|備」 where phrases take one line more."""
    lines = wrap(text, 21)
    assert not any(a.endswith(broken[0]) and b.startswith(broken[1])
                   for a, b in zip(lines, lines[1:], strict=False)), lines


@pytest.mark.parametrize("name", ["ミヤ・ロドリゲス", "佐々木 真理子"])
def test_the_hide_question_and_its_band_are_read_whole(name: str) -> None:
    from companion.core.i18n import _
    from companion.testing import Clock, Rig

    rig = Rig(language="ja", players=(name,), clock=Clock())
    try:
        rig.app.ask(_("Hide {name} from the setup? Their games stay.").format(name=name),
                    lambda: None)
        rig.app.redraw()
        assert rig.faults() == [] and "残ります。" in rig.app.texts
        rig.keys("back")
        rig.app.inform(_("{name} is hidden from the setup; OK on their card shows them "
                         "again.").format(name=name))
        rig.app.redraw()
        assert rig.faults() == [] and "OKで戻せます。" in rig.app.texts
    finally:
        rig.close()
