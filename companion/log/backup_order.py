"""Which backup is newest: by what it holds, never by its name or a clock.

A backup's name carries the time the wall clock said when it was made; a Pi without a
real-time clock may have been a year ahead then. :func:`listing` therefore orders the
backups of one log by their change count (the log's ``user_version``, counted up by every
saved change), then their newest action. Each log also has an identity (schema 3),
copied into its backups and into its header's ``application_id``: :func:`own` sets aside,
untouched, a backup of another log (another box's, dropped into ``backups/`` by hand). A
damaged log whose identity table cannot be read is known by its header, and, the header
gone too, by the identity most of its backups share (:func:`log_identity`): a box's own
history is many backups, another box's dropped in is one.

>>> content_key(Path("/no/such/companion-20270101-000000.db"))
(0, 0, ('20270101-000000', 0))
"""

from __future__ import annotations

import calendar
import re
import sqlite3
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TextIO

from companion.core.i18n import _
from companion.log.schema import GENERATION_LIMIT

#: A backup's name ends in its time (UTC) and, for a second one in the same second, a count.
_STAMP = re.compile(r"-(\d{8}-\d{6})(?:-(\d+))?\.db$")


def stamp_of(path: Path) -> float | None:
    """When the backup ``path`` was made (seconds since the epoch), from its name."""
    m = _STAMP.search(path.name)
    return _utc(m.group(1)) if m else None


def _utc(text: str) -> float:
    return float(calendar.timegm(time.strptime(text, "%Y%m%d-%H%M%S")))


def _key(path: Path) -> tuple[str, int]:
    m = _STAMP.search(path.name)
    return (m.group(1), int(m.group(2) or 0)) if m else ("", 0)


def listing(folder: Path, key: str | None = None) -> list[Path]:
    """The backups of one log in ``folder``, oldest first by what they hold (their change
    count, then their newest action: :func:`content_key`; a clock that was once ahead
    names a backup "2027-…" but cannot make it newer): of the log named ``key``
    (:func:`key_of`), by default of the log ``folder`` stands for (:func:`folder_for`); of
    every log for a plain path without ``key``."""
    key = getattr(folder, "key", None) if key is None else key
    try:
        found = [p for p in folder.iterdir() if (m := _STAMP.search(p.name))
                 and (key is None or p.name[:m.start()] == key)]
    except OSError:
        return []
    return sorted(found, key=content_key)


#: What :func:`_peek` read of each backup, by (path, size, mtime): a backup never changes.
_PEEKED: dict[tuple[str, int, int], tuple[int, str | None]] = {}


def _peek(path: Path) -> tuple[int, str | None]:
    """``(newest action's row id, the log's identity)`` of the backup at ``path``, read
    read-only and immutable (nothing is written beside it); ``(0, None)`` unreadable."""
    try:
        st = path.stat()
    except OSError:
        return 0, None
    mark = (str(path), st.st_size, st.st_mtime_ns)
    if mark not in _PEEKED:
        newest, identity = 0, None
        try:
            conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
            try:
                newest = conn.execute("SELECT COALESCE(MAX(rowid), 0) FROM actions").fetchone()[0]
                row = conn.execute("SELECT log FROM identity").fetchone()
                identity = row[0] if row and isinstance(row[0], str) else None
            finally:
                conn.close()
        except (sqlite3.Error, OSError):
            pass  # an older schema has no identity; a damaged copy is sorted by its count
        if len(_PEEKED) > 256:
            _PEEKED.clear()
        _PEEKED[mark] = (newest if isinstance(newest, int) else 0, identity)
    return _PEEKED[mark]


def content_key(path: Path) -> tuple[int, int, tuple[str, int]]:
    """How new the backup at ``path`` is by what it holds: its change count (the log's
    ``user_version``, counted up by every saved change), then its newest action, then
    (two copies of one moment) its name."""
    return generation_of(path), _peek(path)[0], _key(path)


def identity_of(path: Path) -> str | None:
    """The identity of the log the backup at ``path`` was made of (schema 3 on), or None."""
    return _peek(path)[1]


