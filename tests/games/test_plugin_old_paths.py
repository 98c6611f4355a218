"""Guards a third-party game written before the public API (companion.api): one that
imports the companion's old module names (companion.catalogue, companion.games.base,
companion.ui.menus, companion.i18n) still loads and plays for one release, with a
DeprecationWarning naming where each name went."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

from companion.config import registry as catalogue
from companion.config.registry import GameInfo
from tests.plugin_package import KEY, play_a_round, plugin  # noqa: F401  (a fixture)

#: The fixture's public-API imports → what a game written before companion.api said.
OLD = {
    "__init__.py": ("from companion.api.declaration import N_, NC_, GameInfo\n",
                    "from companion.catalogue import GameInfo\n"
                    "from companion.i18n import N_, NC_\n"),
    "rules.py": ("from companion.api.rules import Result, players_from, require\n",
                 "from companion.games.base import Result, players_from, require\n"),
    "screens.py": ("from companion.api.screens import (\n    Context,\n    Painter,\n"
                   "    Screen,\n    SetupScreen,\n    game_title,\n    hint,\n    page_list,\n"
                   "    title_bar,\n    translator,\n    winner_page,\n)\n",
                   "from companion.catalogue import title as game_title\n"
                   "from companion.i18n import translator\n"
                   "from companion.ui.menus import SetupScreen\n"
                   "from companion.ui.paint import Painter\n"
                   "from companion.ui.screen import Context, Screen\n"
                   "from companion.ui.widgets import hint, page_list, title_bar, winner_page\n"),
}
OLD_NAMES = ("companion.catalogue", "companion.i18n", "companion.games.base", "companion.ui.menus")


def written_against_old_paths(package: Path) -> None:
    for name, (new, old) in OLD.items():
        path = package / name
        text = path.read_text()
        assert new in text, f"{name}: the fixture's imports changed; update OLD"
        path.write_text(text.replace(new, old))


def test_a_game_written_against_the_old_paths_loads_and_plays(
        plugin: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    written_against_old_paths(plugin)
    for name in OLD_NAMES:  # imported by an earlier test: import each afresh here
        monkeypatch.delitem(sys.modules, name, raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert isinstance(catalogue.discover()[KEY], GameInfo)
        assert catalogue.import_problem(KEY) is None
    said = {str(w.message).split(" has moved")[0] for w in caught
            if w.category is DeprecationWarning}
    assert said == set(OLD_NAMES)
    assert any("companion.games.base has moved to companion.api.rules" in str(w.message)
               for w in caught)
    play_a_round()
