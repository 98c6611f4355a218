"""``make translations``: bring every catalogue in step with the code.

Each package that shows words has ``locale/<lang>/LC_MESSAGES/messages.po``: the core
(``companion/``, without the games) and each game package (``companion/games/<key>/``,
or a plugin's own package). This extracts the messages each one's code marks — ``_()``,
``ngettext()``, ``N_()`` (in Python and in the phone page's Jinja templates), and the
templates of ``require(cond, "...")``,
``RuleError("...")``, ``ConfigError("...")``, ``NotationError("...")`` and
``DiceMessageError("...")`` — and
updates its ``.po`` files: new messages are added untranslated, vanished ones are kept
as obsolete. ``--check`` changes nothing and exits 1 listing what is untranslated (the
test suite runs it too).

    python tools/translations.py            # update
    python tools/translations.py --check    # what is missing

A game package of its own (a plugin, like ``examples/high_card``) keeps its catalogue in
its package too: create ``<package>/locale/ja/LC_MESSAGES/`` and run this with
``--package <package folder>`` (the examples in this repository are covered without it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("ja",)
KEYWORDS = {**DEFAULT_KEYWORDS, "require": (2,), "RuleError": (1,), "ConfigError": (1,),
            "NotationError": (1,), "DiceMessageError": (1,), "NC_": ((1, "c"), 2),
            "said": (1,), "said_n": (1, 2), "word": (1,), "StorageError": (1,),
            "CommandError": (1,), "BackupError": (1,), "RosterError": (1,), "BadName": (1,),
            "AlikeName": (1,),
            "HardwareError": (1,), "PanelSizeError": (1,), "Notice": (1,), "notice_n": (1, 2)}


def packages(root: Path = ROOT / "companion") -> list[Path]:
    """The folders that keep a catalogue: the core, every game package, and the example
    game packages outside the core (``examples/*/<package>/locale``)."""
    games = sorted(p for p in (root / "games").iterdir()
                   if (p / "__init__.py").is_file() and (p / "locale").is_dir())
    plugins = sorted(p.parent for p in (ROOT / "examples").glob("*/*/locale")
                     if (p.parent / "__init__.py").is_file())
    return [root, *games, *plugins]


def locale_dir(package: Path) -> Path:
    """Where ``package`` keeps its catalogues: the core's are in ``companion/core/locale``."""
    return package / "core" / "locale" if package == ROOT / "companion" else package / "locale"


def template(package: Path, core: bool) -> Catalog:
    """Every message marked in ``package``'s code (the core leaves its games out)."""
    catalog = Catalog(project="companion", charset="utf-8")

    for filename, lineno, message, comments, context in extract_from_dir(
            package, method_map=[("**.py", "python"),
                                 ("**/templates/**.html", "jinja2.ext:babel_extract")],
            options_map={"**/templates/**.html": {"trim_blocks": "true",
                                                  "lstrip_blocks": "true"}},
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if core and Path(filename).parts[:1] == ("games",) and len(Path(filename).parts) > 2:
            continue  # a game's words live in the game's own catalogue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def catalogues(chosen: list[Path] | None = None) -> Iterator[tuple[Path, str, Catalog, Catalog]]:
    """(po path, language, template, current catalogue) for every package (or the
    ``chosen`` ones) and language."""
    for package in chosen or packages():
        tmpl = template(package, core=package == ROOT / "companion")
        for lang in LANGUAGES:
            po = locale_dir(package) / lang / "LC_MESSAGES" / "messages.po"
            if po.is_file():
                with open(po, "rb") as fp:
                    current = read_po(fp, locale=lang)
            else:
                current = Catalog(locale=lang, project="companion", charset="utf-8")
            yield po, lang, tmpl, current


def untranslated(tmpl: Catalog, current: Catalog) -> list[str]:
    """The template's messages that ``current`` does not translate (or marks fuzzy)."""
    out = []
    for message in tmpl:
        if not message.id:
            continue
        found = current.get(message.id, context=message.context)
        strings = found.string if found is not None else None
        if isinstance(strings, tuple):
            done = all(strings)
        else:
            done = bool(strings)
        if found is None or not done or found.fuzzy:
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only list what is missing")
    parser.add_argument("--package", action="append", type=Path, metavar="DIR",
                        help="only this package folder (a game of your own); repeatable")
    args = parser.parse_args(argv)
    chosen = [p.resolve() for p in args.package or []]
    for package in chosen:
        if not (package / "__init__.py").is_file():
            parser.error(f"{package} is not a Python package (no __init__.py).")
    missing = 0
    for po, _lang, tmpl, current in catalogues(chosen):
        todo = untranslated(tmpl, current)
        missing += len(todo)
        where = po.relative_to(ROOT) if po.is_relative_to(ROOT) else po
        if args.check:
            for text in todo:
                print(f"{where}: untranslated: {text!r}")
            continue
        current.update(tmpl, update_header_comment=False)
        po.parent.mkdir(parents=True, exist_ok=True)
        with open(po, "wb") as fp:
            write_po(fp, current, width=100, sort_output=False, include_previous=False)
        print(f"{where}: {len(tmpl)} messages, {len(todo)} to translate")
    return 1 if args.check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
