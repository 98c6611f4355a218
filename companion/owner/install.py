"""``companion install-service``: install, update or uninstall the companion as the box's
service, started at boot as its own user.

Install (``sudo python3 -m companion install-service --preset …`` in the clone); the
steps, in order (``--dry-run`` prints them and changes nothing):

1. a system user ``companion`` (no login, no home) in the ``gpio``, ``i2c`` and ``spi``
   groups;
2. a clean build: the checkout copied to a temporary folder without what earlier builds
   left (``build/``, ``*.egg-info``), so nothing root-owned is left in the clone and a
   module the new version deleted cannot come back from an old ``build/lib``;
3. a venv in ``--venv`` (default ``/opt/companion/venv``; ``--system-site-packages``, so
   apt's ``python3-lgpio`` is usable) with the companion and its ``[pi]`` extra installed
   from that copy, then the copy removed; it must not live under /home, which the service
   cannot see (``ProtectHome=yes``);
4. ``/usr/local/bin/companion``, a link to it (so ``sudo companion …`` works);
5. the unit files (:data:`UNITS`) written to ``/etc/systemd/system/``, ``ExecStart=``
   pointing at that companion;
6. ``/etc/companion/config.toml`` starting from a board preset (kept if it exists);
7. ``systemctl daemon-reload`` and ``enable``;
8. for a preset on I²C, the bus clock at 400 kHz in the Pi's ``config.txt`` (a backup
   first; I²C turned on there if it is off; ``--i2c-speed 100000`` keeps the Pi's default;
   see :mod:`companion.owner.bootconfig`), in force after a reboot; after ``enable``, so
   that the service starts at boot even if this step fails;
9. ``systemctl restart`` (a companion already running restarts on the new files); where
   systemd does not run (a chroot, an image being made) only ``enable``: the service
   starts at the next boot.

Before any step every folder the steps write in is tried
(:func:`companion.owner.system_steps.preflight`): a read-only one changes nothing.

``--update`` (after ``git pull``) does 2–5, 7 and 9 only: config, log, user and config.txt
stay as they are. ``--uninstall`` stops and removes the units, the link, the venv and the
user; the log and the config stay unless ``--purge``.

Every step can be run again: an existing user is only added to the groups, an existing
config file is kept unless ``--force-config``.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.core.errors import CommandError
from companion.core.i18n import _
from companion.network import polkit
from companion.owner.system_steps import Step, execute, run_command, say

ROOT = Path(__file__).resolve().parents[2]
UNIT_IN_CHECKOUT = Path("systemd", "companion.service")
UNIT_FILE = ROOT / UNIT_IN_CHECKOUT
#: gpio, i2c, spi for the panel and the buttons; bluetooth for the smart dice (BlueZ answers
#: its group on the system D-Bus). A group the system lacks is left out, and said.
GROUPS = ("gpio", "i2c", "spi", "bluetooth")
VENV = "/opt/companion/venv"
#: The Pi boots its I²C bus at 100 kHz; install-service asks for the displays' fast mode.
FAST_I2C = 400_000


@dataclass(frozen=True)
class Unit:
    """A systemd unit install-service installs: ``systemd/<name>`` in the checkout, whose
    ``ExecStart=`` runs ``companion --config /etc/companion/config.toml <command>``."""

    name: str
    command: str
    #: enabled and restarted with the others; False: started by another unit only
    enabled: bool = True
    #: the unit's own user: ``--user`` with this added (the page: ``companion-web``, in
    #: the box's group), else the box's user
    suffix: str = ""


#: Every unit, in the order they are installed, enabled and restarted.
UNITS = (Unit("companion.service", "run"),
         Unit("companion-web.service", "web", suffix="-web"),  # the phone page, beside the box
         # the "Stopped" frame goes dark after a while: started by companion.service's
         # ExecStopPost=, never enabled
         Unit("companion-dark.service", "dark", enabled=False))


@dataclass(frozen=True)
class Places:
    """Where the steps write: under ``root`` (``/`` on the box; a folder in the tests)."""

    root: Path = Path("/")

    def at(self, path: str | Path) -> Path:
        return self.root / str(path).lstrip("/")

    @property
    def units(self) -> Path:
        return self.at("/etc/systemd/system")

    @property
    def etc(self) -> Path:
        return self.at("/etc/companion")

    @property
    def state(self) -> Path:
        return self.at("/var/lib/companion")

    @property
    def link(self) -> Path:
        return self.at("/usr/local/bin/companion")

    @property
    def config_txt(self) -> tuple[Path, ...]:
        from companion.owner.bootconfig import CONFIG_TXT

        return tuple(self.at(p) for p in CONFIG_TXT)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``install-service`` sub-command's options."""
    from companion.config.file import preset_names

    p = sub.add_parser("install-service",
                       help=_("run the companion at boot as a systemd service (needs sudo); "
                              "also --update and --uninstall"))
    p.add_argument("--preset", choices=preset_names(), default="adafruit-oled-bonnet",
                   help=_("board preset for /etc/companion/config.toml"))
    p.add_argument("--venv", metavar="DIR", default=VENV,
                   help=_("the venv the companion is installed in (default {venv})"
                          ).format(venv=VENV))
    p.add_argument("--user", default="companion", help=_("the service's user (made if missing)"))
    p.add_argument("--force-config", action="store_true",
                   help=_("overwrite an existing /etc/companion/config.toml"))
    p.add_argument("--no-start", action="store_true", help=_("enable, but do not start now"))
    p.add_argument("--i2c-speed", type=int, metavar="HZ",
                   help=_("the Pi's I²C clock in config.txt (default for an I²C preset: "
                          "400000; 100000 keeps the Pi's default); a backup is kept; in "
                          "force after a reboot"))
    what = p.add_mutually_exclusive_group()
    what.add_argument("--update", action="store_true",
                      help=_("after git pull: install the new code and restart the service; "
                             "config, log and config.txt stay as they are"))
    what.add_argument("--uninstall", action="store_true",
                      help=_("stop and remove the service, the link, the venv and the user; "
                             "the log and config stay unless --purge"))
    p.add_argument("--purge", action="store_true",
                   help=_("with --uninstall: also delete the log (/var/lib/companion; its "
                          "backups/ stay unless --purge-backups) and /etc/companion"))
    p.add_argument("--purge-backups", action="store_true",
                   help=_("with --purge: delete the log's backups too (kept otherwise)"))
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


