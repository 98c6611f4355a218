"""Guards that a guest (the page, ``companion players``) never writes into a log the box
has set aside, and that a repair waits for a guest's write (issue 43)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.log import sharing
from companion.log.store import Store


def test_a_guest_never_writes_into_the_file_the_box_set_aside(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    Store.open(db).close()
    guest = Store.open_existing(db, write=True)
    guest.add_player("Ann")
    for suffix in ("-wal", "-shm", ""):  # the box's repair: the file set aside ...
        os.rename(f"{db}{suffix}", f"{tmp_path / 'aside.db'}{suffix}")
    Store.open(db).close()  # ... and a new log in its place
    with pytest.raises(sharing.Replaced):
        guest.add_player("Ben")
    guest.close()
    aside = Store.open_existing(tmp_path / "aside.db")
    assert [p.name for p in aside.players()] == ["Ann"]
    aside.close()


def test_a_repair_waits_for_a_guests_write_and_a_box_keeps_it_out(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    Store.open(db).close()
    guest = Store.open_existing(db, write=True)
    with guest._transaction("player"):
        with sharing.exclusive(str(db), wait=0.05) as mine:
            assert not mine  # the write under way holds it
    with sharing.exclusive(str(db), wait=0.05) as mine:
        assert mine
    guest.close()
    box = Store.open(db)
    with sharing.exclusive(str(db), wait=0.05) as mine:
        assert not mine
    box.close()
