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


def _holds_open(pid: int, path: Path) -> bool | None:
    """Whether process ``pid`` has ``path`` open (a copy under way does, all along); None
    where that cannot be read (no ``/proc``, someone else's process)."""
    try:
        target = path.resolve()
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if Path(os.readlink(fd)) == target:
                    return True
            except OSError:
                continue
    except OSError:
        return None
    return False


def _under_way(pid: int, path: Path, age: float) -> bool:
    """Whether the copy at ``path`` named for ``pid`` may still be being written: its
    process is alive and holds it open, or is alive and the copy is less than a day old
    (after a day a live id not holding it is taken as another process's: ids are reused
    after a reboot)."""
    if not _alive(pid):
        return False
    # The open files first, not the clock: an RTC-less Pi's clock may jump by days when NTP
    # answers, and a copy under way must never look a day old then.
    return bool(_holds_open(pid, path)) or age < 86400


def stale_copies(log: str | Path, now: float | None = None) -> list[Path]:
    """Temporary copies an interrupted backup, restore, salvage or settings write left
    beside the log at ``log`` or in its backups folder (each as big as the log): those
    of a process that is gone or no longer holds them open, or untouched for :data:`STALE`
    seconds. Never the
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
        if m and _under_way(int(m.group(1)), path, age):
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
