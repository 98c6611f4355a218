"""``companion install-service``: the box starts the companion at boot, as its own user.

The steps, in order (``--dry-run`` prints them and changes nothing):

1. a system user ``companion`` (no login, no home) in the ``gpio``, ``i2c`` and ``spi``
   groups;
2. with ``--venv DIR``, a venv in ``DIR`` (``--system-site-packages``, so apt's
   ``python3-lgpio`` is usable) with the companion installed from this checkout — it
   must not live under /home, which the service cannot see (``ProtectHome=yes``);
3. ``systemd/companion.service`` copied to ``/etc/systemd/system/``, its ``ExecStart=``
   pointing at that companion, and ``systemd/companion-web.service`` (the phone page,
   ``companion web``) beside it;
4. ``/etc/companion/config.toml`` starting from a board preset (kept if it exists);
5. ``systemctl daemon-reload``, ``systemctl enable companion.service`` and ``systemctl
   restart companion.service`` (a companion already running restarts on the new files),
   and the same for ``companion-web.service``;
6. with ``--i2c-speed HZ``, the I²C clock in the Pi's ``config.txt`` (a backup first;
   see :mod:`companion.owner.bootconfig`), in force after a reboot.

Every step can be run again: an existing user is only added to the groups, an existing
config file is kept unless ``--force-config``.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import shlex
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import CommandError
from companion.core.i18n import _, ngettext

ROOT = Path(__file__).resolve().parents[2]
UNIT_IN_CHECKOUT = Path("systemd", "companion.service")
UNIT_FILE = ROOT / UNIT_IN_CHECKOUT
#: The phone page's unit (``companion web``), beside the box's in ``systemd/``.
WEB_UNIT = "companion-web.service"
GROUPS = ("gpio", "i2c", "spi")


@dataclass(frozen=True)
class Step:
    """One thing the installer does: run ``command`` or write ``text`` to ``path``."""

    what: str
    command: tuple[str, ...] = ()
    path: Path | None = None
    text: str = ""
    mode: int | None = 0o644  # None: leave the file's mode alone (a FAT partition)

    def describe(self) -> str:
        if self.command:
            return shlex.join(self.command)
        if self.path is None:  # a step that only says what is left as it is
            return ""
        lines = len(self.text.splitlines())
        if self.mode is None:
            return ngettext("write {path} ({n} line)", "write {path} ({n} lines)", lines
                            ).format(path=self.path, n=lines)
        return ngettext("write {path} (mode {mode}, {n} line)",
                        "write {path} (mode {mode}, {n} lines)", lines
                        ).format(path=self.path, mode=f"{self.mode:o}", n=lines)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``install-service`` sub-command's options."""
    from companion.config.file import preset_names

    p = sub.add_parser("install-service",
                       help=_("run the companion at boot as a systemd service (needs sudo)"))
    p.add_argument("--preset", choices=preset_names(), default="adafruit-oled-bonnet",
                   help=_("board preset for /etc/companion/config.toml"))
    p.add_argument("--venv", metavar="DIR",
                   help=_("make a venv in DIR (e.g. /opt/companion/venv) and install the "
                          "companion from this checkout into it"))
    p.add_argument("--user", default="companion", help=_("the service's user (made if missing)"))
    p.add_argument("--force-config", action="store_true",
                   help=_("overwrite an existing /etc/companion/config.toml"))
    p.add_argument("--no-start", action="store_true", help=_("enable, but do not start now"))
    p.add_argument("--i2c-speed", type=int, metavar="HZ",
                   help=_("also set the Pi's I²C clock in config.txt, e.g. 400000 (the Pi "
                          "boots at 100000); a backup is kept; in force after a reboot"))
    p.add_argument("--dry-run", action="store_true", help=_("print the steps, change nothing"))


def _group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def web_template(template: Path) -> Path:
    """The phone page's unit beside ``template``, else this checkout's."""
    beside = template.with_name(WEB_UNIT)
    return beside if beside.is_file() else UNIT_FILE.with_name(WEB_UNIT)


