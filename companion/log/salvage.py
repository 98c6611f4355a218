"""Salvage: a damaged log becomes a new one that loses at most what the card destroyed.

:meth:`Store.open <companion.log.store.Store.open>` calls :func:`rebuild` after it has set
a damaged file aside. The new log starts as a copy of the newest backup that passes
``PRAGMA integrity_check``; then every row still readable from the damaged file is
added on top, table by table (every table of the schema, whatever it holds) and row
by row, skipping what fails to read:

* a table read to its end without an error is taken as the damaged file has it (it is
  newer than the backup: an undo since then stays undone);
* a table read only in parts adds what it could read, replacing the backup's version
  of the same rows;
* when the file is whole but *behind* its newest backup (its WAL file was lost or
  torn: :func:`behind`), the backup's rows win and the file only adds rows it lacks.

Rows whose parent row is gone are dropped, and an unfinished game keeps its actions up
to the first missing one, so it replays as far as its actions were readable. A file
whose 100-byte header was overwritten is read with a rebuilt header. The details go to
stderr (the journal, under systemd); :meth:`Report.line` is the sentence for the screen.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import struct
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.core.i18n import Notice, notice_n
from companion.log.backups import (
    above_backups,
    copy_log,
    folder_for,
    fsync_dir,
    generation_of,
    log_identity,
    own,
    stamp_of,
)
from companion.log.rows import read_rows, trim_gaps
from companion.log.schema import GENERATION_LIMIT, identity, problem

#: Columns holding JSON the app parses on reading: a row where one does not parse is
#: skipped rather than crashing the replay.
JSON_COLUMNS = {"games": ("options", "result"), "actions": ("action",)}
MAGIC = b"SQLite format 3\x00"
PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)


@dataclass
class Report:
    """What a rebuild recovered, for the screen and the log."""

    backup: Path | None = None
    backup_games: int = 0
    backup_actions: int = 0
    read: dict[str, int] = field(default_factory=dict)  # rows read per table
    damaged: dict[str, int] = field(default_factory=dict)  # unreadable stretches per table
    stray: dict[str, int] = field(default_factory=dict)  # rows found on unreachable pages
    skipped: int = 0  # rows read but refused (bad JSON, constraint, orphan)
    trimmed: int = 0  # actions after a gap in an unfinished game
    games: int = 0
    finished: int = 0
    actions: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def recovered(self) -> bool:
        return self.games > 0

    @property
    def when(self) -> str:
        """The backup's time, local, as the menus write dates: ``11-22 14:05``."""
        stamp = stamp_of(self.backup) if self.backup else None
        return time.strftime("%m-%d %H:%M", time.localtime(stamp)) if stamp else "?"

    def line(self) -> Notice:
        """One or two lines for the screen, shown in the language in use.

        >>> Report(backup=Path("companion-20261122-140500.db"), backup_games=3,
        ...        backup_actions=40, games=4, actions=57).line()[:34]
        'Log damaged: 4 games back from the'
        """
        later = max(0, self.actions - self.backup_actions)
        games = notice_n("{n} game", "{n} games", self.games)
        if self.backup is None:
            return Notice("Log damaged: {games}, {actions} read back.", games=games,
                          actions=notice_n("{n} action", "{n} actions", self.actions))
        if later:
            return Notice("Log damaged: {games} back from the {when} backup, {later}.",
                          games=games, when=self.when,
                          later=notice_n("{n} later action", "{n} later actions", later))
        return Notice("Log damaged: {games} back from the {when} backup.", games=games,
                      when=self.when)

    def details(self) -> list[str]:
        """Everything worth a line in the journal."""
        out = [f"backup used: {self.backup} ({self.backup_games} games, "
               f"{self.backup_actions} actions)" if self.backup else "no usable backup"]
        for table, rows in self.read.items():
            stretches = self.damaged.get(table, 0)
            out.append(f"{table}: {rows} rows read from the damaged file"
                       + (f", {stretches} unreadable stretches skipped" if stretches else
                          ", read to the end")
                       + (f", {self.stray[table]} more found on pages its tree no longer "
                          "reaches" if self.stray.get(table) else ""))
        out.append(f"new log: {self.games} games ({self.finished} finished), "
                   f"{self.actions} actions; {self.skipped} rows refused, "
                   f"{self.trimmed} actions after a gap dropped")
        return out + self.notes


