"""Guards a plugin whose declaration loads but whose rules or screens module does not
import: ``companion doctor`` names it (and does not count it as installed), and
``companion screenshot --list``/``--all`` leave it out with a line instead of crashing."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from companion.config import registry
from companion.owner import cli, screenshots
from companion.owner.doctor.games import games_report

DECLARATION = '''from companion.config.registry import GameInfo

GAME = GameInfo(key="{key}", title="Ghost", short="Ghost", min_players=1, max_players=4,
                rules="{rules}", screens="{screens}")
'''


@pytest.fixture
def ghosts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``ghost_rules``: its rules module is missing; ``ghost_screens``: its screens module
    needs a library that is not installed."""
    (tmp_path / "ghost_a.py").write_text(DECLARATION.format(
        key="ghost_rules", rules="ghost_a_rules", screens="companion.games.genial.screens"))
    (tmp_path / "ghost_b.py").write_text(DECLARATION.format(
        key="ghost_screens", rules="companion.games.genial.rules", screens="ghost_b_screens"))
    (tmp_path / "ghost_b_screens.py").write_text("import fancy_cards_lib\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(screenshots, "_SAID", set(), raising=False)
    real = registry.entry_points
    extra = [EntryPoint("ghost_rules", "ghost_a:GAME", registry.GROUP),
             EntryPoint("ghost_screens", "ghost_b:GAME", registry.GROUP)]
    monkeypatch.setattr(registry, "entry_points", lambda group: [*real(group=group), *extra])
    registry.discover.cache_clear()
    yield
    registry.discover.cache_clear()


@pytest.mark.usefixtures("ghosts")
def test_doctor_names_a_game_whose_modules_do_not_import() -> None:
    lines = [str(c) for c in games_report()]
    installed = len(registry.built_in()) + 1  # and high_card, the example plugin
    assert lines[0].startswith(f"ok    games: {installed} installed: ") and "ghost" not in lines[0]
    assert ("FAIL  game ghost_rules: its rules module ghost_a_rules does not import "
            "(ModuleNotFoundError: No module named 'ghost_a_rules').\n      fix: reinstall "
            "or remove the package that registers it") in lines
    assert ("FAIL  game ghost_screens: its screens module ghost_b_screens does not import "
            "(ModuleNotFoundError: No module named 'fancy_cards_lib').") in "\n".join(lines)


@pytest.mark.usefixtures("ghosts")
def test_screenshot_list_leaves_them_out_with_a_line(capsys) -> None:  # noqa: ANN001
    assert cli.main(["screenshot", "--list"]) == 0
    out, err = capsys.readouterr()
    assert "menu" in out.split() and "genial-board" in out.split()
    assert err.splitlines() == [
        "companion: the game ghost_rules is left out: its rules module ghost_a_rules does "
        "not import (ModuleNotFoundError: No module named 'ghost_a_rules').",
        "companion: the game ghost_screens is left out: its screens module ghost_b_screens "
        "does not import (ModuleNotFoundError: No module named 'fancy_cards_lib')."]


@pytest.mark.usefixtures("ghosts")
def test_a_screenshot_still_renders_and_says_so_once(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    assert cli.main(["screenshot", "menu", "--out", str(tmp_path / "m.png")]) == 0
    assert len(capsys.readouterr().err.splitlines()) == 2
    assert cli.main(["screenshot", "games", "--out", str(tmp_path / "g.png")]) == 0
    assert (tmp_path / "m.png").is_file() and (tmp_path / "g.png").is_file()
    assert capsys.readouterr().err == ""  # said once in this run, above
