"""Guards companion.log.faults: what a SQLite or OS error means for the log is decided
once, from its code, and every decision (make room on a full card, say why) uses that
kind, never the words of a message."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest

from companion.core.errors import StorageError, StorageKind
from companion.log import backups as backup
from companion.log.backups import BackupError, Backups
from companion.log.faults import kind_of
from companion.log.opening import why
from companion.log.store import Store


def coded(code: int, text: str = "no words to go by") -> sqlite3.OperationalError:
    """A SQLite error with ``code`` whose message says nothing about it."""
    err = sqlite3.OperationalError(text)
    err.sqlite_errorcode = code  # type: ignore[attr-defined]
    return err


@pytest.mark.parametrize(("code", "kind"), [
    (13, StorageKind.FULL), (8, StorageKind.READ_ONLY), (5, StorageKind.BUSY),
    (6, StorageKind.BUSY), (14, StorageKind.CANNOT_OPEN), (10, StorageKind.IO),
    (11, StorageKind.DAMAGED), (26, StorageKind.DAMAGED), (1, StorageKind.OTHER),
    (13 | (1 << 8), StorageKind.FULL),  # an extended code keeps its primary's kind
])
def test_a_sqlite_error_is_known_by_its_code(code: int, kind: StorageKind) -> None:
    assert kind_of(coded(code)) is kind


@pytest.mark.parametrize(("number", "kind"), [
    (errno.ENOSPC, StorageKind.FULL), (errno.EDQUOT, StorageKind.FULL),
    (errno.EROFS, StorageKind.READ_ONLY), (errno.EACCES, StorageKind.READ_ONLY),
    (errno.EIO, StorageKind.OTHER),
])
def test_an_os_error_is_known_by_its_errno(number: int, kind: StorageKind) -> None:
    assert kind_of(OSError(number, "whatever the C library says")) is kind


def test_real_sqlite_errors_carry_their_kind(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    sqlite3.connect(db).execute("CREATE TABLE t (x)").connection.commit()
    ro = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.Error) as refused:
        ro.execute("INSERT INTO t VALUES (1)")
    assert kind_of(refused.value) is StorageKind.READ_ONLY
    with pytest.raises(sqlite3.Error) as missing:
        sqlite3.connect(tmp_path / "no" / "c.db").execute("CREATE TABLE t (x)")
    assert kind_of(missing.value) is StorageKind.CANNOT_OPEN
    (tmp_path / "junk.db").write_bytes(b"not a database at all, just junk" * 100)
    with pytest.raises(sqlite3.Error) as junk:
        sqlite3.connect(tmp_path / "junk.db").execute("SELECT * FROM sqlite_master")
    assert kind_of(junk.value) is StorageKind.DAMAGED


def test_the_reason_carries_the_kind_and_keeps_its_words(tmp_path: Path) -> None:
    full = why(coded(13), str(tmp_path / "c.db"))
    assert full.kind is StorageKind.FULL and str(full) == "the storage is full"
    busy = why(coded(5), str(tmp_path / "c.db"))
    assert busy.kind is StorageKind.BUSY and str(busy) == "the log is in use by another program"
    gone = why(coded(14), str(tmp_path / "no" / "c.db"))
    assert gone.kind is StorageKind.MISSING and str(gone).startswith("its folder ")
    assert why(coded(14), str(tmp_path / "c.db")).kind is StorageKind.READ_ONLY
    (tmp_path / "dir.db").mkdir()
    assert why(coded(14), str(tmp_path / "dir.db")).kind is StorageKind.NOT_A_LOG


def test_a_storage_error_keeps_the_kind_it_was_given() -> None:
    err = StorageError("{x} is gone", x="it", kind=StorageKind.MISSING)
    assert err.kind is StorageKind.MISSING and kind_of(err) is StorageKind.MISSING
    assert StorageError("plain").kind is StorageKind.OTHER
    assert err.params == {"x": "it"}  # the kind is no value of the message


class Failing:
    """A connection whose next writes fail with ``errors`` (then work)."""

    def __init__(self, conn: sqlite3.Connection, errors: list[sqlite3.Error]) -> None:
        self.conn, self.errors = conn, errors

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if self.errors and sql.lstrip().split()[0].upper() == "INSERT":
            raise self.errors.pop(0)
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


def test_a_full_card_is_known_by_its_code_not_its_words() -> None:
    store = Store.open(":memory:")
    game = store.new_game("dice_roller", {"players": ["T"]})
    made_room: list[int] = []
    store.make_room = lambda: made_room.append(1) or True
    store._db = Failing(store._db, [coded(13, "la carte est pleine")])  # type: ignore[assignment]
    assert store.append(game, {"type": "roll", "dice": [1]}) == 1 and made_room == [1]


def test_words_that_say_full_do_not_make_room() -> None:
    store = Store.open(":memory:")
    game = store.new_game("dice_roller", {"players": ["T"]})
    made_room: list[int] = []
    store.make_room = lambda: made_room.append(1) or True
    store._db = Failing(store._db, [coded(1, "the table is full of dice")])  # type: ignore[assignment]
    with pytest.raises(StorageError) as refused:
        store.append(game, {"type": "roll", "dice": [1]})
    assert made_room == [] and refused.value.kind is StorageKind.OTHER


def test_a_backup_makes_room_only_for_a_full_card(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(tmp_path / "c.db")
    backups = Backups(store.path)
    rooms: list[int] = []
    monkeypatch.setattr(backups, "make_room", lambda: rooms.append(1) or False)
    monkeypatch.setattr(backup, "copy_log", lambda *a, **k: (_ for _ in ()).throw(
        BackupError("cannot copy c.db: full of words", kind=StorageKind.OTHER)))
    with pytest.raises(BackupError):
        backups.make()
    assert rooms == []
    monkeypatch.setattr(backup, "copy_log", lambda *a, **k: (_ for _ in ()).throw(
        BackupError("cannot copy c.db: no words", kind=StorageKind.FULL)))
    with pytest.raises(BackupError):
        backups.make()
    assert rooms == [1]
    store.close()


def test_a_copy_onto_a_full_card_says_full_by_kind(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open(tmp_path / "c.db")
    real = backup.os.open

    def no_room(path, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if str(path).endswith(".tmp"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(backup.os, "open", no_room)
    with pytest.raises(BackupError) as refused:
        backup.copy_log(store.path, tmp_path / "copy.db")
    assert refused.value.kind is StorageKind.FULL
    store.close()