def behind(path: str | Path, conn: sqlite3.Connection) -> bool:
    """True when the log at ``path`` (open as ``conn``) lost commits its newest backup
    holds (its WAL file was lost or torn): every saved change counts up the log's
    ``user_version`` (:attr:`Store.generation <companion.log.store.Store.generation>`), and
    the backup's count is higher. An undo counts up too, so it is never mistaken. Another
    log's backup (another box's, dropped in by hand) is set aside, never compared."""
    try:
        mine = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error:
        return False
    # A log that never saved a change (just made: its identity is new) is behind any
    # backup; one that did is compared with its own backups only.
    found = own(folder_for(path), identity(conn) if mine else None)
    if not found:
        return False
    try:
        theirs = _read_only(found[-1])
        try:
            newest = theirs.execute("PRAGMA user_version").fetchone()[0]
        finally:
            theirs.close()
    except sqlite3.Error:
        return False
    if not 0 <= newest <= GENERATION_LIMIT:
        return False  # a crafted count, never a real backup's: no log is behind it
    return newest > mine


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)


def newest_good_backup(folder: Path, report: Report, schema: int,
                       mine: str | None = None) -> Path | None:
    """The newest backup (by content) in ``folder`` of the log whose identity is ``mine``
    (None: unknown, any) that passes ``integrity_check``, is a companion log, and whose
    schema version is at most ``schema`` (this companion's)."""
    for path in reversed(own(folder, mine)):
        try:
            conn = _read_only(path)
            try:
                ok = conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
                foreign = problem(conn)
                version = conn.execute("SELECT version FROM schema_version").fetchone()[0]
            finally:
                conn.close()
        except sqlite3.Error as err:
            report.notes.append(f"backup {path.name} unreadable: {err}")
            continue
        if foreign is not None:
            report.notes.append(f"backup {path.name} skipped: {foreign}")
            continue
        if ok and version <= schema:
            return path
        report.notes.append(f"backup {path.name} skipped: "
                            f"{'newer schema' if ok else 'fails its integrity check'}")
    return None


def rebuild(path: Path, aside: Path, *, migrate: Callable[[sqlite3.Connection], int],
            schema: int, newer: str = "damaged", out: TextIO | None = None,
            into: Path | None = None, kept: str | None = None, rows: bool = True) -> Report:
    """Build a new log at ``into`` (default ``path``, the log whose backups are used;
    it must not exist) from the newest good backup and the rows readable from
    ``aside``; ``newer`` is ``"damaged"`` or ``"backup"`` (which wins where both hold a
    row). ``migrate`` brings a connection to this companion's schema, version ``schema``
    (the store's own, passed in so this module does not import the store); ``kept``
    names the file the damaged log will be kept as, for the journal; without ``rows``
    nothing is read from ``aside`` (a file that is not a companion log). The new log appears
    at ``into`` whole (written beside it and fsynced first) or not at all. Never raises:
    whatever fails is reported and leaves no file, so a fresh log is started."""
    out = out if out is not None else sys.stderr
    report = Report()
    into = into if into is not None else path
    tmp = into.with_name(f".{path.name}.salvage")
    try:
        _build(path, aside if rows else None, tmp, newer, report, migrate, schema, into)
    except (OSError, sqlite3.Error) as err:
        report.games = 0
        report.notes.append(f"salvage failed: {err}")
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{tmp}{suffix}").unlink(missing_ok=True)
    for line in [f"kept the damaged log as {kept or aside.name}", *report.details()]:
        print(f"companion: salvage: {line}", file=out, flush=True)
    return report


