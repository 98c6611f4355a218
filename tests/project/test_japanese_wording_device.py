"""Issue 41: the device is 「本体」 everywhere in Japanese, as README.ja says. 「箱」 on the
phone, in the rules pages and in `companion web` meant the device, while the setup
screens (as the rulebooks) use 箱 for the game's own box (「箱へ: 塔駒なし」): only the
games' own wording may say 箱, and only for the game box."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
#: The game-box sense of 箱, where a setup says what goes back in the box.
GAME_BOX = ("箱へ",)


def test_the_core_and_the_rules_pages_call_the_device_hontai() -> None:
    core = ROOT / "companion/core/locale/ja/LC_MESSAGES/messages.po"
    with core.open("rb") as f:
        said = [m.string for m in read_po(f) if m.id and isinstance(m.string, str)]
    assert [s for s in said if "箱" in s] == []
    pages = sorted((ROOT / "companion/games").glob("*/rules.ja.md"))
    assert pages
    assert [p.parent.name for p in pages if "箱" in p.read_text(encoding="utf-8")] == []


def test_a_game_says_hako_only_for_the_game_box() -> None:
    for po in sorted((ROOT / "companion/games").glob("*/locale/ja/LC_MESSAGES/messages.po")):
        with po.open("rb") as f:
            for m in read_po(f):
                if isinstance(m.string, str) and "箱" in m.string:
                    assert any(m.string.count(w) for w in GAME_BOX), (po, m.string)
