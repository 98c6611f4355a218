"""Rows read straight off the pages of a damaged SQLite file, for the part of a table its
b-tree no longer reaches.

When a table's interior page is destroyed, SQL cannot reach the leaf pages below it,
although they may be whole. :func:`orphan_rows` walks every table's tree from its root,
notes which tables hit a page that is not a b-tree page, and parses the table-leaf
pages that no tree and not the freelist reaches (file format: sqlite.org/fileformat2.html).
Such a page is given to a broken table only when exactly one broken table has as many
columns as its records. The caller adds these rows last and never over a row it
already has: a leaf page nobody reaches could also be a stale copy.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TABLE_INTERIOR, TABLE_LEAF = 0x05, 0x0D


def varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: ``(value, offset after it)``.

    >>> varint(bytes([0x81, 0x00]), 0)
    (128, 2)
    """
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


class PageFile:
    """The pages of one SQLite file (its header must give the page size)."""

    def __init__(self, path: Path) -> None:
        self.data = path.read_bytes()
        size = struct.unpack(">H", self.data[16:18])[0]
        self.size = 65536 if size == 1 else size
        if self.size < 512 or self.size & (self.size - 1):
            raise ValueError(f"not a page size: {self.size}")
        self.usable = self.size - self.data[20]
        self.count = len(self.data) // self.size

    def page(self, number: int) -> tuple[bytes, int]:
        """Page ``number`` (from 1) and where its b-tree header starts."""
        if not 1 <= number <= self.count:
            raise IndexError(f"page {number} is past the end of the file")
        start = (number - 1) * self.size
        return self.data[start: start + self.size], 100 if number == 1 else 0

    def walk(self, root: int, seen: set[int]) -> bool:
        """Add every page of the table tree at ``root`` to ``seen``; False when some page
        on the way is not a table b-tree page (the tree is broken there)."""
        whole, todo = True, [root]
        while todo:
            number = todo.pop()
            if number in seen:
                continue
            try:
                page, h = self.page(number)
            except IndexError:
                whole = False
                continue
            kind = page[h]
            if kind == TABLE_LEAF:
                seen.add(number)
                continue
            if kind != TABLE_INTERIOR:
                whole = False
                continue
            seen.add(number)
            cells = struct.unpack(">H", page[h + 3: h + 5])[0]
            todo.append(struct.unpack(">I", page[h + 8: h + 12])[0])
            for i in range(cells):
                at = struct.unpack(">H", page[h + 12 + 2 * i: h + 14 + 2 * i])[0]
                todo.append(struct.unpack(">I", page[at: at + 4])[0])
        return whole

    def freelist(self) -> set[int]:
        """The free pages, as far as the freelist can be followed."""
        free: set[int] = set()
        trunk = struct.unpack(">I", self.data[32:36])[0]
        while trunk and trunk not in free and len(free) <= self.count:
            free.add(trunk)
            try:
                page, _ = self.page(trunk)
            except IndexError:
                break
            nxt, n = struct.unpack(">II", page[:8])
            free.update(struct.unpack(f">{min(n, self.size // 4 - 2)}I",
                                      page[8: 8 + 4 * min(n, self.size // 4 - 2)]))
            trunk = nxt
        return free

    def cells(self, number: int) -> Iterator[tuple[int, list[Any]]]:
        """``(rowid, values)`` of each record on the table leaf page ``number`` that
        parses; a cell that does not is skipped."""
        page, h = self.page(number)
        count = struct.unpack(">H", page[h + 3: h + 5])[0]
        for i in range(count):
            try:
                at = struct.unpack(">H", page[h + 8 + 2 * i: h + 10 + 2 * i])[0]
                size, at = varint(page, at)
                rowid, at = varint(page, at)
                yield rowid, record(self._payload(page, at, size))
            except (IndexError, ValueError, struct.error, UnicodeDecodeError):
                continue

    def _payload(self, page: bytes, at: int, size: int) -> bytes:
        u = self.usable
        most = u - 35
        if size <= most:
            return page[at: at + size]
        least = (u - 12) * 32 // 255 - 23
        local = least + (size - least) % (u - 4)
        if local > most:
            local = least
        out = bytearray(page[at: at + local])
        nxt = struct.unpack(">I", page[at + local: at + local + 4])[0]
        hops = 0
        while len(out) < size:
            hops += 1
            if hops > self.count:
                raise ValueError("overflow chain loops")
            overflow, _ = self.page(nxt)
            nxt = struct.unpack(">I", overflow[:4])[0]
            out += overflow[4: 4 + min(u - 4, size - len(out))]
        return bytes(out)


def record(payload: bytes) -> list[Any]:
    """The values of one SQLite record.

    >>> record(bytes([3, 1, 19, 7]) + b"abc")
    [7, 'abc']
    """
    size, at = varint(payload, 0)
    types = []
    while at < size:
        t, at = varint(payload, at)
        types.append(t)
    values: list[Any] = []
    pos = size
    widths = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
    for t in types:
        if t == 0:
            values.append(None)
        elif t in widths:
            n = widths[t]
            values.append(int.from_bytes(payload[pos: pos + n], "big", signed=True))
            pos += n
        elif t == 7:
            values.append(struct.unpack(">d", payload[pos: pos + 8])[0])
            pos += 8
        elif t in (8, 9):
            values.append(t - 8)
        elif t >= 12:
            n = (t - 12) // 2
            chunk = payload[pos: pos + n]
            if len(chunk) != n:
                raise ValueError("record cut short")
            values.append(chunk.decode("utf-8") if t % 2 else bytes(chunk))
            pos += n
        else:
            raise ValueError(f"serial type {t}")
    if pos > len(payload):
        raise ValueError("record cut short")
    return values


def orphan_rows(path: Path, roots: dict[str, int],
                widths: dict[str, int]) -> dict[str, list[tuple[int, list[Any]]]]:
    """Rows on table-leaf pages of the file at ``path`` that no table's tree reaches,
    by table (``roots``: each table's root page; ``widths``: its number of columns).
    Only tables whose tree is broken can own such a page."""
    pages = PageFile(path)
    reached: set[int] = set()
    broken = [name for name, root in roots.items() if not pages.walk(root, reached)]
    skip = reached | pages.freelist() | {1}
    out: dict[str, list[tuple[int, list[Any]]]] = {name: [] for name in broken}
    for number in range(2, pages.count + 1):
        if number in skip or pages.page(number)[0][0] != TABLE_LEAF:
            continue
        rows = list(pages.cells(number))
        if not rows:
            continue
        width = len(rows[0][1])
        owners = [name for name in broken if widths.get(name) == width]
        if len(owners) == 1:
            out[owners[0]].extend(r for r in rows if len(r[1]) == width)
    return out
