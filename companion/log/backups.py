"""Rotating backups of the action log, made on their own thread.

A backup is a consistent copy of the log made with SQLite's online backup API through
its own connection, written under a temporary name, checked (``integrity_check``),
flushed (``fsync``) and only then renamed into ``backups/`` beside the log — so a
backup on the card is always whole. Logs in one folder share ``backups/``; each backup
is named after its log (``club-20261122-140500.db`` for ``club.db``) and belongs to it
alone (:func:`folder_for`, :func:`listing`). :class:`Backups` makes one after every finished
game and at most once an hour while a long game goes on, and keeps the last
:data:`KEEP` plus the newest of each of the last :data:`MONTHS` months.

The main loop never waits for a backup: saving an action only sets an event (see
:meth:`Backups.saved`); the copy runs on the worker thread, and SQLite's WAL lets the
loop keep writing while the copy reads its snapshot.

>>> import tempfile
>>> from companion.log.store import Store
>>> folder = Path(tempfile.mkdtemp())
>>> store = Store.open(folder / "companion.db")
>>> _ = store.new_game("dice_roller", {"players": ["Table"]})
>>> made = Backups(store.path).make()
>>> made.parent.name, made.name.startswith("companion-")
('backups', True)
>>> store.close()
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from companion.core.errors import StorageKind, Translatable
from companion.core.i18n import _
from companion.log.backup_order import _STAMP as _STAMP
from companion.log.backup_order import _key as _key
from companion.log.backup_order import _utc as _utc
from companion.log.backup_order import content_key as content_key
from companion.log.backup_order import generation_of as generation_of
from companion.log.backup_order import identity_of as identity_of
from companion.log.backup_order import key_of as key_of
from companion.log.backup_order import listing as listing
from companion.log.backup_order import log_identity as log_identity
from companion.log.backup_order import own as own
from companion.log.backup_order import stamp_of as stamp_of
from companion.log.faults import kind_of
from companion.log.leftovers import clear_stale as clear_stale
from companion.log.leftovers import stale_copies as stale_copies

#: How many of the newest backups are always kept …
KEEP = 10
#: … plus the newest backup of each of this many months (this one included).
MONTHS = 12
#: During a long game, a backup at most this often (seconds).
EVERY = 3600.0
#: Pages copied per step; each step's pages are flushed before the next, so a key
#: press's own fsync never queues behind a whole log's worth of writes.
STEP_PAGES = 64


class BackupError(Translatable, OSError):
    """A backup could not be made; the message says why, :attr:`kind` says how (a full
    card makes room, :meth:`Backups.make`). The log is never touched."""

    def __init__(self, template: str, /, *, kind: StorageKind = StorageKind.OTHER,
                 **params: object) -> None:
        super().__init__(template, **params)
        self.kind = kind


class Cancelled(Exception):
    """The copy was stopped on purpose (shutting down, or the card is full)."""


class BackupFolder(type(Path())):  # type: ignore[misc]
    """``backups/`` beside a log, standing for the backups of that one log: logs in the
    same folder share it, and each lists, compares and prunes only its own backups
    (``club-20261122-140500.db`` for ``club.db``; ``companion.db``'s are named
    ``companion-<time>.db`` as they always were)."""

    key: str | None = None


def folder_for(log: str | Path) -> Path:
    """Where the backups of the log at ``log`` live: ``backups/`` beside it, as a folder
    that knows whose backups it lists (:class:`BackupFolder`)."""
    folder = BackupFolder(Path(log).parent / "backups")
    folder.key = key_of(log)
    return folder


def match_owner(path: Path, like: os.stat_result | None, *, mode: bool = True) -> None:
    """Give ``path`` the owner and group (when running as root) and, with ``mode``, the
    permissions of the file ``like`` was taken from: a restore or a backup made with
    ``sudo`` must leave files the service (user ``companion``) can still write."""
    if like is None:
        return
    if mode:
        os.chmod(path, stat.S_IMODE(like.st_mode))
    if os.geteuid() == 0:
        st = os.stat(path)
        if (st.st_uid, st.st_gid) != (like.st_uid, like.st_gid):
            os.chown(path, like.st_uid, like.st_gid)


def fsync_dir(folder: Path) -> None:
    """Make a rename or an unlink in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def check(path: str | Path, *, full: bool = True) -> str:
    """``"ok"`` when the SQLite file at ``path`` passes ``integrity_check`` (or
    ``quick_check`` with ``full=False``), else SQLite's first complaint."""
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            row = conn.execute(f"PRAGMA {'integrity' if full else 'quick'}_check").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as err:
        return str(err)
    return row[0] if row else "no answer"


