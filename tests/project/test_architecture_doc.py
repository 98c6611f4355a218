"""Guards docs/architecture.md against the tree (issue 46): ``ls companion`` and the
layout block name the same parts, and every module of a package is named in that
package's entry, so a reader's map is the code's."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
LAYOUT = DOC.split("```", 2)[1]


def entries() -> dict[str, str]:
    """Each top-level name of the layout block → its text (continuation lines included)."""
    found: dict[str, str] = {}
    name = None
    for line in LAYOUT.splitlines()[1:]:
        m = re.match(r"  (\S+?)/?\s{2,}(.*)", line)
        if m:
            name = m.group(1).rstrip("/")
            found[name] = m.group(2)
        elif name and line.startswith(" " * 16):
            found[name] += " " + line.strip()
    return found


def test_ls_companion_and_the_layout_name_the_same_parts() -> None:
    listed = set(entries())
    on_disk = {p.name.removesuffix(".py") if p.suffix == ".py" else p.name
               for p in (ROOT / "companion").iterdir()
               if p.name != "__pycache__" and (p.is_dir() or p.suffix == ".py")}
    assert {n.removesuffix(".py") for n in listed} == on_disk


def test_every_module_is_named_in_its_packages_entry() -> None:
    missing = []
    for name, text in entries().items():
        folder = ROOT / "companion" / name
        if not folder.is_dir() or name == "games":
            continue
        words = set(re.findall(r"[a-z_0-9]+", text))
        for module in sorted(folder.glob("*.py")):
            if module.stem != "__init__" and module.stem not in words:
                missing.append(f"{name}/{module.name}")
        packages = (p for p in folder.iterdir() if (p / "__init__.py").exists())
        for sub in sorted(packages):
            if sub.name not in words:
                missing.append(f"{name}/{sub.name}/")
    assert missing == []
