"""``companion history``: finished games as a table, CSV, JSON or a BG Stats file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core.errors import CommandError
from companion.core.i18n import ngettext
from companion.core.i18n import number as as_number
from companion.core.os_reasons import reason
from companion.log.opening import log_path
from companion.owner.command_log import open_log, tell_stderr


def wrote(plays: int, path: str) -> str:
    """The line saying what ``--bgstats`` wrote.

    >>> wrote(1, "plays.bgsplay")
    'Wrote 1 play to plays.bgsplay'
    """
    return ngettext("Wrote {n} play to {path}", "Wrote {n} plays to {path}", plays).format(
        n=as_number(plays), path=path)


def history(config: Config, *, db: str | None = None, fmt: str = "table",
            bgstats: str | None = None, note: Callable[[str], None] | None = None,
            since: Any = None, game: str | None = None, tools: bool = False) -> str:
    """Finished games as a table (with win counts), CSV or JSON; ``bgstats`` writes a BG
    Stats file to that path instead of the table, and the result is one line saying so
    (with ``--csv``/``--json`` that line goes to ``note``, the export stays the output).
    ``since`` (a date) and ``game`` (a key) choose the plays; a tool's sessions go to BG
    Stats only with ``tools``."""
    from companion.log.guard import refuse_writing
    from companion.records import bgstats as bgs
    from companion.records import csv_export, json_export, table
    from companion.records.plays import plays

    if bgstats:  # before anything is read: the file named may be the log itself
        refuse_writing(bgstats, Path(db) if db else log_path(config.state_dir()))
    store = open_log(config, db)
    try:
        rows = plays(store, since=since, game=game)
        skipped = store.skipped_line()
    finally:
        store.close()
    if skipped:
        tell_stderr(skipped)
    if bgstats:
        data = bgs.as_bgstats(rows, location=config.records["location"], tools=tools)
        try:
            with open(bgstats, "w", encoding="utf-8") as f:
                json.dump(data, f, indent=1, ensure_ascii=False)
        except OSError as err:
            raise CommandError("cannot write {bgstats}: {why}.",
                               bgstats=bgstats, why=reason(err)) from None
        written = len(data["plays"])
        if fmt == "table":
            return wrote(written, bgstats) + "\n"
        if note is not None:
            note(wrote(written, bgstats))
    if fmt == "json":
        return json_export.as_json(rows)
    if fmt == "csv":
        return csv_export.as_csv(rows)
    return table.as_table(rows)
