"""Opening the action log: for the app (which repairs a damaged log) and for one-shot
commands (which only ever read it, or write to a whole one).

Functions that make a :class:`~companion.log.store.Store` (the class is given to them,
``make``); the store's :meth:`~companion.log.store.Store.open` and
:meth:`~companion.log.store.Store.open_existing` call them.

The app's :func:`open_log` never raises for a bad file: a damaged one is rebuilt
beside it from the backups and what is still readable (:mod:`companion.log.salvage`), then
set aside and replaced, in an order a power cut cannot break; a file it may not write
opens read-only, showing its games. :func:`open_existing` (``history``,
``stats``, ``players``) never creates, moves or repairs anything.

>>> from companion.log.store import Store
>>> Store.open_existing("/no/such/companion.db")
Traceback (most recent call last):
companion.core.errors.StorageError: there is no log at /no/such/companion.db.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from companion.core.errors import StorageError, StorageKind
from companion.core.i18n import Notice
from companion.log import sharing
from companion.log.faults import kind_of
from companion.log.schema import SCHEMA_VERSION, migrate, problem

T = TypeVar("T")

#: What the opening functions make a log with: the store class
#: (:class:`~companion.log.store.Store`), called as ``make(conn, path, notice=…,
#: read_only=…, clock=…)`` with the open connection.
Builds = Callable[..., T]


#: Where the service keeps its log (systemd's StateDirectory=companion), which an owner
#: over SSH reaches only by naming it: their own commands default to ~/.local/state.
SERVICE_STATE = Path("/var/lib/companion")


def log_path(state_dir: str | Path) -> Path:
    """The log in the state folder ``state_dir``: the one place that knows the log's
    file name (a command's ``--db`` names another file instead)::

        >>> log_path("/var/lib/companion")
        PosixPath('/var/lib/companion/companion.db')
    """
    return Path(state_dir) / "companion.db"


def why(err: Exception, path: str) -> StorageError:
    """A short reason for the screen, from an OS or SQLite error, with its
    :class:`~companion.core.errors.StorageKind` (:func:`~companion.log.faults.kind_of`)."""
    kind = kind_of(err)
    if kind is StorageKind.FULL:
        return StorageError("the storage is full", kind=kind)
    if path != ":memory:" and Path(path).is_dir():
        return StorageError("{path} is a folder, not a log", path=path,
                            kind=StorageKind.NOT_A_LOG)
    if path != ":memory:" and kind is StorageKind.CANNOT_OPEN \
            and not Path(path).parent.is_dir():
        return StorageError("its folder {folder} is missing", folder=str(Path(path).parent),
                            kind=StorageKind.MISSING)
    if kind in (StorageKind.READ_ONLY, StorageKind.CANNOT_OPEN):
        return StorageError("its folder is read-only", kind=StorageKind.READ_ONLY)
    if kind is StorageKind.BUSY:
        return StorageError("the log is in use by another program", kind=kind)
    if kind is StorageKind.IO and path != ":memory:" and card_full(path):
        return StorageError("the storage is full", kind=StorageKind.FULL)
    return StorageError("the log cannot be written ({why})",
                        why=getattr(err, "strerror", None) or err, kind=kind)


def card_full(path: str) -> bool:
    """SQLite says "disk I/O error" when it cannot make its -wal/-shm on a full card."""
    import shutil

    try:
        return shutil.disk_usage(Path(path).parent).free < 64 * 1024
    except OSError:
        return False


def in_use_elsewhere(path: str) -> bool:
    """True when another process has the log open: every SQLite connection to a log in
    WAL mode holds a shared lock on one byte of its -shm file (the "DMS" byte, offset
    128), so a write lock on it cannot be had while one does."""
    import fcntl
    import os

    try:
        fd = os.open(path + "-shm", os.O_RDWR)
    except OSError:
        return False  # no -shm: nobody has it open in WAL mode
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 128)
        fcntl.lockf(fd, fcntl.LOCK_UN, 1, 128)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


class ForeignLog(StorageError):
    """A SQLite file whose objects are not exactly a companion log's (a trigger, a view,
    a missing column, a schema version that is no number): never written, never run."""

    kind = StorageKind.NOT_A_LOG


def foreign(path: str | Path) -> str | None:
    """Why the SQLite file at ``path`` is not a companion log (its schema is not this
    companion's, :func:`~companion.log.schema.problem`), or None; a file SQLite cannot
    read at all is None too (damaged: salvage's business). Opened read-only and
    immutable: nothing is written beside it."""
    try:
        probe = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        try:
            return problem(probe)
        finally:
            probe.close()
    except sqlite3.Error:
        return None


def not_a_log(path: str | Path) -> str | None:
    """Why the existing file at ``path`` is not a companion log, damaged or whole (for
    ``run --db``, which must never set a stranger's file aside), or None. A file whose
    header was destroyed counts as a log when its pages still hold the log's tables."""
    from companion.log import salvage

    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        return None  # opening it says why
    if not head:
        return None  # an empty file: a new log
    if head != salvage.MAGIC and not salvage.holds_a_log(Path(path)):
        return "it is not a SQLite file"
    return foreign(path)


def open_log(make: Builds[T], path: str | Path, *, clock: Callable[[], float] = time.time) -> T:
    """Open (or create) the log at ``path``; ``":memory:"`` for a throwaway log.

    A damaged file is moved aside and a new log rebuilt from the backups and what
    is still readable (:mod:`companion.log.salvage`); a log written by a newer
    companion, or a directory we may not write, opens read-only. Never raises for a
    bad file; raises :class:`StorageError` only when no log at all can be had.
    """
    path = str(path)
    try:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            _finish_salvage(path, clock)
            _stray_wal(path, clock)
            from companion.log.backups import clear_stale

            clear_stale(path)  # copies an interrupted backup, restore or salvage left
        conn = _connect(path)
        version = _migrate(conn)
    except sqlite3.OperationalError as err:
        # Locked, read-only, full disk, I/O error: the file may well be fine.
        # Never move it aside for that; show what it holds and save nothing.
        if path == ":memory:":
            raise StorageError("cannot open an in-memory log: {why}", why=str(err)) from err
        return _read_only(make, path, why(err, path), keep=True)
    except sqlite3.DatabaseError as err:
        if path == ":memory:":
            raise StorageError("cannot open an in-memory log: {why}", why=str(err)) from err
        return _quarantine(make, path, err, clock)
    except ForeignLog as err:  # set aside untouched, a new log from the backups
        return _quarantine(make, path, err, clock)
    except StorageError as err:
        return _read_only(make, path, err)
    except OSError as err:  # the state directory cannot be made
        return _read_only(make, path, why(err, path))
    if path != ":memory:":
        from companion.log import salvage

        if salvage.behind(path, conn):
            conn.close()
            return _quarantine(make, path, None, clock)
    store = make(conn, path, clock=clock)
    if version > SCHEMA_VERSION:  # pragma: no cover - guarded in _migrate
        return _read_only(make, path, Notice("log from a newer version"))
    return store


def open_existing(make: Builds[T], path: str | Path, *, write: bool = False) -> T:
    """The log at ``path`` for a one-shot command (``history``, ``stats``,
    ``players``), which may run while the app writes it: never created, moved or
    repaired, and read from a copy in memory unless ``write``. A missing file, a
    folder, a file that is not a companion log, and (to ``write``) a damaged log are
    a :class:`StorageError` saying so; reading a damaged log shows what it holds.
    """
    path = str(path)
    if Path(path).is_dir():
        raise StorageError("{path} is a folder, not a companion log.", path=path,
                           kind=StorageKind.NOT_A_LOG)
    if not Path(path).exists():
        service = log_path(SERVICE_STATE)
        if SERVICE_STATE.is_dir() and Path(path) != service:
            raise StorageError("there is no log at {path}; the service keeps its log in "
                               "{service}: add --db {service} (with sudo).",
                               path=path, service=str(service),
                               kind=StorageKind.MISSING)
        raise StorageError("there is no log at {path}.", path=path,
                           kind=StorageKind.MISSING)
    # Without a -wal beside it no program has the log open (WAL mode keeps one while
    # open): read it as immutable, so that reading does not leave a -wal/-shm there.
    flags = "mode=ro" if Path(path + "-wal").exists() else "mode=ro&immutable=1"
    try:
        probe = sqlite3.connect(f"{Path(path).resolve().as_uri()}?{flags}", uri=True)
        try:
            tables = {r[0] for r in probe.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            check = _quick_check(probe) \
                if {"schema_version", "games", "actions"} <= tables else None
            if check == "ok" and problem(probe) is not None:
                check = None  # its triggers would run as ours: not a companion log
        finally:
            probe.close()
    except sqlite3.OperationalError as err:
        if kind_of(err) is not StorageKind.DAMAGED:
            reason = why(err, path)
            raise StorageError("cannot read {path}: {why}", path=path, why=reason,
                               kind=reason.kind) from None
        tables, check = set(), None
    except sqlite3.DatabaseError:
        tables, check = set(), None
    if check is None:
        raise StorageError("{path} is not a companion log.", path=path,
                           kind=StorageKind.NOT_A_LOG)
    damaged = check != "ok"
    if write and damaged:
        raise StorageError("the log at {path} is damaged; the companion repairs it when "
                           "it starts (companion run), then try again.", path=path,
                           kind=StorageKind.DAMAGED)
    conn: sqlite3.Connection
    try:
        if write:
            # A guest: each write holds the log's shared lock and runs only while this
            # file is still the log (the box may repair and replace it any time).
            before = os.stat(path)
            guest = sharing.GuestLog(path, isolation_level=None, check_same_thread=False)
            guest.path, guest.inode = path, (before.st_dev, before.st_ino)
            conn = guest
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
        else:
            conn = sqlite3.connect(":memory:", isolation_level=None,
                                   check_same_thread=False)
            if not damaged or not _salvaged_copy(path, conn):
                _copy_read_only(path, conn, flags)
        _migrate(conn)
    except sqlite3.Error as err:
        reason = why(err, path)
        raise StorageError("cannot read {path}: {why}", path=path, why=reason,
                           kind=reason.kind) from None
    notice = Notice("the log is damaged: showing what can still be read; the companion "
                    "repairs it when it starts") if damaged else None
    return make(conn, path, notice=notice, read_only=not write)


def _quick_check(conn: sqlite3.Connection) -> str:
    try:
        return str(conn.execute("PRAGMA quick_check").fetchone()[0])
    except sqlite3.DatabaseError as err:  # "malformed": damaged, but ours
        return str(err)


def _salvaged_copy(path: str, into: sqlite3.Connection) -> bool:
    """What the app's salvage would make of a damaged log, built in a scratch folder
    (the log's own is left alone) and copied into ``into``; False if nothing came."""
    import io
    import tempfile

    from companion.log import salvage

    with tempfile.TemporaryDirectory(prefix="companion-read-") as scratch:
        copy = Path(scratch) / "log.db"
        salvage.rebuild(Path(path), Path(path), migrate=_migrate,
                        schema=SCHEMA_VERSION, out=io.StringIO(), into=copy)
        if not copy.is_file():
            return False
        source = sqlite3.connect(copy)
        try:
            source.backup(into)
        finally:
            source.close()
    return True


def _connect(path: str) -> sqlite3.Connection:
    if path != ":memory:" and Path(path).is_file():
        # Checked through a read-only connection: closing a writable one on a damaged
        # file would checkpoint its WAL into it, and the file set aside must be as it was.
        probe = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        try:
            check = probe.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(
                    f"quick_check: {check[0] if check else 'no answer'}")
            if (reason := problem(probe)) is not None:
                raise ForeignLog("{path} is not a companion log: {why}", path=path,
                                 why=reason)
        finally:
            probe.close()
    conn = sharing.BoxLog(path, isolation_level=None, check_same_thread=False)
    if path != ":memory:":
        conn.held = sharing.Held(path)  # a repair elsewhere waits until it is closed
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def _migrate(conn: sqlite3.Connection) -> int:
    return migrate(conn)


def _quarantine(make: Builds[T], path: str, err: Exception | None,
                clock: Callable[[], float]) -> T:
    """Build a new log beside the file from the newest good backup and what the file
    still holds (``err`` None: it is whole but behind its newest backup), then set
    the file aside and put the new log in its place. A power cut at any point
    leaves the file, or the whole new log (which :meth:`open` then puts in place)."""
    # A guest (the page) follows the new log; a running box keeps it from moving:
    # its writes would go to the file set aside.
    with sharing.exclusive(path) as mine:
        if not mine:
            return _read_only(make, path, Notice("the log is damaged, and another program "
                                                 "is using it"), keep=True)
        return _repair(make, path, err, clock)


def _repair(make: Builds[T], path: str, err: Exception | None,
            clock: Callable[[], float]) -> T:
    from companion.log import salvage

    kind = "behind" if err is None else "foreign" if isinstance(err, ForeignLog) \
        else "corrupt"
    if kind == "foreign":
        print(f"companion: {err}", file=sys.stderr, flush=True)
    from companion.log.backups import clear_stale

    clear_stale(path)  # copies an interrupted restore or salvage left (never a live one's)
    aside = _aside(path, kind, clock)
    rebuilt = _rebuilt(path)
    rebuilt.unlink(missing_ok=True)
    report = salvage.rebuild(Path(path), Path(path), migrate=_migrate,
                             schema=SCHEMA_VERSION, newer="damaged" if err else "backup",
                             into=rebuilt, kept=aside.name, rows=kind != "foreign")
    try:
        _swap(path, aside, rebuilt)
        conn = _connect(path)
        _migrate(conn)
    except (OSError, sqlite3.DatabaseError, StorageError):
        return _read_only(make, path, Notice("the log is damaged and cannot be repaired "
                                           "here"), keep=True)
    notice = report.line() if report.recovered else \
        Notice("Saved games were damaged; kept as {name}. New log.", name=aside.name)
    return make(conn, path, notice=notice)


def _aside(path: str, why: str, clock: Callable[[], float]) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(clock()))
    base = f"{path}.{why}-{stamp}"
    aside, n = Path(base), 1
    while aside.exists():
        aside, n = Path(f"{base}-{n}"), n + 1
    return aside


def _rebuilt(path: str) -> Path:
    return Path(path).with_name(f".{Path(path).name}.rebuilt")


def _swap(path: str, aside: Path, rebuilt: Path) -> None:
    """Set the damaged file aside (its WAL first: a WAL left beside the new log
    would be read into it) and put the rebuilt log, if any, in its place."""
    from companion.log.backups import fsync_dir

    for suffix in ("-wal", "-shm", ""):
        if Path(path + suffix).exists():
            Path(path + suffix).rename(str(aside) + suffix)
    if rebuilt.exists():
        rebuilt.replace(path)
    fsync_dir(Path(path).parent)


def _stray_wal(path: str, clock: Callable[[], float]) -> None:
    """Set aside, untouched, a ``-wal`` (and ``-shm``) beside the log that belongs to
    another database (:func:`companion.log.wal.stranger`): SQLite would replay it
    into the log. Never while another program has the log open."""
    from companion.log import wal
    from companion.log.backups import fsync_dir

    if not Path(path + "-wal").is_file() or in_use_elsewhere(path):
        return
    reason = wal.stranger(path)
    if reason is None:
        return
    aside = _aside(path, "stray", clock)
    for suffix in ("-wal", "-shm"):
        if Path(path + suffix).exists():
            Path(path + suffix).rename(f"{aside}{suffix}")
    fsync_dir(Path(path).parent)
    print(f"companion: the {Path(path).name}-wal beside the log is not its own ({reason}); "
          f"kept as {aside.name}-wal, not read", file=sys.stderr, flush=True)


def _finish_salvage(path: str, clock: Callable[[], float]) -> None:
    """A salvage cut short after it built the new log: set aside what is left of
    the damaged file and put the new log in place."""
    rebuilt = _rebuilt(path)
    if rebuilt.is_file():
        _swap(path, _aside(path, "corrupt", clock), rebuilt)


def _read_only(make: Builds[T], path: str, why: StorageError | Notice, keep: bool = False) -> T:
    """A log in memory: nothing is saved. With ``keep``, a copy of the file's games
    (opened read-only, never written) so history and the last game stay visible."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    try:
        if keep:
            _copy_read_only(path, conn)
        _migrate(conn)
    except (sqlite3.Error, StorageError):  # the copy is unusable: start empty
        conn.close()
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        _migrate(conn)
    return make(conn, path, notice=Notice("Not saving games: {why}.", why=why),
               read_only=True)


def _copy_read_only(path: str, into: sqlite3.Connection, first: str = "mode=ro") -> None:
    uri = Path(path).resolve().as_uri()
    for flags in (first, "mode=ro&immutable=1"):  # immutable: no -shm possible
        try:
            source = sqlite3.connect(f"{uri}?{flags}", uri=True)
            try:
                source.backup(into)
                return
            finally:
                source.close()
        except sqlite3.Error as err:
            failed = err
    raise failed
