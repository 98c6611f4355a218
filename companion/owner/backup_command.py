"""``companion backup [PATH]`` and ``companion restore PATH``: the log to a USB stick or a
laptop, and back.

A backup is the same atomic, checked copy the box makes on its own
(:func:`companion.log.backups.copy_log`); it replaces no file but an older companion log. A
restore refuses a file that is not a companion log or fails its integrity check, refuses
while the companion is running, keeps the current log aside
(``companion.db.before-restore-20261122-140500``, ``…-1`` for a second one in that second)
and then puts the copy in its place, atomically, with the previous log's owner and mode;
a fresh rotating backup of it follows, so the box takes the restored log as its newest
state.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.core.errors import CommandError
from companion.core.i18n import _, ngettext, number
from companion.core.os_reasons import reason
from companion.log import opening
from companion.log.backups import (
    BackupError,
    Backups,
    above_backups,
    clear_stale,
    copy_log,
    folder_for,
    fsync_dir,
    key_of,
)
from companion.log.guard import refuse_writing
from companion.log.schema import problem


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    back = sub.add_parser("backup", help=_("copy the log (default: into backups/ beside it)"))
    back.add_argument("path", nargs="?", help=_("a file or a folder (a USB stick, …)"))
    back.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                      help=_("the action log (default: state dir)"))
    rest = sub.add_parser("restore", help=_("replace the log by a backup (the current one is "
                                            "kept aside)"))
    rest.add_argument("path", help=_("a backup made by `companion backup` or by the box"))
    rest.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                      help=_("the action log (default: state dir)"))


def log_path(config: object, db: str | None) -> Path:
    if db:
        return Path(db)
    return opening.log_path(config.state_dir())  # type: ignore[attr-defined]


def _read(path: Path) -> tuple[str, int, int, int]:
    """``(verdict, games, actions, schema version)`` of the SQLite file at ``path``; the
    verdict is ``"ok"``, ``"foreign"`` (not a companion log: its schema is not exactly
    the companion's, :func:`companion.log.schema.problem`) or SQLite's complaint."""
    from companion.log.backups import check

    why = check(path)
    if why != "ok":
        foreign = "not a database" in why or "file is encrypted" in why
        return ("foreign" if foreign else why), 0, 0, 0
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            if problem(conn) is not None:  # a trigger, a view, a column not ours: never run
                return "foreign", 0, 0, 0
            version = conn.execute("SELECT version FROM schema_version").fetchone()[0]
            games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        finally:
            conn.close()
    except (sqlite3.Error, TypeError):
        return "foreign", 0, 0, 0
    return "ok", games, actions, version


def describe(path: Path, shown: Path | None = None) -> tuple[int, int]:
    """``(games, actions)`` in the companion log at ``path``, a backup to restore;
    raises :class:`CommandError` with one sentence when it is not a whole companion
    log this companion can read (named ``shown`` when ``path`` is a private copy)."""
    from companion.log.schema import SCHEMA_VERSION

    shown = path if shown is None else shown
    if not path.is_file():
        raise CommandError("cannot restore {path}: there is no such file.",
                           path=shown)
    verdict, games, actions, version = _read(path)
    if verdict == "foreign":
        raise CommandError("cannot restore {path}: it is not a companion log.",
                           path=shown)
    if verdict != "ok":
        raise CommandError("cannot restore {path}: it fails its integrity check ({why}); pick an"
                           " older backup.",
                           path=shown, why=verdict)
    if version > SCHEMA_VERSION:
        raise CommandError("cannot restore {path}: it was written by a newer companion (schema "
                           "{version}, this one knows {schema_version}).",
                           path=shown, version=version, schema_version=SCHEMA_VERSION)
    return games, actions


def in_use(log: Path) -> bool:
    """True when another program (the running companion) has the log open."""
    if not log.is_file():
        return False
    try:
        conn = sqlite3.connect(log, isolation_level=None, timeout=0)
    except sqlite3.Error:
        return False  # what is wrong with the file is said where it is written
    try:
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("COMMIT")
        return False
    except sqlite3.Error as err:
        return "locked" in str(err) or "busy" in str(err)
    finally:
        conn.close()


def _target(log: Path, dest: Path) -> Path:
    """The file ``companion backup`` writes for ``dest`` (a file, or a folder for a dated
    name); refuses to replace anything but a companion log."""
    if dest.exists() and dest.resolve() == log.resolve():
        raise CommandError("cannot back up {log} onto itself; name another file or a folder.",
                           log=log)
    refuse_writing(dest if not dest.is_dir() else dest / "x", log)  # a folder: what goes in it
    if dest.is_dir():
        base = f"{key_of(log)}-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
        target, n = dest / f"{base}.db", 1
        while target.exists():
            target, n = dest / f"{base}-{n}.db", n + 1
        return target
    if dest.exists() and dest.resolve() == log.resolve():
        raise CommandError("cannot back up {log} onto itself; name another file or a folder.",
                           log=log)
    if dest.exists() and (not dest.is_file() or _read(dest)[0] != "ok"):
        raise CommandError("cannot back up to {path}: a file that is not a companion log is "
                           "there; name another file or a folder.",
                           path=dest)
    return dest


def backup(config: object, *, db: str | None = None, dest: str | None = None) -> str:
    """Copy the log to ``dest`` (a file, or a folder for a dated name; default: the
    rotating backups); returns the line to print."""
    log = log_path(config, db)
    if not log.is_file():
        raise CommandError("cannot back up {log}: there is no log there yet.",
                           log=log)
    verdict, games, actions, _version = _read(log)  # a newer companion's log is copied too
    if verdict == "foreign":
        raise CommandError("cannot back up {log}: it is not a companion log.",
                           log=log)
    if verdict != "ok":
        raise CommandError("cannot back up {log}: it fails its integrity check ({why}).",
                           log=log, why=verdict)
    try:
        made = Backups(log).make() if dest is None else copy_log(log, _target(log, Path(dest)))
    except BackupError as err:
        raise CommandError("cannot back up {log}: {why}.",
                           log=log, why=err) from None
    return _("Backed up {games} ({actions}) to {path}.").format(
        games=ngettext("{n} game", "{n} games", games).format(n=number(games)),
        actions=ngettext("{n} action", "{n} actions", actions).format(n=number(actions)),
        path=made)


def _is_wal(path: Path) -> bool:
    """True when the SQLite header of ``path`` says WAL mode (a plain copy of a live log)."""
    try:
        with open(path, "rb") as f:
            head = f.read(20)
    except OSError:
        return False
    return len(head) == 20 and head[18] == 2


@contextmanager
def _readable(src: Path) -> Iterator[Path]:
    """``src``, or for a WAL-mode file (a plain copy of a live log, perhaps on a read-only
    stick where SQLite cannot make its ``-shm``) a private copy of it and its ``-wal``."""
    if not src.is_file() or not _is_wal(src):
        yield src
        return
    with tempfile.TemporaryDirectory(prefix="companion-restore-") as tmp:
        copy = Path(tmp) / src.name
        try:
            shutil.copyfile(src, copy)
            if Path(f"{src}-wal").is_file():
                shutil.copyfile(f"{src}-wal", f"{copy}-wal")
        except OSError as err:
            raise CommandError("cannot restore {src}: {why}.",
                               src=src, why=reason(err)) from None
        yield copy


def _aside_name(log: Path) -> Path:
    """A name no file has yet for the log kept aside: two restores in one second must
    not put the second one's over the first one's."""
    base = f"{log.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    aside, n = log.with_name(base), 1
    while any(Path(f"{aside}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
        aside, n = log.with_name(f"{base}-{n}"), n + 1
    return aside


def _put_in_place(log: Path, incoming: Path) -> Path | None:
    """Keep the log (and its ``-wal``) aside and put ``incoming`` in its place; returns
    where the old log went.

    The old files are kept by a second name (a hard link) before ``incoming`` replaces
    the log in one rename, so a power cut at any moment leaves a log in place: the old
    one, or the restored one (a ``-wal`` left beside it is the old log's, and the next
    start sets it aside, :mod:`companion.log.wal`). Where hard links cannot be made
    (a FAT stick), the files are renamed as before, and put back on failure."""
    aside = _aside_name(log) if log.exists() else None
    moved: list[tuple[Path, Path]] = []
    linked: list[Path] = []
    try:
        for suffix in ("", "-wal", "-shm") if aside else ():
            here, there = Path(f"{log}{suffix}"), Path(f"{aside}{suffix}")
            if not here.exists():
                continue
            if moved or not _linked(here, there):
                here.rename(there)
                moved.append((here, there))
            else:
                linked.append(here)
        if linked:
            fsync_dir(log.parent)  # the second names are on the card before the swap
        incoming.replace(log)
    except OSError:
        for back, there in reversed(moved):
            there.rename(back)
        for here in linked:
            Path(f"{aside}{str(here)[len(str(log)):]}").unlink(missing_ok=True)
        raise
    for here in linked[1:]:  # the old log's -wal/-shm: kept aside, gone from beside it
        here.unlink(missing_ok=True)
    fsync_dir(log.parent)
    return aside


def _linked(here: Path, there: Path) -> bool:
    try:
        there.hardlink_to(here)
        return True
    except OSError:
        return False


def restore(config: object, source: str, *, db: str | None = None) -> str:
    """Replace the log by the companion log at ``source``; returns the line to print."""
    log = log_path(config, db)
    src = Path(source)
    with _readable(src) as readable:
        games, actions = describe(readable, src)
        if log.is_dir():
            raise CommandError("cannot restore into {log}: {why}.",
                               log=log, why=reason(IsADirectoryError(21, "")))
        if in_use(log):
            # the box, or only its phone page (which stopping the box does not free)
            raise CommandError("cannot restore while the box or its phone page is using "
                               "{log}: stop both first (sudo systemctl stop companion "
                               "companion-web).", log=log)
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            if isinstance(err, FileExistsError):  # a file where a folder of the path should be
                err = NotADirectoryError(20, "")
            raise CommandError("cannot restore into {log}: {why}.",
                               log=log, why=reason(err)) from None
        clear_stale(log)  # copies an interrupted restore or salvage left (never a live one's)
        like = log.stat() if log.is_file() else None
        incoming = log.with_name(f".{log.name}.restore")
        try:
            copy_log(readable, incoming, like=like)
            conn = sqlite3.connect(incoming, isolation_level=None)
            try:
                above_backups(conn, folder_for(log))
            finally:
                conn.close()
            aside = _put_in_place(log, incoming)
        except (BackupError, OSError, sqlite3.Error) as err:
            try:
                incoming.unlink(missing_ok=True)
            except OSError:
                pass  # a read-only folder: it was never written
            why = err if isinstance(err, BackupError) else \
                reason(err) if isinstance(err, OSError) else str(err)
            raise CommandError("cannot restore {src}: {why}.",
                               src=src, why=why) from None
    try:
        Backups(log).make()  # the restored log is now the newest state
    except BackupError:
        pass
    counts = dict(games=ngettext("{n} game", "{n} games", games).format(n=number(games)),
                  actions=ngettext("{n} action", "{n} actions", actions).format(
                      n=number(actions)), path=src)
    if aside:
        return _("Restored {games} ({actions}) from {path}; the previous log is kept as "
                   "{kept}.").format(kept=aside.name, **counts)
    return _("Restored {games} ({actions}) from {path}.").format(**counts)