def _build(path: Path, aside: Path | None, tmp: Path, newer: str, report: Report,
           migrate: Callable[[sqlite3.Connection], int], schema: int, into: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{tmp}{suffix}").unlink(missing_ok=True)
    # The log's own identity picks its own backups; a log that never saved a change was
    # just made (its identity is new) and any backup is its own.
    mine = log_identity(aside, immutable=True) if aside and generation_of(aside) else None
    report.backup = newest_good_backup(folder_for(path), report, schema, mine)
    if report.backup is not None:
        copy_log(report.backup, tmp, verify=False)
    conn = sqlite3.connect(tmp, isolation_level=None)
    try:
        migrate(conn)  # the backup may be older than this companion
        report.backup_games, report.backup_actions = _counts(conn)[:2] \
            if report.backup else (0, 0)
        with tempfile.TemporaryDirectory(dir=tmp.parent, prefix=".salvage-") as scratch:
            src = open_damaged(aside, Path(scratch), report) if aside else None
            if src is not None:
                try:
                    merge(src, conn, newer=newer, report=report,
                          pages=Path(scratch) / "damaged.db")
                finally:
                    src.close()
        if mine is not None:  # the rebuilt log stays the same log as its backups
            conn.execute("UPDATE identity SET log = ?", (mine,))
        report.trimmed = trim_gaps(conn)
        above_backups(conn, folder_for(path))
        report.games, report.actions, report.finished = _counts(conn)
        conn.execute("PRAGMA journal_mode=DELETE")
        check = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise sqlite3.DatabaseError(f"the rebuilt log fails its check: {check}")
    finally:
        conn.close()
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, into)
    fsync_dir(into.parent)


def _counts(conn: sqlite3.Connection) -> tuple[int, int, int]:
    games, finished = conn.execute(
        "SELECT COUNT(*), COUNT(finished) FROM games").fetchone()
    actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    return games, actions, finished


def header(page_size: int, wal: bool) -> bytes:
    """A plain 100-byte database header for reading a file whose own was destroyed:
    the page count, freelist and schema cookie are left for SQLite to work out."""
    mode = 2 if wal else 1
    return struct.pack(">16sHBBBBBB12I20sII", MAGIC, 1 if page_size == 65536 else page_size,
                       mode, mode, 0, 64, 32, 32,
                       1, 0, 0, 0, 1, 4, 0, 0, 1, 0, 0, 0, bytes(20), 0, 3040001)


def open_damaged(aside: Path, scratch: Path, report: Report) -> sqlite3.Connection | None:
    """A connection to a scratch copy of the damaged file (and its WAL), header rebuilt
    if it was destroyed; None when not even its table list can be read."""
    copy = scratch / "damaged.db"
    shutil.copyfile(aside, copy)
    wal = Path(f"{aside}-wal")
    if wal.exists():
        shutil.copyfile(wal, f"{copy}-wal")
    if _tables(copy):
        return _settled(copy)
    original = copy.read_bytes()[:100]
    for size in PAGE_SIZES:
        with open(copy, "r+b") as f:
            f.write(header(size, wal.exists()))
        if _tables(copy):
            report.notes.append(f"the file's header did not match it; read with a rebuilt one "
                                f"(page size {size})")
            return _settled(copy)
    report.notes.append(f"nothing readable in {aside.name} (header {original[:16]!r})")
    return None


def holds_a_log(path: Path) -> bool:
    """True when the file at ``path``, read as salvage reads it (its header rebuilt if
    need be, in a scratch copy), holds the log's ``games`` and ``actions`` tables."""
    try:
        with tempfile.TemporaryDirectory(prefix="companion-probe-") as scratch:
            conn = open_damaged(path, Path(scratch), Report())
            if conn is None:
                return False
            try:
                names = {r[0] for r in conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
            finally:
                conn.close()
    except (OSError, sqlite3.Error):
        return False
    return {"games", "actions"} <= names


def _settled(copy: Path) -> sqlite3.Connection:
    """The scratch copy, its WAL written into it, so its pages can be read directly."""
    conn = sqlite3.connect(copy, isolation_level=None)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error:
        pass  # the WAL stays separate: SQL still sees it, the page scan does not
    return conn


def _tables(db: Path) -> bool:
    try:
        conn = sqlite3.connect(db)
        try:
            return conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] > 0
        finally:
            conn.close()
    except sqlite3.Error:
        return False


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]