def unit_text(executable: str | Path, template: Path = UNIT_FILE, user: str = "companion",
              command: str = "run") -> str:
    """The unit file with ``ExecStart=`` (and ``User=``/``Group=``) for this install;
    ``command`` ``web`` for the phone page's unit."""
    if not template.is_file():
        raise CommandError("{unit} is missing: run install-service from a checkout of the "
                           "companion's repository.",
                           unit=str(template))
    lines = []
    for line in template.read_text(encoding="utf-8").splitlines():
        if line.startswith("ExecStart="):
            line = (f"ExecStart={exec_word(executable)} --config /etc/companion/config.toml "
                    f"{command}")
        elif line.startswith(("User=", "Group=")):
            line = line.split("=", 1)[0] + "=" + user
        lines.append(line)
    return "\n".join(lines) + "\n"


#: Where ``ProtectHome=yes`` hides everything from the service.
HIDDEN = ("/home", "/root", "/run/user")


def exec_word(path: str | Path) -> str:
    """``path`` as the first word of ``ExecStart=``: ``%`` doubled (systemd's specifiers),
    in double quotes when it holds a space; :class:`CommandError` for a character
    systemd would read as something else (a quote, a backslash, ``$``, a control one).

    >>> exec_word("/opt/my venv/bin/companion")
    '"/opt/my venv/bin/companion"'
    """
    text = str(path)
    if any(c in "\"'\\$" or not c.isprintable() for c in text):
        raise CommandError("the service cannot run {path}: systemd reads quotes, backslashes, "
                           "$ and control characters in it as its own; choose a folder "
                           "without them, such as /opt/companion/venv.", path=text)
    text = text.replace("%", "%%")
    return f'"{text}"' if " " in text else text


def config_text(preset: str) -> str:
    return (f"# Table Companion, written by `companion install-service`.\n"
            f"# Any key of the README's configuration table may follow; then\n"
            f"#   sudo systemctl restart companion\n"
            f'preset = "{preset}"\n')


def plan(*, preset: str, venv: str | None = None, user: str = "companion",
         force_config: bool = False, start: bool = True,
         unit_dir: Path = Path("/etc/systemd/system"), etc_dir: Path = Path("/etc/companion"),
         source: Path = ROOT, template: Path = UNIT_FILE,
         group_exists: Callable[[str], bool] = _group_exists,
         user_exists: Callable[[str], bool] = _user_exists,
         current: str | None = None) -> list[Step]:
    """The steps for this machine (nothing is changed here)."""
    steps = []
    groups = [g for g in GROUPS if group_exists(g)]
    missing = [g for g in GROUPS if g not in groups]
    note = (_(" (no group {groups} on this system)").format(groups=", ".join(missing))
            if missing else "")
    if user_exists(user):
        if groups:
            steps.append(Step(_("add user {user} to {groups}").format(
                user=user, groups=", ".join(groups)) + note,
                ("usermod", "--append", "--groups", ",".join(groups), user)))
    else:
        cmd = ["useradd", "--system", "--user-group", "--no-create-home",
               "--home-dir", "/var/lib/companion", "--shell", "/usr/sbin/nologin"]
        if groups:
            cmd += ["--groups", ",".join(groups)]
        steps.append(Step(_("create system user {user}").format(user=user) + note,
                          (*cmd, user)))
    if venv:
        vdir = Path(venv).expanduser().resolve()  # ExecStart= takes absolute paths only
        if not (source / "pyproject.toml").is_file():
            raise CommandError("{source} is not a checkout of the companion (no pyproject.toml):"
                               " run install-service from the clone (cd ~/companion).",
                               source=source)
        steps.append(Step(_("make a venv in {folder}").format(folder=vdir),
                          ("python3", "-m", "venv", "--system-site-packages", str(vdir))))
        steps.append(Step(_("install the companion into it"),
                          (str(vdir / "bin" / "pip"), "install", "--upgrade",
                           f"{source}[pi,web]")))  # [pi]: RPi.GPIO API, spidev; [web]: the page
        executable = vdir / "bin" / "companion"
    else:
        executable = Path(current or Path(sys.executable).parent / "companion")
    seen = {str(executable), str(executable.parent.resolve())}
    if any(place == top or place.startswith(top + "/") for place in seen for top in HIDDEN):
        raise CommandError("{executable} is under a home directory, which the service cannot see"
                           " (ProtectHome=yes): use --venv /opt/companion/venv.",
                           executable=executable)
    steps.append(Step(_("install the unit file"), path=unit_dir / "companion.service",
                      text=unit_text(executable, template, user)))
    steps.append(Step(_("install the phone page's unit file"), path=unit_dir / WEB_UNIT,
                      text=unit_text(executable, web_template(template), user, "web")))
    config = etc_dir / "config.toml"
    if force_config or not config.exists():
        steps.append(Step(_("write the config from preset {preset}").format(preset=preset),
                          path=config,
                          text=config_text(preset)))
    else:  # said, so that a --preset for another board is not ignored in silence
        steps.append(Step(_("keep {path} as it is (--force-config writes preset {preset} "
                            "over it)").format(path=config, preset=preset)))
    steps.append(Step(_("reload systemd"), ("systemctl", "daemon-reload")))
    steps.append(Step(_("start at every boot"), ("systemctl", "enable", "companion.service")))
    steps.append(Step(_("serve the phone page at every boot"), ("systemctl", "enable", WEB_UNIT)))
    if start:  # not `enable --now`: a companion already running would go on with the old code
        steps.append(Step(_("start it now (restart it if it runs: the new files take over)"),
                          ("systemctl", "restart", "companion.service")))
        steps.append(Step(_("start the phone page now"), ("systemctl", "restart", WEB_UNIT)))
    return steps


