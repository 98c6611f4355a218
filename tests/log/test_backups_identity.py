"""Guards issue 36: a damaged log whose identity cannot be read from its tables is rebuilt
from its own backups, never from another box's newer one dropped into ``backups/``: the
identity comes from the file's header (``application_id``), and, the header gone too,
from the identity most of the backups share (the box's own history). The other box's
backup is set aside untouched."""

from __future__ import annotations

import calendar
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.log.backups import Backups, log_identity
from companion.log.schema import identity
from companion.log.store import Store
from tests.log.test_backup_order import counts, play

AHEAD = float(calendar.timegm((2027, 1, 15, 8, 0, 0)))
PAGE = 4096


def _box(tmp_path: Path) -> tuple[Path, str, Path, bytes]:
    """Our log (two backups: three games), and another box's newer backup (five games,
    a higher change count) dropped into our ``backups/``; our identity, the dropped file
    and its bytes."""
    ours, theirs = tmp_path / "box" / "companion.db", tmp_path / "other" / "companion.db"
    ours.parent.mkdir()
    theirs.parent.mkdir()
    play(ours, 2)
    Backups(ours, clock=lambda: AHEAD - 7200).make()
    play(ours, 1)
    Backups(ours, clock=lambda: AHEAD - 3600).make()
    mine = log_identity(ours)
    play(theirs, 5)
    play(theirs, 5)
    dropped = ours.parent / "backups" / "companion-20270115-080000.db"
    shutil.copyfile(Backups(theirs, clock=lambda: AHEAD).make(), dropped)
    assert mine is not None and log_identity(dropped) not in (None, mine)
    return ours, mine, dropped, dropped.read_bytes()


def _damage(log: Path, tables: tuple[str, ...], *, header: bool) -> None:
    conn = sqlite3.connect(log)
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master"))
    conn.close()
    data = bytearray(log.read_bytes())
    for table in tables:
        page = roots[table] - 1
        data[PAGE * page: PAGE * (page + 1)] = b"\xff" * PAGE
    if header:
        data[:100] = b"\xee" * 100
    log.write_bytes(bytes(data))


@pytest.mark.parametrize("header", [False, True], ids=["header-read", "header-gone"])
def test_a_damaged_log_without_its_identity_is_rebuilt_from_its_own_backup(
        tmp_path: Path, header: bool) -> None:
    ours, mine, dropped, dropped_bytes = _box(tmp_path)
    _damage(ours, ("identity", "games", "actions"), header=header)
    assert log_identity(ours, immutable=True) == mine
    assert counts(ours) == (3, 6), "rebuilt from another box's backup, or from nothing"
    store = Store.open(ours)
    try:
        assert identity(store._db) == mine, "the rebuilt log took another box's identity"
    finally:
        store.close()
    kept = dropped.with_name(dropped.name + ".foreign")
    assert not dropped.exists() and kept.read_bytes() == dropped_bytes
