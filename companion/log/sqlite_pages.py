"""Rows read straight off the pages of a damaged SQLite file, for the part of a table its
b-tree no longer reaches.

When a table's interior page is destroyed, SQL cannot reach the leaf pages below it,
although they may be whole. :func:`orphan_rows` walks every table's tree from its root,
notes which tables hit a page that is not a b-tree page, and parses the table-leaf
pages that no tree and not the freelist reaches (file format: sqlite.org/fileformat2.html).
Such a page is given to a broken table only when exactly one broken table has as many
columns as its records; when no broken table has, to the one table that has (a root
page overwritten by bytes that read as an empty leaf breaks no walk). The caller adds
these rows last and never over a row it already has: a leaf page nobody reaches could
also be a stale copy.

The bytes read are whatever the card left: every count, offset and page number is
checked against the page and the file before it is used (:func:`u16`, :func:`u32`), so
no bytes can make this module raise anything but :class:`ValueError` from
:class:`PageFile` for a file without a usable page size.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TABLE_INTERIOR, TABLE_LEAF = 0x05, 0x0D


def u16(data: bytes, at: int) -> int:
    """The big-endian 2-byte number at ``at``; :class:`IndexError` past the end."""
    if not 0 <= at <= len(data) - 2:
        raise IndexError(f"offset {at} is past the page")
    return int.from_bytes(data[at: at + 2], "big")


def u32(data: bytes, at: int) -> int:
    """The big-endian 4-byte number at ``at``; :class:`IndexError` past the end."""
    if not 0 <= at <= len(data) - 4:
        raise IndexError(f"offset {at} is past the page")
    return int.from_bytes(data[at: at + 4], "big")


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
        if len(self.data) < 100:
            raise ValueError("the file is shorter than its header")
        size = u16(self.data, 16)
        self.size = 65536 if size == 1 else size
        if self.size < 512 or self.size & (self.size - 1):
            raise ValueError(f"not a page size: {self.size}")
        self.usable = self.size - self.data[20]
        if self.usable < 480:
            raise ValueError(f"not a usable page size: {self.usable}")
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
            # A cell count or offset the page cannot hold: the tree is broken here.
            try:
                cells = u16(page, h + 3)
                children = [u32(page, h + 8)] + [u32(page, u16(page, h + 12 + 2 * i))
                                                  for i in range(cells)]
            except IndexError:
                whole = False
                continue
            todo.extend(c for c in children if c not in seen)
        return whole

    def freelist(self) -> set[int]:
        """The free pages, as far as the freelist can be followed."""
        free: set[int] = set()
        trunk = u32(self.data, 32)
        while trunk and trunk not in free and len(free) <= self.count:
            free.add(trunk)
            try:
                page, _ = self.page(trunk)
            except IndexError:
                break
            nxt, n = u32(page, 0), min(u32(page, 4), self.size // 4 - 2)
            free.update(u32(page, 8 + 4 * i) for i in range(n))
            trunk = nxt
        return free

    def cells(self, number: int) -> Iterator[tuple[int, list[Any]]]:
        """``(rowid, values)`` of each record on the table leaf page ``number`` that
        parses; a cell that does not is skipped."""
        page, h = self.page(number)
        count = min(u16(page, h + 3), (self.size - h - 8) // 2)  # no more than fit
        for i in range(count):
            try:
                at = u16(page, h + 8 + 2 * i)
                size, at = varint(page, at)
                rowid, at = varint(page, at)
                yield rowid, record(self._payload(page, at, size))
            except (IndexError, ValueError, struct.error, UnicodeDecodeError, OverflowError):
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
        if size > self.count * self.size:
            raise ValueError("a record larger than the file")
        out = bytearray(page[at: at + local])
        nxt = u32(page, at + local)
        hops = 0
        while len(out) < size:
            hops += 1
            if hops > self.count:
                raise ValueError("overflow chain loops")
            overflow, _ = self.page(nxt)
            nxt = u32(overflow, 0)
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
    by table (``roots``: each table's root page; ``widths``: its number of columns);
    tables that get none are left out. A broken tree's table owns such a page first."""
    pages = PageFile(path)
    reached: set[int] = set()
    broken = [name for name, root in roots.items() if not pages.walk(root, reached)]
    skip = reached | pages.freelist() | {1}
    out: dict[str, list[tuple[int, list[Any]]]] = {name: [] for name in roots}
    for number in range(2, pages.count + 1):
        if number in skip or pages.page(number)[0][0] != TABLE_LEAF:
            continue
        try:
            rows = list(pages.cells(number))
        except IndexError:  # its header is cut short: nothing on it to read
            continue
        if not rows:
            continue
        width = len(rows[0][1])
        owners = [name for name in broken if widths.get(name) == width] or \
            [name for name in roots if widths.get(name) == width]  # a root the card faked
        if len(owners) == 1:
            out[owners[0]].extend(r for r in rows if len(r[1]) == width)
    return {name: rows for name, rows in out.items() if rows}