def checkout(cwd: Path | None = None) -> Path:
    """The checkout to install from: the one this package runs from, else the working
    directory — after the README's plain ``pip install '.[pi]'`` the package lives in the
    venv, and install-service is run from the clone."""
    for place in (ROOT, cwd or Path.cwd()):
        if (place / "pyproject.toml").is_file() and (place / UNIT_IN_CHECKOUT).is_file():
            return place
    return ROOT


def execute(steps: Sequence[Step], *, dry_run: bool = False,
            runner: Callable[..., object] = subprocess.run,
            out: Callable[[str], None] = print) -> None:
    """Run (or with ``dry_run`` only print) ``steps``, saying each one first."""
    for n, step in enumerate(steps, start=1):
        how = step.describe()
        out(f"{n}. {step.what}" + (f"\n   {how}" if how else ""))
        if dry_run:
            continue
        if step.command:
            try:
                runner(list(step.command), check=True)
            except (OSError, subprocess.CalledProcessError) as err:
                raise CommandError("step {n} ({step}) failed: {why}",
                                   n=n, step=step.what, why=err) from None
        elif step.path is not None:
            try:
                _write(step.path, step.text, step.mode)
            except OSError as err:
                raise CommandError("step {n} ({step}) failed: {why}",
                                   n=n, step=step.what, why=err) from None
    if dry_run:
        out(_("Dry run: nothing was changed."))
    else:
        out(_("Done. Follow it with: {command}").format(command="journalctl -u companion -f"))


def _write(path: Path, text: str, mode: int | None) -> None:
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


def clock_steps(hz: int, candidates: tuple[Path, ...] | None = None,
                stamp: str | None = None) -> tuple[list[Step], str]:
    """The steps that set the Pi's I²C clock in config.txt (none when it is set already),
    and the note for the owner (a reboot is needed). See :mod:`companion.owner.bootconfig`."""
    from companion.owner import bootconfig

    change, note = bootconfig.plan(hz, candidates, stamp)
    if change is None:
        return [], note
    return [
        Step(_("back up {path}").format(path=change.path),
             ("cp", str(change.path), str(change.backup))),
        Step(_("set the I²C clock to {khz} kHz ({change})").format(khz=hz // 1000,
                                                                   change=change.change),
             path=change.path, text=change.text, mode=None),  # no chmod: FAT has no modes
    ], note


def main(args: argparse.Namespace) -> int:
    """``companion install-service`` (root needed unless ``--dry-run``)."""
    if not args.dry_run and os.geteuid() != 0:
        raise CommandError("install-service changes the system: run it with sudo "
                           "(or add --dry-run to see the steps).")
    source = checkout()
    steps = plan(preset=args.preset, venv=args.venv, user=args.user,
                 force_config=args.force_config, start=not args.no_start, source=source,
                 template=source / UNIT_IN_CHECKOUT)
    note = ""
    if getattr(args, "i2c_speed", None) is not None:
        more, note = clock_steps(args.i2c_speed)
        steps += more
    execute(steps, dry_run=args.dry_run)
    if note:
        print(note)
    return 0
