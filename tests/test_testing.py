"""Guards companion.testing as a game package outside the companion uses it
(docs/writing-a-game.md): Rig speaks English on a machine with a Japanese locale unless
asked, gives the language back when closed, and walk() finds a cut text in the game it
walks (that it stays in that game, High card's own walk guards:
examples/high_card/tests/test_high_card_screen.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import i18n
from companion.testing import Rig, walk
from tests.plugin_package import KEY, plugin  # noqa: F401  (a fixture)


def test_rig_speaks_english_whatever_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    rig = Rig()
    try:
        assert rig.text.startswith("Table Companion | New game")
    finally:
        rig.close()
    rig = Rig(language="ja")
    try:
        assert "新しいゲーム" in rig.text
    finally:
        rig.close()
    assert i18n.language() == "en"  # given back: the next test reads English


def test_walk_finds_a_cut_hint(plugin: Path) -> None:  # noqa: F811
    screens = plugin / "screens.py"
    screens.write_text(screens.read_text().replace(
        '_("OK: lost a die")', '"OK: this player lost one of their dice"'))
    found = walk(KEY)
    assert found == ["TableScreen: shortened: 'OK: this player lost one of their dice'"]