def unit_text(executable: str | Path, unit: Path = UNIT_FILE, user: str = "companion",
              command: str = "run", suffix: str = "") -> str:
    """The unit file with ``ExecStart=`` (and ``User=``/``Group=``) for this install:
    ``User=`` is ``user`` + ``suffix`` (the page's own user), ``Group=`` always ``user``'s
    group, the one that may read and write the box's state folder."""
    if not unit.is_file():
        raise CommandError("{unit} is missing: run install-service in a clone of the "
                           "companion's repository (cd ~/companion).",
                           unit=unit)
    lines = []
    for line in unit.read_text(encoding="utf-8").splitlines():
        if line.startswith("ExecStart="):
            line = (f"ExecStart={exec_word(executable)} --config /etc/companion/config.toml "
                    f"{command}")
        elif line.startswith("User="):
            line = "User=" + user + suffix
        elif line.startswith("Group="):
            line = "Group=" + user
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


def _build_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"companion-build-{os.getpid()}"


def code_steps(source: Path, vdir: Path, build: Path, commit: str | None = None) -> list[Step]:
    """A clean build of ``source`` installed into the venv ``vdir``; ``commit`` (the clone's,
    :func:`companion.version.git_commit`) noted in the copy, which has no ``.git``, for
    ``companion --version``."""
    if not (source / "pyproject.toml").is_file():
        raise CommandError("{source} is not a clone of the companion (no pyproject.toml):"
                           " run install-service in the clone (cd ~/companion).",
                           source=source)
    return [
        Step(_("copy the clone for a clean build"), path=build, copy_from=source),
        *([Step(_("note the commit it is built from ({commit})").format(commit=commit[:12]),
                path=build / "companion" / "_commit.txt", text=commit + "\n")]
          if commit else []),
        Step(_("make a venv in {folder}").format(folder=vdir),
             ("python3", "-m", "venv", "--system-site-packages", str(vdir)), writes=(vdir,)),
        # [pi]: the RPi.GPIO API and spidev for SPI; [web]: the phone page (pure Python
        # and 64-bit Arm wheels). --use-pep517: sdnotify has only a
        # setup.py, which pip would otherwise run the deprecated way (and say so)
        Step(_("install the companion into it"),
             (str(vdir / "bin" / "pip"), "install", "--upgrade", "--use-pep517",
              "--no-cache-dir",  # nothing left in root's ~/.cache/pip
              f"{build}[pi,web]")),
        Step(_("remove the build copy"), path=build, remove=True),
    ]