def majority(found: list[Path]) -> str | None:
    """The identity more of the backups ``found`` carry than any other (the box's own
    history: another box's backup is dropped in one at a time), or None when none has
    one or two are level."""
    counted = Counter(i for p in found if (i := identity_of(p)) is not None)
    top = counted.most_common(2)
    if not top or (len(top) == 2 and top[0][1] == top[1][1]):
        return None
    return top[0][0]


def own(folder: Path, identity: str | None, out: TextIO | None = None) -> list[Path]:
    """:func:`listing` of ``folder`` without the backups of another log (another box's,
    dropped in by hand: a different identity), which are renamed aside untouched
    (``companion-20270101-000000.db.foreign``) and said on ``out`` (stderr). A backup
    from before identities counts as its own. For a log whose identity is not known
    (``identity`` None: a new log, or one too damaged to say) the backups' own
    :func:`majority` stands for it; when none stands out, every backup counts."""
    found = listing(folder)
    if identity is None:
        identity = majority(found)
        if identity is None:
            return found
    mine = []
    for path in found:
        theirs = identity_of(path)
        if theirs is None or theirs == identity:
            mine.append(path)
            continue
        aside, n = path.with_name(path.name + ".foreign"), 1
        while aside.exists():
            aside, n = path.with_name(f"{path.name}.foreign-{n}"), n + 1
        try:
            path.rename(aside)
        except OSError:
            continue  # left where it is, and not used
        print("companion: " + _("{name} is a backup of another log; kept as {kept}, not used.")
              .format(name=path.name, kept=aside.name),
              file=out if out is not None else sys.stderr, flush=True)
    return mine


def log_identity(log: str | Path, *, immutable: bool = False) -> str | None:
    """The identity of the log at ``log`` (read-only; ``immutable``: not even a ``-shm``
    made, for a damaged file that must stay as it is), or None.

    When its identity table cannot be read (a damaged page) but it has an identity (its
    header's ``application_id`` is set), the identity is that of its own backups in
    ``backups/``: the one whose ``application_id`` matches the header's, or, the header
    unreadable too, the one most of them share (:func:`majority`)."""
    from companion.log.schema import application_id, identity

    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    try:
        conn = sqlite3.connect(f"{Path(log).resolve().as_uri()}?{flags}", uri=True)
        try:
            found = identity(conn)
        finally:
            conn.close()
    except (sqlite3.Error, OSError):
        found = None
    if found is not None or not Path(log).is_file():
        return found
    head = _header(Path(log))
    if head is not None and not _app_id(head):
        return None  # a log from before identities, or a new one: it has none
    backups = listing(Path(log).parent / "backups", key_of(log))
    if head is None:
        return majority(backups)
    matching = [p for p in backups if (i := identity_of(p)) is not None
                and application_id(i) == _app_id(head)]
    return majority(matching)


def key_of(log: str | Path) -> str:
    """The start of the names of ``log``'s backups: its file name without ``.db``.

    >>> key_of("/var/lib/companion/companion.db"), key_of("club.db"), key_of("old.sqlite")
    ('companion', 'club', 'old.sqlite')
    """
    name = Path(log).name
    return name[:-3] if name.endswith(".db") and len(name) > 3 else name


def _header(path: Path) -> bytes | None:
    """The first 100 bytes of the SQLite file at ``path``, or None when unreadable or
    not an SQLite header."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return None
    return head if len(head) == 100 and head.startswith(b"SQLite format 3\x00") else None


def _app_id(head: bytes) -> int:
    return int.from_bytes(head[68:72], "big", signed=True)


def generation_of(path: Path) -> int:
    """The change count (``user_version``, header bytes 60-63) of the SQLite file at
    ``path``, read without SQLite; 0 when unreadable or out of range
    (:data:`~companion.log.schema.GENERATION_LIMIT`)."""
    head = _header(path)
    if head is None:
        return 0
    count = int.from_bytes(head[60:64], "big", signed=True)
    # A count out of range is a crafted file's (it is not used as a backup): never above
    # every real backup, where the healthy log would look behind it at every start.
    return count if 0 <= count <= GENERATION_LIMIT else 0
