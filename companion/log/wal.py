"""A ``-wal`` file beside the log that is not the log's own, found before SQLite opens
the log: SQLite would replay any self-consistent WAL into the file beside it and
checkpoint it there, overwriting pages only the log held.

A WAL is the log's when nothing says otherwise. It is another database's when

* the log's header says it is not in WAL mode (a backup copied over the log by hand:
  the ``-wal`` left beside it belongs to the log it replaced),
* its page size is not the log's, or
* one of its current frames holds a page 1 whose ``application_id`` (the log's identity,
  :func:`companion.log.schema.application_id`) is not the log's.

Such a ``-wal`` (and its ``-shm``) is renamed aside untouched (``companion.db-wal.foreign-…``).
File format: sqlite.org/fileformat2.html#walformat.
"""

from __future__ import annotations

import struct
from pathlib import Path

WAL_MAGIC = (0x377F0682, 0x377F0683)


def stranger(log: str | Path) -> str | None:
    """Why the ``-wal`` beside ``log`` is not the log's own, or None (it is, there is
    none, or nothing can tell)."""
    wal = Path(f"{log}-wal")
    try:
        with open(log, "rb") as f:
            head = f.read(100)
        with open(wal, "rb") as f:
            walhead = f.read(32)
            if len(walhead) < 32:
                return None  # empty: nothing to replay
            magic, _version, size, _seq, salt1, salt2 = struct.unpack(">6I", walhead[:24])
            if magic not in WAL_MAGIC:
                return None  # SQLite ignores it too
            frames = _frames(f, size, salt1, salt2)
    except OSError:
        return None
    if len(head) < 100 or not frames:
        return None
    page_size = struct.unpack(">H", head[16:18])[0]
    page_size = 65536 if page_size == 1 else page_size
    if head[18] != 2 or head[19] != 2:
        return "the log is not in WAL mode: the -wal is another log's"
    if size != page_size:
        return f"its pages are {size} bytes, the log's {page_size}"
    mine = head[68:72]
    if mine != bytes(4) and any(page and page[68:72] != mine for page in frames):
        return "it holds another log's first page"
    return None


def _frames(f: object, size: int, salt1: int, salt2: int) -> list[bytes]:
    """The first 100 bytes of each page 1 image among the frames written since the WAL
    was last reset (their salts are the header's); ``[b""]`` when there are such frames
    but none of page 1 (a hand edit through another program writes no page 1)."""
    pages: list[bytes] = []
    current = False
    while True:
        frame = f.read(24)  # type: ignore[attr-defined]
        if len(frame) < 24:
            break
        number, _commit, s1, s2 = struct.unpack(">4I", frame[:16])
        data = f.read(size)  # type: ignore[attr-defined]
        if len(data) < size or (s1, s2) != (salt1, salt2):
            break
        current = True
        if number == 1:
            pages.append(data[:100])
    return pages if pages else ([b""] if current else [])
