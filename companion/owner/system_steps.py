"""The steps ``install-service`` takes on the system, said before each is done.

A :class:`Step` runs one command, writes one file, copies the checkout, makes a link or
removes something; :func:`execute` says each one (numbered) and does it, or with
``dry_run`` only says it. Everything a step touches is named in full, so the tests run
the same steps against a folder standing in for ``/``.

>>> step = Step("reload systemd", ("systemctl", "daemon-reload"))
>>> execute([step], dry_run=True)
1. reload systemd
   systemctl daemon-reload
Dry run: nothing was changed.
"""

from __future__ import annotations

import errno
import os
import shlex
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import CommandError
from companion.core.i18n import _, ngettext
from companion.core.os_reasons import reason

#: What a copy of the checkout leaves out: what a build or a test run leaves in it (an
#: old ``build/lib`` would put back a module the new version deleted).
NOT_COPIED = (".git", "build", "dist", "*.egg-info", ".venv", "__pycache__", "*.pyc",
              ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache")


@dataclass(frozen=True)
class Step:
    """One thing to do: run ``command``; or write ``text`` to ``path``; or copy the
    checkout ``copy_from`` to ``path``; or make ``path`` a link to ``link_to``; or (with
    ``remove``) delete ``path``. A step with none of these only says what is left alone."""

    what: str
    command: tuple[str, ...] = ()
    path: Path | None = None
    text: str = ""
    mode: int | None = 0o644  # None: leave the file's mode alone (a FAT partition)
    copy_from: Path | None = None
    link_to: Path | None = None
    remove: bool = False
    #: What a ``command`` writes (its folders are checked before anything is changed)
    writes: tuple[Path, ...] = ()

    def targets(self) -> tuple[Path, ...]:
        """Every place this step writes to (or deletes)."""
        return (self.path,) if self.path is not None else self.writes

    def describe(self) -> str:
        if self.command:
            return shlex.join(self.command)
        if self.path is None:  # a step that only says what is left as it is
            return ""
        if self.copy_from is not None:
            return _("copy {source} to {path}, without {left_out}").format(
                source=self.copy_from, path=self.path, left_out=" ".join(NOT_COPIED[:5]))
        if self.link_to is not None:
            return shlex.join(("ln", "-sfn", str(self.link_to), str(self.path)))
        if self.remove:
            return shlex.join(("rm", "-rf", str(self.path)))
        lines = len(self.text.splitlines())
        if self.mode is None:
            return ngettext("write {path} ({n} line)", "write {path} ({n} lines)", lines
                            ).format(path=self.path, n=lines)
        return ngettext("write {path} (mode {mode}, {n} line)",
                        "write {path} (mode {mode}, {n} lines)", lines
                        ).format(path=self.path, mode=f"{self.mode:o}", n=lines)


def say(line: str) -> None:
    """Print ``line`` at once: piped through ``tee`` the steps stay in order with the output
    of the commands they run."""
    print(line, flush=True)


def run_command(cmd: list[str], check: bool = True) -> subprocess.CompletedProcess[bytes]:
    """Run ``cmd`` with its output and its errors on our stdout, after what we said."""
    sys.stdout.flush()
    sys.stderr.flush()
    return subprocess.run(cmd, check=check, stderr=subprocess.STDOUT)


def writable(folder: Path) -> OSError | None:
    """None if files can be made in ``folder``, else the error (``EROFS`` on a read-only
    file system, ``EACCES`` without the right). A folder not made yet is judged by the
    nearest one that exists. Asked without writing anything: a probe file, even removed,
    would change the folder's time, and "nothing was changed" must hold to the second.
    """
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return OSError(errno.EROFS, os.strerror(errno.EROFS), str(folder))
    except OSError as err:
        return err
    if not os.access(folder, os.W_OK | os.X_OK):
        return PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(folder))
    return None


def mount_point(path: Path, mounts: Path = Path("/proc/self/mounts")) -> Path:
    """The mount point ``path`` is on (``/boot/firmware`` for its config.txt): the longest
    one in ``mounts`` above it (a bind mount too), else the nearest :func:`os.path.ismount`."""
    path = path.absolute()
    try:
        points = [Path(line.split()[1].encode().decode("unicode_escape"))
                  for line in mounts.read_text().splitlines() if len(line.split()) > 1]
    except OSError:
        points = []
    above = [p for p in points if p == path or p in path.parents]
    if above:
        return max(above, key=lambda p: len(p.parts))
    while not os.path.ismount(path) and path != path.parent:
        path = path.parent
    return path


