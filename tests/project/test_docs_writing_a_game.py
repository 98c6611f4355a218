"""Guards that docs/writing-a-game.md stays in step with its worked example,
examples/high_card: the declaration it shows is the example's, its entry point is the
example's, and the test it shows is one the example runs."""

from __future__ import annotations

import re
from pathlib import Path

from companion_high_card import GAME

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "high_card"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.S)


def test_the_declaration_shown_is_the_examples() -> None:
    (declaration,) = [b for b in blocks("python") if "GAME = GameInfo(" in b]
    shown: dict[str, object] = {}
    exec(declaration, shown)  # noqa: S102  (our own document)
    assert shown["GAME"] == GAME


def test_the_entry_point_shown_is_the_examples() -> None:
    (entry,) = [b for b in blocks("toml") if "companion.games" in b and "high_card" in b]
    assert entry.strip() in (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8")


def test_the_test_shown_is_one_the_example_runs() -> None:
    (shown,) = [b for b in blocks("python") if "from companion.testing import" in b]
    tests = (EXAMPLE / "tests" / "test_high_card_screen.py").read_text(encoding="utf-8")
    for function in shown.split("\n\n"):
        body = function.strip().removeprefix("from companion.testing import Rig, walk").strip()
        assert body in tests, body[:60]