def temporary_name(dest: Path, pid: int | None = None) -> Path:
    """The hidden name :func:`copy_log` writes ``dest`` under until it is whole: one per
    process (two may back up at once), and one dot only for a ``dest`` already hidden, so
    that :func:`~companion.log.leftovers.stale_copies` knows it.

    >>> temporary_name(Path("/s/backups/companion-20261201-120000.db"), 7).name
    '.companion-20261201-120000.db.7.tmp'
    >>> temporary_name(Path("/s/.companion.db.restore"), 7).name
    '.companion.db.restore.7.tmp'
    """
    pid = os.getpid() if pid is None else pid
    hidden = dest.name if dest.name.startswith(".") else f".{dest.name}"
    return dest.with_name(f"{hidden}.{pid}.tmp")


def copy_log(source: str | Path, dest: str | Path, *, pages: int = STEP_PAGES,
             step: Callable[[], None] | None = None, verify: bool = True,
             like: os.stat_result | None = None) -> Path:
    """Copy the SQLite file ``source`` to ``dest`` atomically; returns ``dest``.

    One read snapshot of ``source`` is held for the whole copy, so writers carry on and
    the copy is exactly the log at one moment. The copy is written to a hidden temporary
    name beside ``dest``, flushed step by step, checked with ``integrity_check`` (with
    ``verify``), given the owner and mode of ``like`` (:func:`match_owner`) and renamed
    over ``dest`` only when whole. ``step`` is called after each step of ``pages`` pages
    (slow-card tests sleep there; raising :class:`Cancelled` stops the copy). Raises
    :class:`BackupError`; nothing is left behind on failure.
    """
    from companion.core.os_reasons import reason

    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise BackupError("there is no log at {source}",
                          source=source)
    if not dest.parent.is_dir():
        raise BackupError("cannot write {folder}: {why}", folder=dest.parent,
                          why=reason(FileNotFoundError(2, "") if not dest.parent.exists()
                                     else NotADirectoryError(20, "")))
    tmp = temporary_name(dest)
    src = dst = None
    fd = -1
    writing = False
    try:
        src = sqlite3.connect(source.resolve().as_uri() + "?mode=ro", uri=True,
                              isolation_level=None, check_same_thread=False)
        src.execute("BEGIN")
        src.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # the snapshot
        writing = True  # an error now is the destination's
        tmp.unlink(missing_ok=True)
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)  # its OSError says why
        dst = sqlite3.connect(tmp, isolation_level=None)
        writing = False

        def progress(_status: int, _remaining: int, _total: int) -> None:
            os.fsync(fd)
            if step is not None:
                step()

        src.backup(dst, pages=pages, progress=progress)
        src.execute("COMMIT")
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal
        dst.close()
        dst = None
        os.fsync(fd)
        if verify and (why := check(tmp)) != "ok":
            raise BackupError("the copy fails its integrity check ({why})",
                              why=str(why))
        match_owner(tmp, like)
        os.replace(tmp, dest)
        fsync_dir(dest.parent)
        return dest
    except sqlite3.Error as err:
        if writing:
            raise BackupError("cannot write {folder}: {why}",
                              folder=dest, why=str(err), kind=kind_of(err)) from err
        raise BackupError("cannot copy {name}: {why}",
                          name=source.name, why=err, kind=kind_of(err)) from err
    except OSError as err:
        if isinstance(err, BackupError):
            raise
        raise BackupError("cannot write {folder}: {why}",
                          folder=dest, why=reason(err), kind=kind_of(err)) from err
    finally:
        for conn in (dst, src):
            if conn is not None:
                conn.close()
        if fd >= 0:
            os.close(fd)
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only folder: nothing was written there either



