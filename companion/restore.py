"""``companion backup [PATH]`` and ``companion restore PATH``: the log to a USB stick or a
laptop, and back.

A backup is the same atomic, checked copy the box makes on its own
(:func:`companion.backup.copy_log`). A restore refuses a file that is not a companion log
or fails its integrity check, refuses while the companion is running, keeps the current
log aside (``companion.db.before-restore-20261122-140500``) and then puts the copy in
its place, atomically; a fresh rotating backup of it follows, so the box takes the
restored log as its newest state.
"""

from __future__ import annotations

import argparse
import sqlite3
import time
from pathlib import Path

from companion.backup import BackupError, Backups, above_backups, copy_log, folder_for, fsync_dir
from companion.errors import CommandError
from companion.i18n import _, ngettext, number


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
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
    return Path(config.state_dir()) / "companion.db"  # type: ignore[attr-defined]


def describe(path: Path) -> tuple[int, int]:
    """``(games, actions)`` in the companion log at ``path``; raises
    :class:`CompanionError` with one sentence when it is not a whole companion log."""
    from companion.backup import check
    from companion.schema import SCHEMA_VERSION

    if not path.is_file():
        raise CommandError("cannot restore {path}: there is no such file.",
                           path=path)
    why = check(path)
    if why != "ok":
        if "not a database" in why or "file is encrypted" in why:
            raise CommandError("cannot restore {path}: it is not a companion log.",
                               path=path)
        raise CommandError("cannot restore {path}: it fails its integrity check ({why}); pick an"
                           " older backup.",
                           path=path, why=str(why))
    try:
        conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            version = conn.execute("SELECT version FROM schema_version").fetchone()[0]
            games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            actions = conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        finally:
            conn.close()
    except (sqlite3.Error, TypeError) as err:
        raise CommandError("cannot restore {path}: it is not a companion log.",
                           path=path) from err
    if version > SCHEMA_VERSION:
        raise CommandError("cannot restore {path}: it was written by a newer companion (schema "
                           "{version}, this one knows {schema_version}).",
                           path=path, version=version, schema_version=SCHEMA_VERSION)
    return games, actions


def in_use(log: Path) -> bool:
    """True when another program (the running companion) has the log open."""
    if not log.exists():
        return False
    conn = sqlite3.connect(log, isolation_level=None, timeout=0)
    try:
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("COMMIT")
        return False
    except sqlite3.Error as err:
        return "locked" in str(err) or "busy" in str(err)
    finally:
        conn.close()


def backup(config: object, *, db: str | None = None, dest: str | None = None) -> str:
    """Copy the log to ``dest`` (a file, or a folder for a dated name; default: the
    rotating backups); returns the line to print."""
    log = log_path(config, db)
    if not log.is_file():
        raise CommandError("cannot back up {log}: there is no log there yet.",
                           log=log)
    try:
        if dest is None:
            made = Backups(log).make()
        else:
            target = Path(dest)
            if target.is_dir():
                target = target / time.strftime("companion-%Y%m%d-%H%M%S.db", time.gmtime())
            made = copy_log(log, target)
    except BackupError as err:
        raise CommandError("cannot back up {log}: {why}.",
                           log=log, why=err) from None
    games, actions = describe(made)
    return _("Backed up {games} ({actions}) to {path}.").format(
        games=ngettext("{n} game", "{n} games", games).format(n=number(games)),
        actions=ngettext("{n} action", "{n} actions", actions).format(n=number(actions)),
        path=made)


def restore(config: object, source: str, *, db: str | None = None) -> str:
    """Replace the log by the companion log at ``source``; returns the line to print."""
    log = log_path(config, db)
    src = Path(source)
    games, actions = describe(src)
    if in_use(log):
        raise CommandError("cannot restore while the companion is using {log}: stop it first "
                           "(sudo systemctl stop companion).",
                           log=log)
    log.parent.mkdir(parents=True, exist_ok=True)
    incoming = log.with_name(f".{log.name}.restore")
    try:
        copy_log(src, incoming)
        conn = sqlite3.connect(incoming, isolation_level=None)
        try:
            above_backups(conn, folder_for(log))
        finally:
            conn.close()
        aside = None
        if log.exists():
            aside = log.with_name(f"{log.name}.before-restore-"
                                  f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}")
            for suffix in ("", "-wal", "-shm"):
                if Path(f"{log}{suffix}").exists():
                    Path(f"{log}{suffix}").rename(f"{aside}{suffix}")
        incoming.replace(log)
        fsync_dir(log.parent)
    except (BackupError, OSError, sqlite3.Error) as err:
        incoming.unlink(missing_ok=True)
        raise CommandError("cannot restore {src}: {why}.",
                           src=src, why=err) from None
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