def merge(src: sqlite3.Connection, dst: sqlite3.Connection, *, newer: str,
          report: Report, pages: Path | None = None) -> None:
    """Add every readable row of every table of ``dst``'s schema from ``src``; with
    ``pages`` (``src``'s file), also the rows on leaf pages its broken trees no longer
    reach (:mod:`companion.log.sqlite_pages`)."""
    tables = [r[0] for r in dst.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name NOT IN ('schema_version', 'identity') ORDER BY rootpage")]
    dst.execute("PRAGMA foreign_keys=OFF")
    dst.execute("BEGIN")
    scanned: dict[str, list[tuple[int, list[Any]]]] | None = None
    for table in tables:
        try:
            kind = src.execute("SELECT type FROM sqlite_master WHERE name = ?",
                               (table,)).fetchone()
            theirs = _columns(src, table) if kind == ("table",) else []  # never run a view
        except sqlite3.Error as err:
            report.notes.append(f"{table}: unreadable in the damaged file ({err})")
            continue
        cols = [c for c in _columns(dst, table) if c in theirs]
        if not cols:
            report.notes.append(f"{table}: not in the damaged file")
            continue
        rows, stretches = read_rows(src, table, cols)
        report.read[table] = len(rows)
        report.damaged[table] = stretches
        if newer == "damaged" and stretches == 0:
            dst.execute(f'DELETE FROM "{table}"')  # the file's table is whole and newer
        verb = "REPLACE" if newer == "damaged" else "IGNORE"
        names = ", ".join(f'"{c}"' for c in cols)
        marks = ", ".join("?" * len(cols))
        check = [cols.index(c) for c in JSON_COLUMNS.get(table, ()) if c in cols]
        _insert(dst, f'INSERT OR {verb} INTO "{table}" ({names}) VALUES ({marks})', rows,
                check, report)
        if pages is not None:  # a tree that reads "whole" may have lost its leaves too
            if scanned is None:
                scanned = _scan(src, pages, report)
            stray = _stray_rows(src, scanned, table, theirs, cols)
            report.stray[table] = len(stray)
            _insert(dst, f'INSERT OR IGNORE INTO "{table}" ({names}) VALUES ({marks})',
                    stray, check, report)
    orphans = dst.execute("PRAGMA foreign_key_check").fetchall()
    for table, rowid, _parent, _fk in orphans:
        dst.execute(f'DELETE FROM "{table}" WHERE rowid = ?', (rowid,))
    report.skipped += len(orphans)
    dst.execute("COMMIT")
    dst.execute("PRAGMA foreign_keys=ON")


def _insert(dst: sqlite3.Connection, sql: str, rows: list[tuple[Any, ...]],
            check: list[int], report: Report) -> None:
    for row in rows:
        if not _parses(row, check):
            report.skipped += 1
            continue
        try:
            dst.execute(sql, row)
        except sqlite3.Error:
            report.skipped += 1


def _scan(src: sqlite3.Connection, file: Path,
          report: Report) -> dict[str, list[tuple[int, list[Any]]]]:
    """Rows on leaf pages of ``file`` that no table's tree reaches, by table
    (:func:`companion.log.sqlite_pages.orphan_rows`); empty when it cannot be scanned."""
    from companion.log import sqlite_pages as pages

    try:
        roots = dict(src.execute(
            "SELECT name, rootpage FROM sqlite_master WHERE type = 'table' AND rootpage > 0"))
        return pages.orphan_rows(file, roots, {t: len(_columns(src, t)) for t in roots})
    except (sqlite3.Error, OSError, ValueError, IndexError, struct.error) as err:
        report.notes.append(f"its pages could not be scanned ({err})")
        return {}


def _stray_rows(src: sqlite3.Connection, found: dict[str, list[tuple[int, list[Any]]]],
                table: str, theirs: list[str], cols: list[str]) -> list[tuple[Any, ...]]:
    """Rows of ``table`` on leaf pages its tree no longer reaches (``found``), as ``cols``."""
    try:
        info = src.execute(f'PRAGMA table_info("{table}")').fetchall()
    except sqlite3.Error:
        return []
    keys = [r[1] for r in info if r[5]]
    alias = theirs.index(keys[0]) if len(keys) == 1 and keys[0] in theirs and \
        str(info[theirs.index(keys[0])][2]).upper() == "INTEGER" else None
    out = []
    for rowid, values in found.get(table, []):
        if len(values) != len(theirs):
            continue
        if alias is not None and values[alias] is None:
            values[alias] = rowid  # an INTEGER PRIMARY KEY is stored as the rowid
        out.append(tuple(values[theirs.index(c)] for c in cols))
    return out


def _parses(row: tuple[Any, ...], columns: Iterable[int]) -> bool:
    for i in columns:
        if row[i] is None:
            continue
        try:
            json.loads(row[i])
        except (TypeError, ValueError, RecursionError):
            return False
    return True
