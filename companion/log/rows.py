"""Reading rows back from a damaged SQLite file, by rowid, around the damage.

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:")
>>> _ = conn.execute("CREATE TABLE t (x)")
>>> _ = conn.executemany("INSERT INTO t VALUES (?)", [(1,), (2,)])
>>> read_rows(conn, "t", ["x"])
([(1,), (2,)], 0)
"""

from __future__ import annotations

import sqlite3
from typing import Any

#: Bounds the probing for readable rows past a damaged stretch (each probe is a seek).
MAX_PROBES = 400


def read_rows(conn: sqlite3.Connection, table: str,
              cols: list[str]) -> tuple[list[tuple[Any, ...]], int]:
    """Every row of ``table`` that can still be read, in rowid order, and how many
    unreadable stretches were skipped (0: read to the end).

    Reads forward by rowid; where a read fails, reads on one row at a time (a failed
    step can take the row before it along), then seeks ever further ahead (1, 2, 4 …
    rowids) until a read works and narrows down to the first rowid that reads again, so
    only the rows on the damaged pages are lost.
    """
    names = ", ".join(f'"{c}"' for c in cols)
    sql = f'SELECT rowid, {names} FROM "{table}" WHERE rowid >= ? ORDER BY rowid'
    rows: list[tuple[Any, ...]] = []
    try:  # SQLite gives out rowids from 1 up; an explicit one may be lower
        low = conn.execute(f'SELECT MIN(rowid) FROM "{table}"').fetchone()[0]
        start = 0 if low is None else min(low, 0)
    except sqlite3.Error:
        start = 0
    stretches = 0
    probes = [0]

    def first(at: int) -> tuple[Any, ...] | None:
        """The first row from rowid ``at`` on; None past the end; raises if unreadable."""
        probes[0] += 1
        return conn.execute(sql + " LIMIT 1", (at,)).fetchone()

    def readable(at: int) -> bool:
        try:
            first(at)
            return True
        except (sqlite3.Error, OverflowError):
            return False

    while probes[0] <= MAX_PROBES:
        try:
            for row in conn.execute(sql, (start,)):
                rows.append(row[1:])
                start = row[0] + 1
            return rows, stretches
        except sqlite3.Error:
            stretches += 1
        try:  # the row the failed step took along, and one more: then in bulk again
            for _ in range(2):
                row = first(start)
                if row is None:
                    return rows, stretches  # the failure was past the last row
                rows.append(row[1:])
                start = row[0] + 1
            continue
        except (sqlite3.Error, OverflowError):
            pass
        bad, step = start, 1
        while not readable(start + step):
            bad = start + step
            step *= 2
            if start + step >= 2**63 or probes[0] > MAX_PROBES:
                return rows, stretches
        good = start + step
        while good - bad > 1 and probes[0] <= MAX_PROBES:
            mid = (bad + good) // 2
            bad, good = (bad, mid) if readable(mid) else (mid, good)
        start = good
    return rows, stretches


def trim_gaps(conn: sqlite3.Connection) -> int:
    """Drop the actions after the first missing one in each unfinished game (they could
    not be replayed); returns how many were dropped."""
    dropped = 0
    unfinished = conn.execute("SELECT id FROM games WHERE finished IS NULL").fetchall()
    for (game_id,) in unfinished:
        seqs = [r[0] for r in conn.execute(
            "SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))]
        gap = next((n for n, seq in enumerate(seqs, 1) if seq != n), None)
        if gap is not None:
            dropped += conn.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?",
                                    (game_id, gap)).rowcount
    return dropped
