"""Who may keep the log open while the box repairs it: the box first, then guests that
follow.

The box (:meth:`companion.log.opening.Opening.open`) repairs a damaged log whenever it
starts, even while ``companion web`` (or ``companion players add``) holds it open: it
sets the damaged file aside and puts a rebuilt one in its place. A program with the old
file open must then neither write into the file set aside (that write would be lost) nor
keep reading it. Advisory ``flock`` locks on the log file itself say who is where (they
are independent of SQLite's own ``fcntl`` locks, and go with the file when it is renamed):

- the box holds a shared lock for as long as it has the log open (:class:`Held`);
- a guest (a store opened by :meth:`~companion.log.opening.Opening.open_existing` to
  write) holds a shared lock only during each write transaction, and inside it checks
  that its file is still the log (:class:`GuestLog`); when the box has replaced it, the
  write is refused (:class:`Replaced`) and the guest opens the log anew;
- a repair takes the exclusive lock on the damaged file (:func:`exclusive`), waiting at
  most :data:`GUEST_WAIT` seconds for a guest's transaction to end. A running box never
  lets it go: a second box started by hand then shows the log read-only, as it must.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "log.db")
>>> open(path, "wb").close()
>>> with exclusive(path, wait=0) as mine:
...     mine
True
>>> box = Held(path)
>>> with exclusive(path, wait=0) as mine:
...     mine
False
>>> box.close()
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

from companion.core.errors import StorageError
from companion.core.i18n import N_

#: Seconds a repair waits for a guest's write transaction (an import is the longest).
GUEST_WAIT = 5.0
#: Seconds a guest's write waits while the box repairs the log.
REPAIR_WAIT = 30.0


#: Said when a guest's file is no longer the log.
REPLACED = N_("the box has replaced its log; try again.")


class Replaced(StorageError):
    """The file a guest holds is no longer the log: the box has put a repaired one in its
    place; nothing was written."""


def _lock(fd: int, how: int, wait: float) -> bool:
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, how | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)


@contextlib.contextmanager
def exclusive(path: str, *, wait: float = GUEST_WAIT) -> Iterator[bool]:
    """The exclusive lock on the file at ``path`` while the block runs: True if it was
    had within ``wait`` seconds, False if a box (or a guest's long write) holds it."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        yield True  # no file to share: nobody holds it
        return
    try:
        yield _lock(fd, fcntl.LOCK_EX, wait)
    finally:
        os.close(fd)  # lets the lock go


class Held:
    """A shared lock on the log file for as long as the box has it open."""

    def __init__(self, path: str) -> None:
        self.fd: int | None = None
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return
        if _lock(fd, fcntl.LOCK_SH, 0):
            self.fd = fd
        else:  # pragma: no cover - a repair under way in another process: it ends soon
            os.close(fd)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def __del__(self) -> None:
        self.close()


class BoxLog(sqlite3.Connection):
    """The box's connection to the log: holds the log's shared lock (:class:`Held`)
    until it is closed."""

    held: Held | None = None

    def close(self) -> None:
        super().close()
        if self.held is not None:
            self.held.close()
            self.held = None


class GuestLog(sqlite3.Connection):
    """A guest's connection to the log: each write transaction (``BEGIN IMMEDIATE`` …
    ``COMMIT``/``ROLLBACK``) holds the log file's shared lock and runs only while the
    file it has open is still the log."""

    path = ""
    inode: tuple[int, int] | None = None
    _fd: int | None = None

    def follow(self, path: str) -> None:
        """Remember which file ``path`` is now: the one this connection opened."""
        self.path = path
        st = os.stat(path)
        self.inode = (st.st_dev, st.st_ino)

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "BEGIN IMMEDIATE" and self.inode is not None:
            self._begin()
            try:
                return super().execute(sql, *args)
            except BaseException:
                self._end()
                raise
        if sql in ("COMMIT", "ROLLBACK"):
            try:
                return super().execute(sql, *args)
            finally:
                if not self.in_transaction:
                    self._end()
        return super().execute(sql, *args)

    def _begin(self) -> None:
        self._end()
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            raise Replaced(REPLACED) from None
        if not _lock(fd, fcntl.LOCK_SH, REPAIR_WAIT):
            os.close(fd)
            raise StorageError("the box is repairing its log; try again in a moment.")
        held = os.fstat(fd)
        try:
            now = os.stat(self.path)
        except OSError:
            now = None
        if (held.st_dev, held.st_ino) != self.inode or now is None \
                or (now.st_dev, now.st_ino) != self.inode:
            os.close(fd)
            raise Replaced(REPLACED)
        self._fd = fd

    def _end(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def close(self) -> None:
        super().close()
        self._end()
