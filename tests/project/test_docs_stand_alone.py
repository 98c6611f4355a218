"""Guards that the docs stand on their own: every link and every file a page names is in
this repository (the game pages once pointed at rule pages that were not)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "README.ja.md"]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
NAMED = re.compile(r"`((?:shared|rules|docs|tests|companion)/[^`\s]+\.(?:md|py|txt))`")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_and_named_file_is_in_the_repository(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    missing = [t for t in LINK.findall(text)
               if "://" not in t and not (page.parent / t).exists()]
    missing += [t for t in NAMED.findall(text) if not (ROOT / t).exists()]
    assert missing == [], f"{page.name} points outside the repository: {missing}"
