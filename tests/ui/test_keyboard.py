"""Guards the name keyboard: what each press types (letters, case, kana and their marks,
symbols), wrap-around and jumps, and that every page draws with today's fonts."""

from __future__ import annotations

import pytest

from companion.owner.screenshots import make_app
from companion.ui.keyboard import KANA, LETTERS, Keyboard, toggled_small, with_mark
from companion.ui.name_entry import NameEntry
from companion.ui.scenes import press


def typed(*keys: str, kb: Keyboard | None = None) -> Keyboard:
    kb = kb or Keyboard()
    for key in keys:
        kb.press(key.removeprefix("long "), key.startswith("long "))
    return kb


def test_letters_wrap_round_both_ways_and_capitals_come_by_themselves() -> None:
    kb = typed("LEFT", "OK")                 # wraps from a to g
    assert kb.text == "G"
    typed("UP", "OK", kb=kb)                 # up from row 1 wraps to the control row: OK
    kb = typed("UP", "UP", "OK")             # up twice: the last letter row, first key
    assert kb.text == "V"
    typed("OK", "RIGHT", "UP", "OK", kb=kb)  # lower case after the first letter
    assert kb.text == "Vvp"


def test_case_key_flips_one_letter_and_space_brings_a_capital_back() -> None:
    kb = typed("OK")                                     # A
    typed("UP", "RIGHT", "RIGHT", "OK", kb=kb)          # the case key (control row, 3rd)
    assert kb.key == "Aa" and kb.rows()[0][0] == "A"
    typed("DOWN", "OK", "OK", kb=kb)                    # below the case key: D, then d
    assert kb.text == "ADd"
    typed("UP", "LEFT", "OK", "DOWN", "OK", kb=kb)       # space, then a capital C
    assert kb.text == "ADd C"


def test_holding_a_direction_jumps_and_hold_ok_finishes() -> None:
    kb = typed("long RIGHT", "OK", "long DOWN", "OK")
    assert kb.text == "Dr" and kb.press("OK", long=True) == "done"


def test_back_deletes_then_cancels_and_the_limit_holds() -> None:
    kb = typed(*["OK"] * 15)
    assert kb.text == "A" + "a" * 11
    assert kb.press("BACK") is None and len(kb.text) == 11
    kb = Keyboard()
    assert kb.press("BACK") == "cancel"


def test_kana_page_types_the_fifty_sounds_with_marks_and_small_kana() -> None:
    kb = typed("ROLL")
    assert kb.rows()[0][:3] == ("あ", "か", "さ") and len(KANA) == 6
    assert all(len(row) == 10 for row in KANA[:5])  # ten 12 px kana across the screen
    assert KANA[5] == ("・",)  # and the middle dot under them (issue 41)
    typed("RIGHT", "OK", "long RIGHT", "long RIGHT", "DOWN", "OK", kb=kb)  # か, then ゛
    assert kb.text == "が"
    typed("LEFT", "LEFT", "LEFT", "LEFT", "DOWN", "OK", kb=kb)  # the た column's つ
    assert kb.text == "がつ"
    typed("RIGHT", "RIGHT", "RIGHT", "RIGHT", "DOWN", kb=kb)   # under ゆ
    assert kb.key == "小"
    typed("OK", kb=kb)
    assert kb.text == "がっ"
    typed("LEFT", "LEFT", "UP", "UP", "UP", "OK", "long DOWN", "long DOWN", "long RIGHT",
          "RIGHT", kb=kb)                                      # は, then ゜ (わ column)
    assert kb.key == "\u309c"
    typed("OK", kb=kb)
    assert kb.text == "がっぱ"
    assert [row[-1] for row in KANA[:5]] == ["わ", "を", "ん", "ー", "\u309c"]


@pytest.mark.parametrize(("kana", "mark", "made"), [
    ("か", "\u3099", "が"), ("が", "\u3099", "か"), ("は", "\u309a", "ぱ"),
    ("ば", "\u309a", "ぱ"), ("あ", "\u3099", "あ"), ("ウ", "\u3099", "ヴ"), ("A", "\u3099", "A"),
])
def test_dakuten_and_handakuten_toggle_where_the_kana_takes_them(kana, mark, made) -> None:
    assert with_mark(kana, mark) == made


