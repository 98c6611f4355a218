"""Each game's rules text for the phone page, taken from its page in docs/: the English
(everything before the Japanese summary, without the screen pictures) as the package's
``rules.md``, the Japanese summary as ``rules.ja.md``. docs/<key>.md stays the one place
to edit; after editing it run

    .venv/bin/python -m tests.web.rules_text      # rewrites companion/games/*/rules*.md

(tests/web/test_rules_pages.py fails while the two differ). A game not in
:data:`SOURCES` writes its rules page in its package (``rules.md``, ``rules.ja.md``): the
rulebook's rules in its own terms, then how the box's keys do it (issue 41: Brain Crush's
page opened with the Four-Colour Stones text of the docs page the two games share).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: game key → its page in docs/ (two games share a page where the docs do).
SOURCES = {"genial": "genial", "brikks": "brikks", "brain_robbery": "brain_robbery",
           "four_stones": "four_stones",
           "area_tiles": "area_tiles", "score_pad": "score_pad", "any_dice": "any_dice",
           "dice_test": "any_dice", "turn_timer": "turn_timer"}
JAPANESE = "## 日本語の要約"


def texts(doc: str) -> tuple[str, str]:
    """(English, Japanese) of ``docs/<doc>.md``, as the package ships them."""
    text = (ROOT / "docs" / f"{doc}.md").read_text(encoding="utf-8")
    english, _sep, japanese = text.partition(JAPANESE)
    english = "\n".join(line for line in english.splitlines()
                        if not line.lstrip().startswith("!["))
    english = re.sub(r"\n{3,}", "\n\n", english).strip() + "\n"
    heading, _nl, body = japanese.partition("\n")
    title = re.sub(r"^[\s((]+|[\s))]+$", "", heading)
    return english, f"# {title}\n{body.rstrip()}\n" if body.strip() else ""


def wanted() -> dict[Path, str]:
    out = {}
    for key, doc in SOURCES.items():
        english, japanese = texts(doc)
        folder = ROOT / "companion" / "games" / key
        out[folder / "rules.md"] = english
        if japanese:
            out[folder / "rules.ja.md"] = japanese
    return out


if __name__ == "__main__":
    for path, text in wanted().items():
        path.write_text(text, encoding="utf-8")
        print(path.relative_to(ROOT))
