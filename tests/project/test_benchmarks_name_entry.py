"""Guards the name-entry benchmark against rot: its key paths really type the names."""

from __future__ import annotations

from benchmarks import name_entry
from companion.ui.keyboard import Keyboard


def test_the_planned_presses_type_each_kind_of_name() -> None:
    for name in ("Ann", "Takeshi", "まっちゃん", "ケンジ", "Noé"):
        kb = Keyboard()
        outcome = None
        for key, long in name_entry.keys_for(name):
            outcome = kb.press(key, long)
        assert kb.text == name and outcome == "done"


def test_the_list_is_fifty_names_the_box_accepts() -> None:
    from companion.core.roster import clean_name

    names = [n for group in name_entry.NAMES.values() for n in group]
    assert len(names) == 50 == len(set(names))
    assert all(clean_name(n) == n for n in names)
    assert name_entry.pct([1.0, 2.0, 3.0, 4.0], 95) == 4.0


def test_a_japanese_box_opens_the_keyboard_on_kana_with_its_own_words() -> None:
    """The review: 「DEL / SPC / abc → 削除 / 空白 / 英字, and open on かな」; each control
    key as wide as its label and a share of the rest, so 「削除」「空白」 never read as
    one word."""
    from companion.shell.players import PlayersScreen
    from companion.testing import Rig
    from companion.ui.name_entry import NameEntry

    rig = Rig(language="ja", players=())
    try:
        rig.app.push(PlayersScreen(rig.app))
        rig.keys("ok")                                 # + New player
        entry = rig.app.top
        assert isinstance(entry, NameEntry) and entry.kb.page == 1
        assert {"削除", "空白", "カナ", "数字", "OK"} <= set(rig.app.texts)
        inks = sorted(d.ink() for d in rig.app.painter.drawn if d.text in ("削除", "空白"))
        assert inks[1][0] - inks[0][2] >= 3, inks  # a gap between the two words
        for key, long in name_entry.keys_for("ゆい", "ja")[:-1]:
            rig.press(key.lower(), long=long)
        rig.keys("roll")                               # the symbols page: its page key
        assert entry.kb.page == 2 and "英字" in rig.app.texts
        rig.keys("long ok", "ok")                      # finish, and yes: add them
        assert rig.store.player("ゆい") is not None
    finally:
        rig.close()