def plan(*, preset: str, venv: str | Path | None = None, user: str = "companion",
         force_config: bool = False, start: bool = True,
         unit_dir: Path = Path("/etc/systemd/system"), etc_dir: Path = Path("/etc/companion"),
         source: Path = ROOT, template: Path | None = None,
         group_exists: Callable[[str], bool] = _group_exists,
         user_exists: Callable[[str], bool] = _user_exists,
         current: str | None = None, link: Path | None = None,
         build: Path | None = None, update: bool = False, booted: bool = True,
         commit: str | None = None, state: Path | None = None,
         polkit_rules: Path | None = None) -> list[Step]:
    """The steps for this machine (nothing is changed here). ``update``: only the code,
    the link and the units, then the restart. Without ``venv`` the unit runs ``current``
    (default: the companion this Python runs), installed by hand. ``polkit_rules``: the
    folder polkit reads its rules from, for the Wi-Fi rule (:mod:`companion.network.polkit`)."""
    steps = [] if update else [_user_step(user, group_exists, user_exists)]
    steps += page_user_steps(user, user_exists, state=state)
    if venv:
        vdir = Path(venv).expanduser().resolve()  # ExecStart= takes absolute paths only
        steps += code_steps(source, vdir, build or _build_dir(), commit)
        executable = vdir / "bin" / "companion"
    else:
        executable = Path(current or Path(sys.executable).parent / "companion")
    seen = {str(executable), str(executable.parent.resolve())}
    if any(place == top or place.startswith(top + "/") for place in seen for top in HIDDEN):
        raise CommandError("{executable} is under a home directory, which the service cannot see"
                           " (ProtectHome=yes): use --venv /opt/companion/venv.",
                           executable=executable)
    if venv and link is not None:
        steps.append(Step(_("put companion on the PATH (sudo companion … works)"),
                          path=link, link_to=executable))
    for unit in UNITS:
        model = (template if template is not None and unit is UNITS[0]
                 else source / "systemd" / unit.name)
        steps.append(Step(_("install the unit file {unit}").format(unit=unit.name),
                          path=unit_dir / unit.name,
                          text=unit_text(executable, model, user, unit.command, unit.suffix)))
    if polkit_rules is not None:
        steps.append(polkit_step(polkit_rules, user))
    config = etc_dir / "config.toml"
    if update:
        pass
    elif force_config or not config.exists():
        if config.exists():  # the owner's edits: a copy first, as config.txt gets one
            copy = config.with_name(f"{config.name}.companion-{time.strftime('%Y%m%d-%H%M%S')}")
            steps.append(Step(_("keep a copy of {path}").format(path=config),
                              ("cp", "-p", str(config), str(copy)), writes=(copy,)))
        steps.append(Step(_("write the config from preset {preset}").format(preset=preset),
                          path=config,
                          text=config_text(preset)))
    else:  # said, so that a --preset for another board is not ignored in silence
        steps.append(Step(_("keep {path} as it is (--force-config writes preset {preset} "
                            "over it)").format(path=config, preset=preset)))
    return steps + systemd_steps(start, booted)