def preflight(steps: Sequence[Step],
              check: Callable[[Path], OSError | None] = writable) -> None:
    """Check, before anything is changed, that every folder the steps write in can be
    written; else :class:`CommandError` saying which, why, and what to do (nothing was
    changed)."""
    seen: set[Path] = set()
    for n, step in enumerate(steps, start=1):
        for target in step.targets():
            folder = target.parent
            if folder in seen:
                continue
            seen.add(folder)
            err = check(folder)
            if err is None:
                continue
            if err.errno == errno.EROFS:  # the overlay's boot protection, a locked card
                raise CommandError(
                    "nothing was changed: step {n} ({step}) writes in {folder}, which is on "
                    "a read-only file system; make it writable (sudo mount -o remount,rw "
                    "{mount}, or turn off the boot partition's write protection in "
                    "raspi-config → Performance → Overlay File System) and run the same "
                    "command again.", n=n, step=step.what, folder=folder,
                    mount=mount_point(folder))
            raise CommandError("nothing was changed: step {n} ({step}) cannot write in "
                               "{folder} ({why}); run it with sudo, or fix that folder, and "
                               "run the same command again.",
                               n=n, step=step.what, folder=folder, why=reason(err))


def execute(steps: Sequence[Step], *, dry_run: bool = False,
            runner: Callable[..., object] = run_command,
            out: Callable[[str], None] = say, done: str | None = None,
            check: Callable[[Path], OSError | None] | None = None) -> None:
    """Run (or with ``dry_run`` only print) ``steps``, saying each one first; then
    ``done`` (default: how to follow the service's journal). Before anything is done,
    ``check`` (default :func:`writable`; not in a dry run) is asked about every folder the
    steps write in (:func:`preflight`). A step that fails stops the rest; a build copy made
    so far is removed, and the line says what to do."""
    if not dry_run:
        preflight(steps, check or writable)
    made: list[Path] = []  # build copies, removed if a later step fails
    for n, step in enumerate(steps, start=1):
        how = step.describe()
        out(f"{n}. {step.what}" + (f"\n   {how}" if how else ""))
        if dry_run:
            continue
        try:
            _do(step, runner)
        except (OSError, subprocess.CalledProcessError) as err:
            for path in made:
                _remove(path)
            raise CommandError("step {n} ({step}) failed: {why}; the steps before it are "
                               "done and safe to repeat: fix this, then run the same "
                               "command again.",
                               n=n, step=step.what, why=err) from None
        if step.copy_from is not None and step.path is not None:
            made.append(step.path)
        elif step.remove and step.path in made:
            made.remove(step.path)
    if dry_run:
        out(_("Dry run: nothing was changed."))
    else:
        out(done if done is not None else
            _("Done. Follow it with: {command}").format(command="journalctl -u companion -f"))


def _do(step: Step, runner: Callable[..., object]) -> None:
    if step.command:
        runner(list(step.command), check=True)
    elif step.path is None:
        return
    elif step.copy_from is not None:
        _remove(step.path)
        shutil.copytree(step.copy_from, step.path, symlinks=True, ignore=_left_out)
    elif step.link_to is not None:
        step.path.parent.mkdir(parents=True, exist_ok=True)
        new = step.path.with_name(step.path.name + ".companion-new")
        _remove(new)
        new.symlink_to(step.link_to)
        os.replace(new, step.path)
    elif step.remove:
        _remove(step.path)
    else:
        write_whole(step.path, step.text, step.mode)


def _left_out(folder: str, names: list[str]) -> set[str]:
    """What a copy of the checkout leaves out: :data:`NOT_COPIED`, and anything that is not
    a file, a folder or a link — lgpio leaves a named pipe (``.lgd-nfy0``) in the folder a
    companion was started from, and a pipe cannot be copied."""
    out = set(shutil.ignore_patterns(*NOT_COPIED)(folder, names))
    for name in names:
        mode = os.lstat(os.path.join(folder, name)).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            out.add(name)
    return out


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()


def write_whole(path: Path, text: str, mode: int | None) -> None:
    """Write the file whole or not at all (a power cut must not leave half a
    config.txt: the Pi would not boot)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = path.with_name(path.name + ".companion-new")
    with open(new, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    if mode is not None:
        new.chmod(mode)
    os.replace(new, path)
