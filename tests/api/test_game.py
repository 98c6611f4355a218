"""Guards companion.api.game, the one typed description of what a game provides: every
hook documented once, docs/writing-a-game.md made from it, every installed game read
through it, and no hook looked up by name anywhere else in the box (issue 46)."""

from __future__ import annotations

import importlib
import re
from dataclasses import fields
from pathlib import Path

import pytest

from companion.api.game import Rules, Screens, reference
from companion.config import registry
from companion.config.registry import GameInfo

ROOT = Path(__file__).resolve().parents[2]
HOOKS = [f.name for kind in (Rules, Screens) for f in fields(kind)]


def test_the_guide_lists_every_hook_as_the_description_says() -> None:
    guide = (ROOT / "docs" / "writing-a-game.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- hooks: [^>]*-->\n(.*?)<!-- /hooks -->", guide, re.S)
    assert block is not None, "docs/writing-a-game.md has no hooks block"
    assert block.group(1) == reference(), "run python -m companion.api.game into the guide"
    for kind in (Rules, Screens):
        for f in fields(kind):
            assert block.group(1).count(f"- `{f.metadata['signature']}`") == 1, f.name


def test_every_hook_says_how_it_is_written_and_what_it_does() -> None:
    for kind in (Rules, Screens):
        for f in fields(kind):
            assert f.metadata["signature"].startswith(f.name), f.name
            assert len(f.metadata["doc"]) > 20, f.name


@pytest.mark.parametrize("key", sorted(k for k, g in registry.discover().items()
                                       if isinstance(g, GameInfo)))
def test_every_installed_game_reads_through_the_description(key: str) -> None:
    info = registry.find(key)
    assert info is not None
    rules, screens = registry.rules(key), registry.screens(key)
    assert isinstance(rules, Rules) and isinstance(screens, Screens)
    module = importlib.import_module(info.rules)
    for name in ("round_of", "player_of", "end_action", "current_player", "figures"):
        assert (getattr(rules, name) is None) == (not hasattr(module, name)), name


def test_a_missing_function_is_named() -> None:
    class Half:
        @staticmethod
        def new_game(options):  # noqa: ANN001, ANN205
            return 0

    assert Rules.missing(Half) == ["step", "is_over", "result"]
    with pytest.raises(LookupError, match="step"):
        Rules.of(Half)


def test_no_hook_is_looked_up_by_name_outside_the_description() -> None:
    """Found by name in three places before (session, the page, the registry)."""
    found = []
    for path in (ROOT / "companion").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in HOOKS:
            if re.search(rf"(getattr|hasattr)\([^)]*[\"']{name}[\"']", text):
                found.append(f"{path.relative_to(ROOT)}: {name}")
    assert found == []
