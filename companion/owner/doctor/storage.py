"""``companion doctor``'s lines about where games are saved: the state folder can be
written, the newest backup's age, the free space on the card (on a Raspberry Pi; on a
laptop "disk": ``on_pi``).

:func:`state_fix` says what to do when no ``chown`` can help (the folder is a file, on
a kernel or a read-only file system).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from companion.core.i18n import N_, _, ngettext
from companion.owner.doctor.report import Check


def state_check(path: Path, user: str, *, on_pi: bool = True,
                memory: str | None = None) -> Check:
    """Whether games can be saved in ``path`` (really written: ``os.access`` says yes to
    root even on a read-only mount), and kept: ``memory`` names what keeps the folder's
    writes in RAM only (``"overlay"``, ``"tmpfs"``; :mod:`companion.log.memory`)."""
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError:
        pass
    else:
        if memory is not None:
            return memory_check(path, memory)
        return Check(N_("state"), "ok", _("games are saved in {path}").format(path=path))
    return Check(
        N_("state"),
        "fail",
        _("{path} cannot be written: games would not be saved").format(path=path),
        state_fix(path, probe, on_pi=on_pi)
        or _("sudo chown -R {user} {path} (the service uses /var/lib/companion, which "
             "systemd makes for it)").format(user=user, path=path),
    )


def memory_check(path: Path, memory: str) -> Check:
    """The state folder keeps its writes in memory: every game goes at the next reboot."""
    if memory == "overlay":
        why = _("{path} is under the overlay file system: games are written to memory and "
                "gone at the next reboot").format(path=path)
    else:
        why = _("{path} is on {kind}, in memory: games are gone at the next "
                "reboot").format(path=path, kind=memory)
    return Check(N_("state"), "fail", why,
                 _("mount a USB stick at {path}, or turn the overlay off (sudo raspi-config "
                   "→ Performance → Overlay File System); README: \"The log and the overlay "
                   "file system\"").format(path=path))


def backup_checks(log: Path, *, on_pi: bool = True) -> Iterator[Check]:
    """The newest backup's age of the log ``log``, and the free space on the card (the
    disk, not ``on_pi``)."""
    from companion.log.backups import status

    age, count, free = status(log)
    if age is None:
        yield Check(
            N_("backups"),
            "info",
            _(
                "none yet in {log_parent_backups} (the box makes one after every finished game)"
            ).format(log_parent_backups=log.parent / "backups"),
        )
    elif age < -3600:  # named by a clock that was ahead then, or is behind now
        yield Check(
            N_("backups"),
            "info",
            _("the newest is dated ahead of this clock, {count} kept: check the clock "
              "(timedatectl)").format(count=count),
        )
    elif age < 3600:  # "0 hours old" read as a count of nothing (issue 35)
        yield Check(N_("backups"), "ok",
                    _("newest under an hour old, {count} kept").format(count=count))
    else:
        hours = round(age / 3600)
        days = round(hours / 24)
        when = (ngettext("{n} hour", "{n} hours", hours).format(n=hours) if hours < 48
                else ngettext("{n} day", "{n} days", days).format(n=days))
        yield Check(
            N_("backups"),
            "ok",
            _("newest {when} old, {count} kept").format(when=when, count=count),
        )
    yield card_check(log.parent, log.stat().st_size if log.exists() else 0, free, on_pi=on_pi)


def card_check(folder: Path, size: int, free: int | None = None, *,
               on_pi: bool = True) -> Check:
    """Free space where the log in ``folder`` (``size`` bytes) lives: the SD card on a
    Raspberry Pi, the disk elsewhere (a laptop has no SD card to free)."""
    if free is None:
        probe = folder
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        free = shutil.disk_usage(probe).free
    mb, where = free / 1e6, N_("card") if on_pi else N_("disk")
    if free < max(20e6, 3 * size):
        fix = (_("free space on the card (old backups first: {log_parent_backups})") if on_pi
               else _("free space on the disk (old backups first: {log_parent_backups})"))
        return Check(where, "fail",
                     _("only {mb:.0f} MB free: saving games may fail soon").format(mb=mb),
                     fix.format(log_parent_backups=folder / "backups"))
    return Check(where, "ok", _("{mb:,.0f} MB free").format(mb=mb))


#: Kernel file systems: no folder can be made in them, whoever owns them.
PSEUDO_FS = {
    "proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "debugfs", "securityfs",
    "tracefs", "configfs", "bpf", "pstore", "efivarfs", "mqueue", "hugetlbfs", "fusectl",
    "binfmt_misc", "autofs", "rpc_pipefs", "nsfs",
}


def _real_dir(on_pi: bool) -> str:
    if not on_pi:
        return _("set state.dir in the config to a folder you can write to, for instance "
                 "~/.local/state/companion (or leave it empty)")
    return _("set state.dir in the config to a folder on the SD card, for instance "
             "~/.local/state/companion (or leave it empty: the service then uses "
             "/var/lib/companion)")


def state_fix(path: Path, probe: Path, mounts: str = "/proc/self/mounts", *,
              on_pi: bool = True) -> str | None:
    """The fix when no ``chown`` can make ``path`` a folder for the log, else None:
    ``probe`` (the nearest part of ``path`` that exists) is a file, or it is on a
    kernel file system (``/proc``, ``/sys``) or a read-only one."""
    if not probe.is_dir():
        return _("{probe} is a file, not a folder: {fix}").format(probe=probe,
                                                                  fix=_real_dir(on_pi))
    fs, options = _mount_of(probe, mounts)
    if fs in PSEUDO_FS:
        return _("{probe} is on the kernel's {fs} file system, where no folder can be made: "
                 "{fix}").format(probe=probe, fs=fs, fix=_real_dir(on_pi))
    if "ro" in options:
        return _("{probe} is on a read-only file system: remount it read-write, or {fix}"
                 ).format(probe=probe, fix=_real_dir(on_pi))
    return None


def _mount_of(path: Path, mounts: str) -> tuple[str, set[str]]:
    """The file system type and mount options of the mount holding ``path``."""
    best, found = -1, ("", set[str]())
    try:
        lines = Path(mounts).read_text().splitlines()
    except OSError:
        return found
    target = str(path.resolve())
    for line in lines:
        parts = line.split()
        if len(parts) < 4:
            continue
        point = parts[1].replace("\\040", " ")
        inside = target == point or target.startswith(point.rstrip("/") + "/")
        if inside and len(point) > best:
            best, found = len(point), (parts[2], set(parts[3].split(",")))
    return found
