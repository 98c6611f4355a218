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