def above_backups(conn: sqlite3.Connection, folder: Path) -> None:
    """Count ``conn``'s log past every backup in ``folder``, so a log just rebuilt or
    restored is never taken for one that lost commits."""
    floor = max((generation_of(p) for p in listing(folder)), default=0)
    mine = conn.execute("PRAGMA user_version").fetchone()[0]
    if mine <= floor:
        conn.execute(f"PRAGMA user_version = {floor + 1}")



def to_prune(backups: list[Path], now: float, *, keep: int = KEEP,
             months: int = MONTHS) -> list[Path]:
    """Which of ``backups`` (oldest first) the rotation drops: all but the newest
    ``keep`` and the newest of each of the last ``months`` calendar months (UTC).

    >>> names = [Path(f"companion-2026{m:02d}{d:02d}-120000.db")
    ...          for m in (1, 2, 3) for d in (1, 2)]
    >>> [p.name[14:18] for p in to_prune(names, _utc("20260310-000000"), keep=2)]
    ['0101', '0201']
    """
    kept = set(backups[-keep:]) if keep > 0 else set()
    year, month = time.gmtime(now)[:2]
    recent = set()
    for _month in range(months):
        recent.add(f"{year:04d}{month:02d}")
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    newest_of: dict[str, Path] = {}
    for path in backups:
        month_key = _key(path)[0][:6]
        if month_key in recent:
            newest_of[month_key] = path  # oldest first: the last one of a month wins
    kept.update(newest_of.values())
    return [p for p in backups if p not in kept]