def _user_step(user: str, group_exists: Callable[[str], bool],
               user_exists: Callable[[str], bool]) -> Step:
    groups = [g for g in GROUPS if group_exists(g)]
    missing = [g for g in GROUPS if g not in groups]
    note = (_(" (no group {groups} on this system)").format(groups=", ".join(missing))
            if missing else "")
    if user_exists(user):
        if not groups:
            return Step(_("keep user {user} as it is").format(user=user) + note)
        return Step(_("add user {user} to {groups}").format(user=user, groups=", ".join(groups))
                    + note, ("usermod", "--append", "--groups", ",".join(groups), user))
    cmd = ["useradd", "--system", "--user-group", "--no-create-home",
           "--home-dir", "/var/lib/companion", "--shell", "/usr/sbin/nologin"]
    if groups:
        cmd += ["--groups", ",".join(groups)]
    return Step(_("create system user {user}").format(user=user) + note, (*cmd, user))


def page_users(user: str) -> list[str]:
    """The units' own users besides ``user``: ``companion-web`` for the phone page."""
    return [user + unit.suffix for unit in UNITS if unit.suffix]


def page_user_steps(user: str, user_exists: Callable[[str], bool],
                    state: Path | None = None) -> list[Step]:
    """The phone page's own user (no login, no home), whose primary group is ``user``'s:
    it may read and write the box's state folder and nothing of the box's process (a
    signal needs the same user). An update makes it too (a box installed before it had
    none), and lets that group into a state folder made when the box's files were its
    own only (mode 0700/0600)."""
    steps = []
    for name in page_users(user):
        if not user_exists(name):
            steps.append(Step(
                _("create system user {user} for the phone page, in group {group}").format(
                    user=name, group=user),
                ("useradd", "--system", "--gid", user, "--no-create-home", "--home-dir",
                 "/nonexistent", "--shell", "/usr/sbin/nologin", name)))
    if state is not None and state.is_dir() and state.stat().st_mode & 0o070 != 0o070:
        steps.append(Step(_("let group {group} read and write {path} (the phone page)").format(
            group=user, path=state), ("chmod", "-R", "g+rwX", str(state)), writes=(state,)))
    return steps


def systemd_steps(start: bool = True, booted: bool = True) -> list[Step]:
    """Reload systemd, enable every unit and (``start``) restart them. Where systemd is
    not running (``booted`` False: a chroot, an SD card image being made) only ``enable``
    works: the service starts at the next boot."""
    names = [unit.name for unit in UNITS if unit.enabled]
    if not booted:
        return [Step(_("start at every boot"), ("systemctl", "enable", *names)),
                Step(_("systemd is not running here (a chroot, or an image being made): "
                       "the service starts at the next boot"))]
    steps = [Step(_("reload systemd"), ("systemctl", "daemon-reload")),
             Step(_("start at every boot"), ("systemctl", "enable", *names))]
    if start:  # not `enable --now`: a companion already running would go on with the old code
        steps.append(Step(_("start it now (restart it if it runs: the new files take over)"),
                          ("systemctl", "restart", *names)))
    return steps


def systemd_running(places: Places) -> bool:
    """Whether systemd runs this system (its own test: ``/run/systemd/system`` exists)."""
    return places.at("/run/systemd/system").is_dir()


#: What to run once the link is gone (after a plain uninstall): the clone's own companion.
FROM_THE_CLONE = "cd ~/companion && sudo python3 -B -m companion install-service"


