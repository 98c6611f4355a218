"""Is the log on memory that a reboot empties? Raspberry Pi OS's overlay file system
(raspi-config → Performance → Overlay File System) keeps every write in RAM: the box
writes, reads back, says "games are saved" — and everything is gone at the next boot. So
is a state folder on tmpfs. Read from ``/proc/self/mountinfo`` (which file system holds
the folder) and ``/proc/cmdline`` (``boot=overlay``, raspi-config's switch).

>>> MOUNTS = ("20 1 0:20 / / rw - overlay overlay rw,lowerdir=/lower,upperdir=/upper/data\\n"
...           "21 20 0:21 / /media/usb rw - vfat /dev/sda1 rw\\n")
>>> on_memory("/var/lib/companion", mountinfo=MOUNTS, cmdline="boot=overlay quiet")
'overlay'
>>> on_memory("/media/usb/companion", mountinfo=MOUNTS, cmdline="boot=overlay quiet") is None
True
"""

from __future__ import annotations

import os
from pathlib import Path

#: File systems whose files live in memory only.
IN_MEMORY = frozenset({"tmpfs", "ramfs"})


def _mounts(text: str) -> list[tuple[str, str, str]]:
    """(mount point, file system type, its super options) for each line of mountinfo."""
    found = []
    for line in text.splitlines():
        left, _sep, right = line.partition(" - ")
        fields, after = left.split(), right.split()
        if len(fields) >= 5 and len(after) >= 3:
            point = fields[4].replace("\\040", " ")
            found.append((point, after[0], after[2]))
    return found


def _holding(path: str, mounts: list[tuple[str, str, str]]) -> tuple[str, str, str] | None:
    """The mount that holds ``path``: the longest mount point it lies under."""
    best = None
    for mount in mounts:
        point = mount[0].rstrip("/") + "/"
        if (path.rstrip("/") + "/").startswith(point) and (best is None
                                                           or len(point) > len(best[0]) + 1):
            best = mount
    return best


def on_memory(path: str | Path, *, mountinfo: str | None = None,
              cmdline: str | None = None) -> str | None:
    """``"tmpfs"`` (or ``"ramfs"``) when the folder ``path`` is on a memory file system,
    ``"overlay"`` when it is on an overlay whose writes go to memory, else None (also
    where /proc cannot be read: not Linux)."""
    try:
        if mountinfo is None:
            mountinfo = Path("/proc/self/mountinfo").read_text(encoding="utf-8")
        if cmdline is None:
            cmdline = Path("/proc/cmdline").read_text(encoding="utf-8")
    except OSError:
        return None
    mounts = _mounts(mountinfo)
    held = _holding(os.path.abspath(path), mounts)
    if held is None:
        return None
    _point, kind, options = held
    if kind in IN_MEMORY:
        return kind
    if kind != "overlay":
        return None
    if "boot=overlay" in cmdline.split() or "overlayroot=tmpfs" in cmdline:
        return "overlay"
    upper = next((o.split("=", 1)[1] for o in options.split(",") if o.startswith("upperdir=")),
                 None)
    upper_held = _holding(upper, mounts) if upper else None
    return "overlay" if upper_held is not None and upper_held[1] in IN_MEMORY else None
