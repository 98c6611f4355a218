"""A game package from outside the companion, installed for one test: the fixture
``tests/fixtures/plugin_game/liar_tally`` copied into a temporary folder (where a test
may damage it) and registered as a ``companion.games`` entry point."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from companion.config import registry
from companion.core import i18n

SOURCE = Path(__file__).parent / "fixtures" / "plugin_game" / "liar_tally"
KEY = "liar_tally"


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Copy the package to ``tmp_path`` and register it; returns its folder there."""
    package = tmp_path / KEY
    shutil.copytree(SOURCE, package, ignore=shutil.ignore_patterns("__pycache__"))
    for name in [m for m in sys.modules if m == KEY or m.startswith(KEY + ".")]:
        monkeypatch.delitem(sys.modules, name)  # the doctest run may have imported the source
    monkeypatch.syspath_prepend(str(tmp_path))
    real = registry.entry_points
    ours = EntryPoint(KEY, f"{KEY}:GAME", registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [*real(group=group), ours])
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setattr(i18n, "unreadable", {}, raising=False)
    i18n.package_translator.cache_clear()
    registry.discover.cache_clear()
    return package


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The package installed for this test (caches cleared again afterwards)."""
    yield install(tmp_path, monkeypatch)
    for name in [m for m in sys.modules if m == KEY or m.startswith(KEY + ".")]:
        del sys.modules[name]
    i18n.package_translator.cache_clear()
    registry.discover.cache_clear()


def play_a_round() -> None:
    """Liar tally through the whole box: Ann loses both her dice, Bob wins, and holding
    BACK undoes the last loss."""
    from companion.testing import Rig

    rig = Rig(players=("Ann", "Bob"))
    try:
        rig.open_game(KEY)
        rig.keys("up", "ok")  # Start
        rig.keys("ok", "ok")  # Ann loses both her dice
        assert "Game over" in rig.text and "Bob" in rig.text and rig.faults() == []
        rig.keys("long back")
        assert "Undone: die lost" in rig.text
    finally:
        rig.close()