class Backups:
    """The rotating backups of the log at ``log``, and the thread that makes them.

    :param clock: the wall clock (backup names, ages, the hourly rule).
    :param step: called on the backup thread after each copied step (a slow-card test
        sleeps there).

    ``start(store)`` hooks the store (``on_saved``, ``make_room``) and starts the
    thread; ``stop()`` lets a backup under way finish (briefly) and ends it.
    """

    def __init__(self, log: str | Path, *, keep: int = KEEP, months: int = MONTHS,
                 every: float = EVERY, clock: Callable[[], float] = time.time,
                 step: Callable[[], None] | None = None) -> None:
        self.log = Path(log)
        self.folder = folder_for(log)
        self.key = key_of(log)
        self.keep, self.months, self.every = keep, months, every
        self.clock = clock
        self.step = step
        #: The log's identity: a backup with another one is not this log's.
        self.identity = log_identity(log) if self.log.is_file() else None
        newest = self.newest()
        #: When the newest backup was made or last asked for (the hourly rule).
        stamp = stamp_of(newest) if newest else None
        self.last: float | None = stamp if stamp is not None and stamp <= clock() else None
        self.made = 0
        self._cv = threading.Condition()
        self._pending = self._busy = self._stopping = self._cancel = False
        self._thread: threading.Thread | None = None

    # -- the files ---------------------------------------------------------------------

    def all(self) -> list[Path]:
        """Every backup of this log, oldest first (by content); another log's are set
        aside (:func:`own`)."""
        return own(self.folder, self.identity)

    def newest(self) -> Path | None:
        found = self.all()
        return found[-1] if found else None

    def _name(self) -> Path:
        base = f"{self.key}-" + time.strftime("%Y%m%d-%H%M%S", time.gmtime(self.clock()))
        path, n = self.folder / f"{base}.db", 1
        while path.exists():
            path, n = self.folder / f"{base}-{n}.db", n + 1
        return path

    def make(self) -> Path:
        """Make one backup now, on this thread, then rotate; returns its path.

        On a full card the oldest backups are deleted and the copy tried once more.
        Raises :class:`BackupError` (the log itself is never touched).
        """
        from companion.core.os_reasons import reason

        self._cancel = False
        try:
            like = self.log.stat() if self.log.is_file() else None
            try:
                self.folder.mkdir()
                match_owner(self.folder, like, mode=False)
            except FileExistsError:
                pass
            try:
                path = copy_log(self.log, self._name(), step=self._stepped, like=like)
            except BackupError as err:
                if err.kind is not StorageKind.FULL or not self.make_room():
                    raise
                path = copy_log(self.log, self._name(), step=self._stepped, like=like)
        except OSError as err:
            if isinstance(err, BackupError):
                raise
            raise BackupError("cannot write {folder}: {why}",
                              folder=self.folder, why=reason(err), kind=kind_of(err)) from err
        self.last = self.clock()
        self.made += 1
        self.prune()
        return path

    def _stepped(self) -> None:
        if self._cancel:
            raise Cancelled("stopped")
        if self.step is not None:
            self.step()

    def prune(self) -> list[Path]:
        """Drop the backups the rotation no longer keeps; returns them."""
        doomed = to_prune(self.all(), self.clock(), keep=self.keep, months=self.months)
        for path in doomed:
            path.unlink(missing_ok=True)
        return doomed

    def make_room(self) -> bool:
        """The card is full: stop a copy under way and delete every backup but the
        newest. True when that freed anything (the caller may try again)."""
        freed = False
        with self._cv:
            if self._busy and threading.current_thread() is not self._thread:
                self._cancel = freed = True
        if clear_stale(self.log) and self._room():  # copies nobody will finish go first
            return True
        for path in self.all()[:-1]:
            try:
                path.unlink()
                freed = True
            except OSError:
                continue
        if freed:
            print("companion: " + _("the card is full; old backups in {folder} were deleted "
                                    "to make room").format(folder=self.folder),
                  file=sys.stderr, flush=True)
        return freed

    def _room(self) -> bool:
        """True when the card has room for another copy of the log."""
        try:
            return shutil.disk_usage(self.log.parent).free > self.log.stat().st_size + 2**20
        except OSError:
            return False

    # -- the thread --------------------------------------------------------------------

    def start(self, store: object) -> Backups:
        """Back up ``store`` (a :class:`~companion.log.store.Store`) from now on."""
        store.on_saved = self.saved  # type: ignore[attr-defined]
        store.make_room = self.make_room  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._work, name="backups", daemon=True)
        self._thread.start()
        return self

    def saved(self, event: str) -> None:
        """The store saved something (called on the main thread: only sets a flag).

        ``"finished"`` (a game ended) always asks for a backup; anything else does when
        the last one is more than :attr:`every` seconds old.
        """
        now = self.clock()
        if event != "finished" and self.last is not None and 0 <= now - self.last < self.every:
            return
        self.last = now
        with self._cv:
            self._pending = True
            self._cv.notify_all()

    def request(self) -> None:
        """Ask for a backup now (on the thread)."""
        self.saved("finished")

    def _work(self) -> None:
        while True:
            with self._cv:
                while not self._pending and not self._stopping:
                    self._cv.wait()
                if not self._pending:
                    return
                self._pending, self._busy = False, True
            try:
                self.make()
            except Cancelled:
                pass
            except OSError as err:
                print(f"companion: backup failed: {err}", file=sys.stderr, flush=True)
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()

    @property
    def busy(self) -> bool:
        """True while a backup is being copied."""
        return self._busy

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until no backup is asked for or under way; False on timeout."""
        with self._cv:
            return self._cv.wait_for(lambda: not (self._pending or self._busy), timeout)

    def stop(self, timeout: float = 5.0) -> None:
        """Finish the backup under way (for up to ``timeout`` s, then cancel it) and end
        the thread."""
        with self._cv:
            self._stopping = True
            self._cv.notify_all()
        if self._thread is None:
            return
        self._thread.join(timeout)
        if self._thread.is_alive():
            self._cancel = True
            self._thread.join(timeout)


def start_for(store: object) -> Backups | None:
    """Start backing up ``store`` (the running app's log); None for a log in memory or
    a read-only one."""
    path = getattr(store, "path", ":memory:")
    if path == ":memory:" or getattr(store, "read_only", False):
        return None
    return Backups(path).start(store)


def status(log: str | Path, now: float | None = None) -> tuple[float | None, int, int]:
    """``(age of the newest backup in seconds or None, how many, free bytes on the card)``."""
    found = listing(folder_for(log))
    now = time.time() if now is None else now
    age = now - stamp_of(found[-1]) if found else None  # type: ignore[operator]
    probe = Path(log).parent
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    return age, len(found), shutil.disk_usage(probe).free
