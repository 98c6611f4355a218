"""Guards companion.api, the game makers' public API: the worked example imports nothing
else from the companion, and the map in the API's docstring names only what is there."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import companion.api

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "high_card"
PUBLIC = re.compile(r"^companion\.(api(\.(declaration|rules|screens))?|testing)$")


def companion_imports(path: Path) -> set[str]:
    """Every ``companion…`` module that ``path`` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m == "companion" or m.startswith("companion.")}


def test_the_example_imports_only_the_public_api() -> None:
    files = [p for p in EXAMPLE.rglob("*.py") if ".egg-info" not in str(p)]
    assert len(files) >= 5
    internal = {f"{p.relative_to(EXAMPLE)}: {m}" for p in files
                for m in companion_imports(p) if not PUBLIC.match(m)}
    assert internal == set()


def test_the_map_names_only_what_is_there() -> None:
    """Each ``name`` listed under a module of the docstring's map is in that module."""
    sections = re.split(r"^``(companion\.[a-z.]+)``", companion.api.__doc__ or "", flags=re.M)
    checked = 0
    for module_name, text in zip(sections[1::2], sections[2::2], strict=True):
        module = importlib.import_module(module_name)
        for name in re.findall(r"``([A-Za-z_]+)``", text):
            if name.isupper() and name in ("DICE", "SCREENSHOTS"):  # a game's own names
                continue
            assert hasattr(module, name), f"{module_name} has no {name}"
            checked += 1
    assert checked > 40


def test_every_name_the_api_exports_is_there() -> None:
    for which in ("declaration", "rules", "screens"):
        module = importlib.import_module(f"companion.api.{which}")
        assert [n for n in module.__all__ if not hasattr(module, n)] == []