def polkit_step(folder: Path, user: str) -> Step:
    """Let ``user`` change the Wi-Fi through NetworkManager: the rule's file in ``folder``,
    when polkit is installed (an image without it asks no one, and says so)."""
    path = folder / Path(polkit.RULE_PATH).name
    if not folder.is_dir():
        return Step(_("polkit is not installed ({folder} is missing): Box Wi-Fi and joining "
                      "a network from the phone need it (sudo apt install polkitd), then run "
                      "this again").format(folder=folder))
    return Step(_("let {user} change the Wi-Fi through NetworkManager (polkit rule {path})"
                  ).format(user=user, path=path), path=path, text=polkit.rule(user))


def uninstall_plan(places: Places, *, venv: str | Path = VENV, user: str = "companion",
                   purge: bool = False, user_exists: Callable[[str], bool] = _user_exists,
                   booted: bool = True, purge_backups: bool = False) -> tuple[list[Step], str]:
    """The steps that take the service off the box, and a closing note.

    A kept log (and with ``purge``, its kept ``backups/``) is given to root: the user that
    owned it is deleted, and its number may go to another user later (systemd gives the
    folder back to the service's user at its next start, ``StateDirectory=``)."""
    installed = [unit.name for unit in UNITS if (places.units / unit.name).exists()]
    steps = []
    if installed:
        now = ("--now",) if booted else ()  # no systemd running: nothing to stop
        enabled = [unit.name for unit in UNITS if unit.enabled and unit.name in installed]
        steps.append(Step(_("stop it and no longer start it at boot"),
                          ("systemctl", "disable", *now, *enabled)))
        if booted and len(enabled) < len(installed):
            steps.append(Step(_("stop what it started"),
                              ("systemctl", "stop", *[n for n in installed
                                                      if n not in enabled])))
        steps += [Step(_("remove the unit file {unit}").format(unit=name),
                       path=places.units / name, remove=True) for name in installed]
        if booted:
            steps.append(Step(_("reload systemd"), ("systemctl", "daemon-reload")))
    rule = places.at(polkit.RULE_PATH)
    if rule.exists():
        steps.append(Step(_("remove the polkit rule {path}").format(path=rule), path=rule,
                          remove=True))
    for name in [*page_users(user), user]:  # the page's first: its group is the box's
        if user_exists(name):
            steps.append(Step(_("remove the user {user}").format(user=name), ("userdel", name)))
    backups = places.state / "backups"
    keep_backups = purge and not purge_backups and backups.is_dir() and any(backups.iterdir())
    for folder in (places.state, places.etc):
        if not folder.exists():
            continue
        if purge and folder == places.state and keep_backups:
            steps += [Step(_("delete {path}").format(path=item), path=item, remove=True)
                      for item in sorted(folder.iterdir()) if item != backups]
            steps.append(Step(_("keep {path}, owned by root (--purge-backups deletes it too)"
                                ).format(path=backups),
                              ("chown", "-R", "root:root", str(backups)), writes=(backups,)))
        elif purge:
            steps.append(Step(_("delete {path}").format(path=folder), path=folder, remove=True))
        elif folder == places.state:
            steps.append(Step(_("keep {path}, owned by root (--purge deletes it)").format(
                path=folder), ("chown", "-R", "root:root", str(folder)), writes=(folder,)))
        else:
            steps.append(Step(_("keep {path} (--purge deletes it)").format(path=folder)))
    vdir = Path(venv)
    if places.link.is_symlink() and vdir in Path(os.readlink(places.link)).parents:
        steps.append(Step(_("remove the link {path}").format(path=places.link),
                          path=places.link, remove=True))
    if vdir.exists():  # last: the companion doing this may run from it
        steps.append(Step(_("remove the venv {folder}").format(folder=vdir),
                          path=vdir, remove=True))
        if vdir.parent.name == "companion" and {p.name for p in vdir.parent.iterdir()} == {
                vdir.name}:  # /opt/companion held only the venv
            steps.append(Step(_("remove the empty folder {folder}").format(folder=vdir.parent),
                              path=vdir.parent, remove=True))
    if not steps:
        raise CommandError("nothing to uninstall: no companion unit in {units} and no venv "
                           "at {venv}.", units=places.units, venv=vdir)
    notes = []
    copies = [b for path in places.config_txt
              for b in path.parent.glob(path.name + ".companion-*")]
    if copies:
        notes.append(_("config.txt keeps the I²C clock install-service set; the file as it "
                       "was is {backup}.").format(backup=min(copies)))
    if not purge and (places.state.exists() or places.etc.exists()):
        notes.append(_("To delete the log and the config later (the companion command is "
                       "gone then): {command} --uninstall --purge").format(
                           command=FROM_THE_CLONE))
    return steps, "\n".join(notes)


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
             ("cp", str(change.path), str(change.backup)), writes=(change.backup,)),
        Step((_("turn I²C on and set its clock to {khz} kHz ({change})") if change.turns_on
              else _("set the I²C clock to {khz} kHz ({change})")).format(
                  khz=hz // 1000, change=change.change),
             path=change.path, text=change.text, mode=None),  # no chmod: FAT has no modes
    ], note


