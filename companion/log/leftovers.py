"""Temporary copies an interrupted backup, restore, salvage or settings write left behind.

Each is as big as the log; the app deletes them when it starts
(:func:`companion.log.opening.open_log`) and, on a full card, before any real backup
(:meth:`companion.log.backups.Backups.make_room`).

>>> import tempfile
>>> stale_copies(Path(tempfile.mkdtemp()) / "companion.db")
[]
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

#: A temporary copy without a process id in its name is taken as left behind after this
#: long untouched (a copy under way writes to it all the time).
STALE = 600.0
_PID = re.compile(r"\.(\d+)\.tmp$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def stale_copies(log: str | Path, now: float | None = None) -> list[Path]:
    """Temporary copies an interrupted backup, restore, salvage or settings write left
    beside the log at ``log`` or in its backups folder (each as big as the log): those
    of a process that is gone, or untouched for :data:`STALE` seconds. Never the
    ``.companion.db.rebuilt`` a salvage cut short left (the next start puts it in place)."""
    log = Path(log)
    now = time.time() if now is None else now
    name = log.name
    found: list[Path] = []
    # ``..companion.db.restore.PID.tmp`` (two dots): the name earlier versions gave a
    # restore's or a salvage's copy under way.
    for folder, patterns in ((log.parent, (f".{name}.restore", f".{name}.restore.*.tmp",
                                           f"..{name}.restore.*.tmp",
                                           f".{name}.salvage", f".{name}.salvage.*.tmp",
                                           f"..{name}.salvage.*.tmp", f".{name}.salvage-*",
                                           ".salvage-*", f".{OVERRIDES_NAME}.*")),
                             (log.parent / "backups", (".*.tmp",))):
        for pattern in patterns:
            try:
                found.extend(folder.glob(pattern))
            except OSError:
                continue
    out = []
    for path in sorted(set(found)):
        try:
            age = now - path.lstat().st_mtime
        except OSError:
            continue
        m = _PID.search(path.name)
        if m and _alive(int(m.group(1))) and age < 86400:
            continue
        if not m and age < STALE:
            continue
        out.append(path)
    return out


def clear_stale(log: str | Path, now: float | None = None) -> bool:
    """Delete :func:`stale_copies`; True when any was deleted."""
    cleared = False
    for path in stale_copies(log, now):
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
            cleared = True
        except OSError:
            continue
    return cleared


#: The file of the settings changed on the box (:mod:`companion.config.settings`).
OVERRIDES_NAME = "settings.toml"