def test_small_kana_toggle_in_both_scripts() -> None:
    assert [toggled_small(c) for c in "つっヨャかん"] == ["っ", "つ", "ョ", "ヤ", "ゕ", "ん"]


def test_katakana_from_the_case_key() -> None:
    kb = typed("ROLL", "UP", "RIGHT", "RIGHT", "OK")   # the case key on the kana page
    assert kb.kata and kb.rows()[0][0] == "ア"
    typed("DOWN", "OK", kb=kb)                          # below it: the は column
    assert kb.text == "ハ"


def test_symbols_page_has_digits_and_accented_letters() -> None:
    kb = typed("ROLL", "ROLL", "OK", "long DOWN", "DOWN", "OK")
    assert kb.text == "1é" and LETTERS[0][0] == "a"


def test_every_page_draws_and_the_entry_returns_the_name() -> None:
    app = make_app(players=())
    app.start()
    got: list[str] = []
    app.push(NameEntry(app, "New player", lambda name: got.append(name) or None))
    for _ in range(3):
        frame = app.render()                 # the kana draw as look-alikes today
        assert frame.size == (128, 64) and frame.getbbox() is not None
        press(app, "ROLL")
    press(app, "OK", "DOWN", "LEFT", "OK", "OK", "long OK")
    assert got == ["Ann"] and not isinstance(app.top, NameEntry)


def test_a_refused_name_is_said_and_the_typing_kept() -> None:
    app = make_app(players=())
    app.start()
    app.push(NameEntry(app, "New player", lambda name: f"{name} is already on the roster."))
    press(app, "OK", "long OK")
    assert "A is already on the" in app.screen_text()
    press(app, "OK")                          # closes the message
    assert isinstance(app.top, NameEntry) and app.top.kb.text == "A"


def test_renaming_a_kana_name_opens_on_the_kana_page(tmp_path) -> None:  # noqa: ANN001
    from companion.testing import Rig

    rig = Rig(db=str(tmp_path / "c.db"), players=("はなこ", "ハナコ", "Ann"))
    try:
        for name, first_key in (("はなこ", "あ"), ("ハナコ", "ア"), ("Ann", "a")):
            rig.app.push(NameEntry(rig.app, "Rename", lambda n: None, text=name))
            rig.app.settle()
            kb = rig.app.top.kb
            assert kb.rows()[0][0] == first_key and kb.text == name, name
            rig.keys("OK")  # types the key under the cursor, on the page the name ends in
            assert kb.text == name + first_key
            rig.app.pop()
    finally:
        rig.close()


def test_a_kanji_name_typed_on_a_computer_is_kept_when_renamed_on_the_box(tmp_path) -> None:  # noqa: ANN001
    """Kanji are not on the keys: 山田 一郎 comes from ``companion players add``; renaming
    him on the box keeps the kanji, shows them in 12 px and adds kana after them."""
    from companion.testing import Rig

    rig = Rig(db=str(tmp_path / "c.db"), players=("山田 一郎",), language="ja")
    try:
        rig.app.push(NameEntry(rig.app, "Rename", lambda n: None, text="山田 一郎"))
        rig.app.settle()
        kb = rig.app.top.kb
        rig.keys("roll", "ok")                       # the kana page: あ after the kanji
        assert kb.text == "山田 一郎あ"
        rig.keys("back")
        rig.app.render()
        drawn = {d.text: d.font for d in rig.app.painter.drawn}
        assert drawn.get("山田 一郎_") == "text" and rig.app.painter.illegible() == []
    finally:
        rig.close()


def test_a_katakana_name_with_a_middle_dot_is_typed_on_the_box() -> None:
    """Issue 41: the keyboard had no 「・」, so ミヤ・ロドリゲス could not be typed."""
    from benchmarks.name_entry import keys_for

    kb = Keyboard(page=1)
    for key, long in keys_for("ミヤ・ロドリゲス", "ja")[:-1]:
        kb.press(key, long=long)
    assert kb.text == "ミヤ・ロドリゲス"