def _uses_i2c(preset: str) -> bool:
    from companion.config.file import from_mapping

    return from_mapping({"preset": preset}).display["bus"] == "i2c"


def _clock(args: argparse.Namespace, places: Places) -> tuple[list[Step], str]:
    """The config.txt steps: the speed asked for, else 400 kHz for an I²C preset (then a
    box with no config.txt, not a Pi, only hears why nothing changed)."""
    from companion.owner.bootconfig import find_config_txt

    hz = getattr(args, "i2c_speed", None)
    if hz is None:
        if not _uses_i2c(args.preset):
            return [], ""
        try:
            find_config_txt(places.config_txt)
        except CommandError:
            return [], _("The I²C clock is left as it is: no config.txt at {paths} (not a "
                         "Raspberry Pi?).").format(
                paths=", ".join(str(p) for p in places.config_txt))
        hz = FAST_I2C
    return clock_steps(hz, places.config_txt)


def installed_version(vdir: Path) -> str | None:
    """What the venv ``vdir`` holds: ``0.1.0 (0123456789ab)``, or None (none installed)."""
    from companion.version import text

    for meta in sorted(vdir.glob("lib/python3*/site-packages/companion-*.dist-info/METADATA")):
        number = next((line.split(":", 1)[1].strip() for line in
                       meta.read_text(encoding="utf-8", errors="replace").splitlines()
                       if line.startswith("Version:")), "unknown")
        made = meta.parents[1] / "companion" / "_commit.txt"
        return text(number, made.read_text(encoding="ascii", errors="replace").strip()
                    if made.is_file() else None)
    return None


