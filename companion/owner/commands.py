"""The one-shot commands behind ``companion roll`` and ``companion history``."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core.dice import Dice
from companion.core.dicesets import Die, NotationError, parse, roll_line
from companion.core.errors import CommandError
from companion.core.i18n import _, ngettext, package_translator
from companion.core.i18n import number as as_number
from companion.core.os_reasons import reason


def roll(spec: str, dice: Dice | None = None,
         named: Mapping[str, Sequence[Die]] | None = None) -> str:
    """Roll ``NdS`` dice, a mixed set (``2d6+d20``), a die or set named in the config
    (``colour``), or a game's dice (``brikks``, ``brain-robbery``); one line.

    >>> roll("2d6", Dice.seeded(1))
    '2d6: 2 5 = 7'
    """
    dice = dice or Dice()
    name = spec.strip().lower()
    if name == "brikks":
        from companion.core.dice import COLOUR_DIE

        number, colour = dice.roll(4)[0], dice.pick(COLOUR_DIE)
        words = package_translator("companion.games.brikks").gettext
        return _("Brikks: {colour} block, column {n} (d4 {n}, colour die {colour})").format(
            colour=words(colour), n=number)
    if name in ("brain-robbery", "brain_robbery"):
        a, b = dice.roll(6, 2)
        return _("Brain Robbery: {a} + {b} = {total} (two dice; add your brain's Run)").format(
            a=a, b=b, total=a + b)
    try:
        parsed = parse(name, named)
    except NotationError as err:
        shown = spec if len(spec) <= 24 else spec[:20] + "…"  # 5,000 digits: not again
        raise NotationError("cannot roll {spec!r}: {why}", spec=shown, why=err) from None
    faces = [dice.pick(d.faces) for d in parsed]
    return roll_line(name, parsed, faces)


def wrote(plays: int, path: str) -> str:
    """The line saying what ``--bgstats`` wrote.

    >>> wrote(1, "plays.bgsplay")
    'Wrote 1 play to plays.bgsplay'
    """
    return ngettext("Wrote {n} play to {path}", "Wrote {n} plays to {path}", plays).format(
        n=as_number(plays), path=path)


def said(line: str) -> None:
    """One line about the log (a notice, skipped records) on stderr, in the box's language."""
    import sys

    from companion.core import i18n

    print(f"companion: {i18n.shown(line)}", file=sys.stderr, flush=True)


def open_log(config: Config, db: str | None = None, *, write: bool = False) -> Any:
    """The log for a one-shot command (:meth:`Store.open_existing
    <companion.log.store.Store.open_existing>`): never created elsewhere than in the state
    folder, never moved or repaired (only ``companion run`` does that); read from a
    copy unless ``write``."""
    from companion.log.store import Store

    path = Path(db) if db else Path(config.state_dir()) / "companion.db"
    if write and not db and not path.exists():
        return Store.open(path)  # the box's own log, before its first start
    store = Store.open_existing(path, write=write)
    if store.notice:
        said(store.notice)
    return store


def history(config: Config, *, db: str | None = None, fmt: str = "table",
            bgstats: str | None = None, note: Callable[[str], None] | None = None) -> str:
    """Finished games as a table (with win counts), CSV or JSON; ``bgstats`` writes a BG
    Stats file to that path instead of the table, and the result is one line saying so
    (with ``--csv``/``--json`` that line goes to ``note``, the export stays the output)."""
    from companion.log.guard import refuse_writing
    from companion.records import export

    if bgstats:  # before anything is read: the file named may be the log itself
        refuse_writing(bgstats, Path(db) if db else Path(config.state_dir()) / "companion.db")
    store = open_log(config, db)
    try:
        rows = export.plays(store)
        skipped = store.skipped_line()
    finally:
        store.close()
    if skipped:
        said(skipped)
    if bgstats:
        try:
            with open(bgstats, "w", encoding="utf-8") as f:
                json.dump(export.as_bgstats(rows), f, indent=1, ensure_ascii=False)
        except OSError as err:
            raise CommandError("cannot write {bgstats}: {why}.",
                               bgstats=bgstats, why=reason(err)) from None
    if bgstats and fmt == "table":
        return wrote(len(rows), bgstats) + "\n"
    if bgstats and note is not None:
        note(wrote(len(rows), bgstats))
    if fmt == "json":
        return export.as_json(rows)
    if fmt == "csv":
        return export.as_csv(rows)
    return export.as_table(rows)
