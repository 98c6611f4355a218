"""Guards the page scan of salvage: rows below a destroyed interior page are read straight
off their leaf pages — long rows through their overflow pages — and freed pages never
bring deleted rows back.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.log.sqlite_pages import PageFile, orphan_rows

PAGE = 4096


def table(db: Path, rows: int, *, delete: range | None = None) -> int:
    """A table ``t (id INTEGER PRIMARY KEY, note TEXT)``; every 50th note is longer
    than a page. Returns the root page."""
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, note TEXT NOT NULL)")
    conn.executemany("INSERT INTO t VALUES (?, ?)",
                     [(n, f"note {n} " + ("long " * 2000 if n % 50 == 0 else "x" * 80))
                      for n in range(1, rows + 1)])
    if delete is not None:
        conn.execute("DELETE FROM t WHERE id BETWEEN ? AND ?", (delete.start, delete.stop))
    conn.commit()
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 't'").fetchone()[0]
    conn.close()
    return root


def destroy(db: Path, page: int) -> None:
    data = bytearray(db.read_bytes())
    data[(page - 1) * PAGE: page * PAGE] = b"\xa5" * PAGE
    db.write_bytes(bytes(data))


def test_rows_below_a_destroyed_root_come_back_whole(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    root = table(db, 600)
    destroy(db, root)
    conn = sqlite3.connect(db)
    try:
        conn.execute("SELECT COUNT(*) FROM t").fetchone()
        raise AssertionError("the tree should be broken")
    except sqlite3.DatabaseError:
        pass
    conn.close()
    found = orphan_rows(db, {"t": root}, {"t": 2})["t"]
    ids = sorted(rowid for rowid, _ in found)
    assert ids == list(range(1, 601))
    notes = {rowid: values for rowid, values in found}
    assert notes[7] == [None, "note 7 " + "x" * 80]  # the key is the rowid
    assert notes[100][1] == "note 100 " + "long " * 2000  # through the overflow pages


def test_freed_pages_do_not_bring_deleted_rows_back(tmp_path: Path) -> None:
    before = tmp_path / "before.db"
    table(before, 600)
    old = PageFile(before)
    stale = next(n for n in range(2, old.count + 1) if old.page(n)[0][0] == 0x0D
                 and all(150 <= rowid <= 350 for rowid, _ in old.cells(n)))
    db = tmp_path / "t.db"
    root = table(db, 600, delete=range(100, 400))
    pages = PageFile(db)
    trunk = int.from_bytes(pages.data[32:36], "big")
    free = sorted(pages.freelist() - {trunk})
    data = bytearray(pages.data)  # a freed page still holding deleted rows, as without
    data[(free[0] - 1) * PAGE: free[0] * PAGE] = old.page(stale)[0]  # secure_delete
    db.write_bytes(bytes(data))
    destroy(db, root)
    ids = {rowid for rowid, _ in orphan_rows(db, {"t": root}, {"t": 2})["t"]}
    assert not ids & set(range(100, 401))
    assert set(range(1, 100)) | set(range(401, 601)) == ids


def test_a_whole_tree_has_no_orphans(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    root = table(db, 300)
    assert orphan_rows(db, {"t": root}, {"t": 2}) == {}
