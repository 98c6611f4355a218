"""What a SQLite or OS error means for the log: its :class:`StorageKind`, decided once,
where the error is first caught, from SQLite's result code or the OS's errno (never from
a message a person reads).

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:")
>>> try:
...     conn.execute("SELEC 1")
... except sqlite3.Error as err:
...     kind_of(err)
<StorageKind.OTHER: 'other'>
>>> kind_of(OSError(28, "No space left on device"))
<StorageKind.FULL: 'full'>
"""

from __future__ import annotations

import errno

from companion.core.errors import StorageKind

#: SQLite's primary result codes (``sqlite3.h``) and what they mean here.
_SQLITE = {
    3: StorageKind.READ_ONLY,     # SQLITE_PERM
    5: StorageKind.BUSY,          # SQLITE_BUSY
    6: StorageKind.BUSY,          # SQLITE_LOCKED
    8: StorageKind.READ_ONLY,     # SQLITE_READONLY
    10: StorageKind.IO,           # SQLITE_IOERR
    11: StorageKind.DAMAGED,      # SQLITE_CORRUPT
    13: StorageKind.FULL,         # SQLITE_FULL
    14: StorageKind.CANNOT_OPEN,  # SQLITE_CANTOPEN
    26: StorageKind.DAMAGED,      # SQLITE_NOTADB
}

#: SQLite's own fixed text for those codes (``sqlite3_errstr``), for an error that
#: carries no code (one raised by hand, as a test's failing card does).
_SQLITE_TEXT = {
    "database or disk is full": 13,
    "attempt to write a readonly database": 8,
    "unable to open database file": 14,
    "database is locked": 5,
    "database table is locked": 6,
    "disk I/O error": 10,
    "file is not a database": 26,
    "database disk image is malformed": 11,
}

#: The errno values of an :class:`OSError` and what they mean here.
_ERRNO = {
    errno.ENOSPC: StorageKind.FULL,
    errno.EDQUOT: StorageKind.FULL,
    errno.EROFS: StorageKind.READ_ONLY,
    errno.EACCES: StorageKind.READ_ONLY,
    errno.EPERM: StorageKind.READ_ONLY,
}


def sqlite_code(err: BaseException) -> int | None:
    """SQLite's primary result code of a ``sqlite3.Error``, or None for another error."""
    code = getattr(err, "sqlite_errorcode", None)
    if code is None:
        code = _SQLITE_TEXT.get(str(err)) if type(err).__module__ == "sqlite3" else None
    return None if code is None else code & 0xFF


def kind_of(err: BaseException) -> StorageKind:
    """What ``err`` (a ``sqlite3.Error`` or an :class:`OSError`) means for the log; an
    error that already knows its kind (a ``StorageError``) keeps it."""
    known = getattr(err, "kind", None)
    if isinstance(known, StorageKind):
        return known
    code = sqlite_code(err)
    if code is not None:
        return _SQLITE.get(code, StorageKind.OTHER)
    if isinstance(err, PermissionError):
        return StorageKind.READ_ONLY
    if isinstance(err, OSError) and err.errno is not None:
        return _ERRNO.get(err.errno, StorageKind.OTHER)
    return StorageKind.OTHER
