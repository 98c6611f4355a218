"""Guards the architecture contracts: pure rules, screens without hardware, games that use
the API alone and do not import each other, no import cycles (import-linter, configured in
pyproject.toml)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.config import registry

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
PURE = next(c for c in CONFIG["contracts"] if c["type"] == "forbidden"
            and c["name"].startswith("Rules are pure"))


def lint_imports(package_root: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports with the project's contracts on the ``companion`` under a folder."""
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
         "lint_imports_command()", "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
        cwd=package_root, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(package_root)})


@pytest.fixture(scope="module")
def copy_of_companion(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tree")
    shutil.copytree(ROOT / "companion", root / "companion",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pbm", "*.pil", "*.gz"))
    return root


def test_the_contracts_hold() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout[-2000:]
    assert "6 kept, 0 broken" in run.stdout


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("games/genial/scoring.py", "import random", "Rules are pure"),
    ("games/brikks/rules.py", "import sqlite3", "Rules are pure"),
    ("games/area_tiles/rules.py", "import time", "Rules are pure"),
    ("api/rules.py", "from companion.ui import widgets", "Rules are pure"),
    # only a rules module may read its game's declaration; no other pure module
    ("games/genial/scoring.py", "from companion.games.genial import GAME", "Rules are pure"),
    ("ui/widgets.py", "import gpiozero", "Screens know keys, not pins"),
    ("games/brain_crush/rules.py", "from companion.games.four_stones import rules",
     "No game imports another game"),
    ("games/brikks/state.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    from companion.games.brikks.rules import State", "No import cycles"),
    # Siblings of one layer are independent: these break the layers and nothing else.
    ("shell/keys_help.py", "import companion.hw.buzzer", "Layers"),
    ("records/stats.py", "import companion.hw.fakebus", "Layers"),
    # The box's loop and the phone page are two front ends: neither imports the other,
    # and the box's screens do not import the page (issue 43).
    ("web/tonight.py", "import companion.app.session", "Layers"),
    ("shell/phone.py", "import companion.web.pair", "Layers"),
    # A game's screen reaching past the API into the UI kit breaks that contract alone.
    ("games/brikks/screens/score.py", "from companion.ui import widgets",
     "A game uses the API alone"),
    ("games/dice_test/rules.py", "from companion.core import fairness",
     "A game uses the API alone"),
])
def test_a_broken_contract_fails(copy_of_companion: Path, module: str, line: str,
                                 contract: str) -> None:
    path = copy_of_companion / "companion" / module
    before = path.read_text()
    path.write_text(before + "\n" + line + "  # noqa\n")
    try:
        run = lint_imports(copy_of_companion)
    finally:
        path.write_text(before)
    assert run.returncode != 0
    broken = [ln for ln in run.stdout.splitlines() if re.search(r" BROKEN( \(.*\))?$", ln)]
    assert len(broken) == 1 and broken[0].startswith(contract), run.stdout[-1500:]


def test_every_module_of_a_game_is_pure_or_a_screen() -> None:
    """A new helper module in a game package must be named in the purity contract."""
    pure_names = {m.rsplit(".", 1)[1] for m in PURE["source_modules"] if ".*." in m}
    for key in registry.built_in():
        folder = ROOT / "companion" / "games" / key
        for path in folder.iterdir():
            name = path.stem
            if name in ("__init__", "__pycache__", "screens", "locale"):  # locale: catalogues
                continue
            if path.suffix == ".md":  # its rules text for the phone page (package data)
                continue
            assert name in pure_names, f"{path}: a module neither pure (listed) nor screens"


def test_every_built_in_game_is_in_the_independence_contract() -> None:
    independent = next(c for c in CONFIG["contracts"] if c["type"] == "independence")
    assert [m.rsplit(".", 1)[1] for m in independent["modules"]] == list(registry.built_in())


def test_listing_the_games_loads_no_rules_or_screens() -> None:
    """The start menu lists every game at start-up: their declarations must stay light
    (Brain Robbery's action names once pulled its rules' data in: +20 ms to the first frame)."""
    code = ("import sys; from companion.config import registry; "
            "registry.menu((), ()); "
            "print(sorted(m for m in sys.modules if m.startswith('companion.games.') and "
            "m.rsplit('.', 1)[1] in ('rules', 'screens', 'data', 'state', 'entries', 'scoring')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr
