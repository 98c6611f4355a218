"""Found by pi-check (issue 42): the README's first step on a Pi runs ``python3 -m
companion install-service --dry-run`` in the fresh clone, before pip has installed
anything, so no ``companion.games`` entry point is registered; every game was missing and
the preset's config refused itself ("games.hide: hides every game"). From a checkout the
companion's own games come from its pyproject.toml."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import registry
from companion.config.file import from_mapping

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def not_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As in a clone pip has not installed: no entry point of the group at all (the games
    found are counted afresh, and again for the tests after)."""
    monkeypatch.setattr(registry, "entry_points", lambda group: [])
    registry.discover.cache_clear()
    yield
    registry.discover.cache_clear()


def test_a_checkout_not_installed_has_every_game_of_its_pyproject(not_installed) -> None:  # type: ignore[no-untyped-def]
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "entry-points"][registry.GROUP]
    assert set(registry.discover()) == set(declared)
    assert set(registry.built_in()) == set(declared)
    assert registry.find("brikks") is not None


def test_a_config_that_hides_some_games_loads_from_a_checkout(not_installed) -> None:  # type: ignore[no-untyped-def]
    config = from_mapping({"games": {"hide": ["dice_test"]}})
    assert config.games["hide"] == ("dice_test",)