def source_version(source: Path, commit: str | None) -> str:
    """What the clone ``source`` would install: ``0.1.0 (0123456789ab)``."""
    import tomllib

    from companion.version import text

    try:
        number = tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8")
                               )["project"]["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        number = "unknown"
    return text(str(number), commit)


def update_note(before: str | None, after: str, *, dry_run: bool) -> str:
    """The last line of ``--update``: from what to what (or that nothing is new)."""
    if before == after and "(" in after:
        return _("Nothing new: the clone is still at {version}, as installed (did `git pull` "
                 "fail? Run it again and read what it says); installed again, config and "
                 "log kept as they were.").format(version=after)
    if dry_run:
        return _("Would update from {before} to {after}.").format(
            before=before or _("an unknown version"), after=after)
    return _("Updated from {before} to {after}: config and log kept as they were.").format(
        before=before or _("an unknown version"), after=after)


def checkout(cwd: Path | None = None) -> Path:
    """The checkout to install from: the one this package runs from, else the working
    directory — a companion installed in a venv is run from the clone."""
    for place in (ROOT, cwd or Path.cwd()):
        if (place / "pyproject.toml").is_file() and (place / UNIT_IN_CHECKOUT).is_file():
            return place
    return ROOT


def main(args: argparse.Namespace, *, places: Places | None = None,
         runner: Callable[..., object] = run_command, out: Callable[[str], None] = say,
         group_exists: Callable[[str], bool] = _group_exists,
         user_exists: Callable[[str], bool] = _user_exists,
         memory: Callable[[Path], str | None] | None = None,
         check: Callable[[Path], OSError | None] | None = None) -> int:
    """``companion install-service`` (root needed unless ``--dry-run``). The last line
    printed is what the owner does next (the reboot, when config.txt changed). Every
    folder the steps write in is checked first (``check``, default
    :func:`companion.owner.system_steps.writable`): a read-only one changes nothing.
    ``memory(folder)`` says what keeps the service's state folder in memory only
    (:func:`companion.log.memory.on_memory` on the box itself)."""
    places = places or Places()
    if not args.dry_run and os.geteuid() != 0:
        raise CommandError("install-service changes the system: run it with sudo "
                           "(or add --dry-run to see the steps).")
    if args.purge and not args.uninstall:
        raise CommandError("--purge goes with --uninstall only.")
    if args.purge_backups and not args.purge:
        raise CommandError("--purge-backups goes with --uninstall --purge only.")
    venv = places.at(Path(args.venv).expanduser().resolve()) if args.venv else None
    done = None
    if args.uninstall:
        steps, note = uninstall_plan(places, venv=venv or places.at(VENV), user=args.user,
                                     purge=args.purge, user_exists=user_exists,
                                     booted=systemd_running(places),
                                     purge_backups=args.purge_backups)
        done = _("Uninstalled.")
    else:
        if args.update and not (places.units / UNITS[0].name).exists():
            raise CommandError("nothing to update: {unit} is not installed; run "
                               "install-service without --update first.",
                               unit=places.units / UNITS[0].name)
        source = checkout()
        if (source / ".git" / "MERGE_HEAD").exists():
            raise CommandError("{source} is in the middle of a merge (git pull stopped on a "
                               "conflict): run git merge --abort there, then git pull again; "
                               "nothing was changed.", source=source)
        from companion.version import git_commit

        commit = git_commit(source) if (source / ".git").exists() else None
        steps = plan(preset=args.preset, venv=venv, user=args.user,
                     force_config=args.force_config, start=not args.no_start, source=source,
                     unit_dir=places.units, etc_dir=places.etc, link=places.link,
                     group_exists=group_exists, user_exists=user_exists, update=args.update,
                     booted=systemd_running(places), commit=commit, state=places.state,
                     polkit_rules=places.at(polkit.RULE_PATH).parent)
        more, note = ([], "") if args.update else _clock(args, places)
        # after `enable` (should the boot partition fail after all, the service starts at
        # boot) and before the restart; the note that follows names the reboot
        at = next((i + 1 for i, s in enumerate(steps) if s.command[:2] == ("systemctl",
                                                                          "enable")),
                  len(steps))
        steps[at:at] = more
        if args.update:
            before = installed_version(venv) if venv is not None else None
            note = update_note(before, source_version(source, commit), dry_run=args.dry_run)
    execute(steps, dry_run=args.dry_run, runner=runner, out=out, done=done, check=check)
    if memory is None and places.root == Path("/"):
        from companion.log.memory import on_memory as memory
    kind = None if args.uninstall or memory is None else memory(places.state)
    if kind is not None:
        out(_("Warning: {path} is on memory ({kind}): the games are gone at every reboot. "
              "README: \"The log and the overlay file system\".").format(
                  path=places.state, kind=kind))
    if note:
        out(note)
    return 0
