"""Paths the companion must never write over: its log and the files that go with it.

An export or a copy named by hand (``history --bgstats FILE``, ``companion backup
FILE``) could otherwise land on the live log, its ``-wal``/``-shm``, a file set aside
by a salvage or a restore, or the backups the box recovers from. :func:`refuse_writing`
says so in one sentence before anything is opened for writing.

>>> import tempfile
>>> log = Path(tempfile.mkdtemp()) / "companion.db"
>>> companion_file(log.with_name("companion.db-wal"), log)
True
>>> companion_file(log.parent / "backups" / "x.db", log)
True
>>> companion_file(log.parent / "out.json", log)
False
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.core.errors import StorageError
from companion.log.backups import folder_for


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: compare it as written
        return Path(os.path.abspath(path))


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def companion_file(dest: str | Path, log: str | Path) -> bool:
    """True when ``dest`` is the log at ``log`` or one of its files: its ``-wal``,
    ``-shm``, ``-journal`` and lock, the files a salvage or a restore sets aside or builds
    (``companion.db.corrupt-…``, ``.companion.db.rebuilt``), or anything in its backups
    folder; symlinks and hard links are followed."""
    dest, log = Path(dest), Path(log)
    real, home = _real(dest), _real(log)
    backups = _real(folder_for(log))
    if real == backups or backups in real.parents:
        return True
    if real.parent == home.parent and (
            real.name == home.name or real.name.startswith((f"{home.name}-", f"{home.name}.",
                                                            f".{home.name}."))):
        return True
    family = [log] + [Path(f"{log}{s}") for s in ("-wal", "-shm", "-journal", ".lock")]
    return any(_same(dest, f) for f in family)


def refuse_writing(dest: str | Path, log: str | Path) -> None:
    """Raise :class:`StorageError` (one sentence) when ``dest`` is one of the files of
    the log at ``log`` or of the service's log (:func:`companion_file`)."""
    from companion.log.opening import SERVICE_STATE, log_path

    if any(companion_file(dest, home) for home in (log, log_path(SERVICE_STATE))):
        raise StorageError("{dest} is the companion's log or one of its files (its backups, "
                           "its -wal); name another file.", dest=str(dest))
