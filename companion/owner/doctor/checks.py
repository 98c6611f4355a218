"""``companion doctor``: what stands between this box and a working companion.

Each check prints one line — ``ok``, ``FAIL`` (with a ``fix:`` sentence), ``skip`` (it
cannot be checked here, and why) or ``info`` — and the exit status is 1 when anything
failed, else 0. On a Raspberry Pi it checks the user's groups, that the I²C or SPI bus
device exists and can be opened, that the display answers at its address, and that each
configured button reads high (released). On a laptop most of that cannot be checked;
it says so and looks at what it can (the config, the state directory).

All the places it looks are parameters, so the tests run it on fakes.
"""

from __future__ import annotations

import argparse
import grp
import os
import pwd
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core.i18n import N_, _, ngettext

I2C_SLAVE = 0x0703  # ioctl: address the next transfer to this device
I2C_SMBUS = 0x0720  # ioctl: one SMBus transfer


@dataclass(frozen=True)
class Check:
    """One line of the report."""

    name: str
    status: str  # "ok", "fail", "skip" or "info"
    detail: str
    fix: str = ""

    def __str__(self) -> str:
        label = {"fail": "FAIL"}.get(self.status, self.status)
        line = f"{label:<5} {_(self.name)}: {self.detail}"  # the status word stays greppable
        return line + ("\n      " + _("fix: {fix}").format(fix=self.fix) if self.fix else "")


def _my_groups() -> set[str]:
    names = set()
    for gid in {os.getegid(), *os.getgroups()}:
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return names


def _user() -> str:
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def _service_running() -> bool:
    """True when systemd says companion.service is active (False without systemd)."""
    import subprocess

    try:
        return subprocess.run(["systemctl", "is-active", "--quiet", "companion.service"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=5, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def probe_i2c(device: Path, address: int) -> None:
    """Ask whether anything acknowledges ``address`` on the bus ``device``; raises OSError
    if nothing does.

    An SMBus "quick write" (the address and a stop, no data), as ``i2cdetect`` does at
    these addresses: the SSD1306 is write-only on I²C ("no data read is provided in serial
    mode"), so a read may go unanswered by a display that works. Through smbus2 when
    installed (luma needs it), else the raw ``/dev/i2c-N`` ioctl.
    """
    try:
        from smbus2 import SMBus
    except ImportError:
        import ctypes
        import fcntl

        class Transfer(ctypes.Structure):  # struct i2c_smbus_ioctl_data
            _fields_ = [("read_write", ctypes.c_uint8), ("command", ctypes.c_uint8),
                        ("size", ctypes.c_uint32), ("data", ctypes.c_void_p)]

        fd = os.open(device, os.O_RDWR)
        try:
            fcntl.ioctl(fd, I2C_SLAVE, address)
            fcntl.ioctl(fd, I2C_SMBUS, Transfer(0, 0, 0, None))  # write, quick
        finally:
            os.close(fd)
        return
    with SMBus(str(device)) as bus:
        bus.write_quick(address)


class Doctor:
    """Runs the checks for ``config``.

    :param dev: where device nodes live (``/dev``).
    :param model: the board's model file (``/proc/device-tree/model``).
    :param groups: the current user's group names.
    :param pin_factory: gpiozero pin factory (``None``: gpiozero's choice on a Pi).
    :param probe: ``probe(bus_device, address)`` raises OSError when the display is silent.
    :param bus_speed: the bus clock and frame-rate lines for a display that answered on I²C.
    :param libs: where the pin-factory and display-library checks look (``doctor_libs.Probe``).
    :param service_config: the config file install-service writes; read without a
        ``state.dir``, it is the service's, whose games live in ``service_state``.
    """

    def __init__(
        self,
        config: Config,
        *,
        dev: Path = Path("/dev"),
        model: Path = Path("/proc/device-tree/model"),
        groups: Callable[[], set[str]] = _my_groups,
        user: Callable[[], str] = _user,
        is_root: Callable[[], bool] = lambda: os.geteuid() == 0,
        pin_factory: Any = None,
        probe: Callable[[Path, int], None] = probe_i2c,
        bus_speed: Callable[[Config], Iterator[Any]] | None = None,
        libs: Any = None,
        service_config: Path = Path("/etc/companion/config.toml"),
        service_state: Path = Path("/var/lib/companion"),
        service_running: Callable[[], bool] | None = None,
    ) -> None:
        self.config = config
        #: install-service's config file, and the state folder systemd gives the service
        self.service_config = service_config
        self.service_state = service_state
        #: whether companion.service runs now (it then owns the pins and the panel)
        self.service_running = service_running or _service_running
        self.dev = dev
        self.model = model
        self.groups = groups
        self.user = user
        self.is_root = is_root
        self.pin_factory = pin_factory
        self.probe = probe
        #: the I²C clock and frame-rate lines (:mod:`companion.owner.doctor.bus`; fakes in tests)
        self.bus_speed = bus_speed
        self.libs = libs  # a doctor_libs.Probe (None: the real imports and environment)

    def board(self) -> str | None:
        try:
            text = self.model.read_bytes().decode("ascii", "replace").strip("\x00\n ")
        except OSError:
            return None
        return text if "Raspberry Pi" in text else None

    def run(self) -> list[Check]:
        given = self.pin_factory
        try:
            return list(self._checks())
        finally:
            if self.pin_factory is not given:  # the one _pins chose: release its pins
                self.pin_factory.close()
                self.pin_factory = given

    def _checks(self) -> Iterator[Check]:
        yield Check(
            N_("config"),
            "ok",
            _(self.config.source),  # "built-in default" or the file's path
        )
        service = self._service_state()
        if service is not None and not self.is_root():
            # The service's folder is its own user's (mode 0700): only root looks inside.
            from companion.owner.doctor.bus import companion_command

            yield Check(
                N_("state"),
                "info",
                _("the service saves games in {path}, which only its own user may open: "
                  "sudo {command} doctor looks inside").format(
                    path=service, command=companion_command()),
            )
            yield self._card(service, 0)
        else:
            yield self._state()
            yield from self._backups()
        yield from games_report()
        board = self.board()
        oled = not self.config.uses_keyboard
        if board is None:
            yield Check(
                N_("board"),
                "skip" if oled else "info",
                _("not a Raspberry Pi: the display, bus, groups and pins can only be checked "
                  "on the box")
                if oled
                else _("a laptop: screen in the terminal, keyboard for buttons"),
            )
            yield from self._libraries(board)
            return
        yield Check(N_("board"), "ok", board)
        yield self._groups(oled)
        running = not self.config.uses_keyboard and self.service_running()
        if running:
            yield Check(
                N_("service"),
                "info",
                _("companion.service is running: it holds the buttons and draws on the "
                  "display, so the doctor leaves both alone (sudo systemctl stop companion, "
                  "then run the doctor again to check them)"),
            )
        if oled:
            yield from self._libraries(board)
            bus = self._bus()
            yield bus
            if bus.status == "ok":
                display = self._display()
                yield display
                if self.config.display["bus"] == "i2c":
                    # the clock in force, whatever the display said; whole frames only to
                    # a display that answered, and not under the service (it sends only
                    # what changes, not knowing the doctor drew there: its panel would
                    # stay blank)
                    yield from self._bus_speed(
                        time_frames=not running and display.status == "ok")
        if not running:
            yield from self._pins()

    def _service_state(self) -> Path | None:
        """The service's state folder when the config in use is the service's (the file
        install-service writes, no ``state.dir``): the games the box saves are there, not
        in this user's folder."""
        if (self.config.path is None or self.config.state["dir"]
                or os.environ.get("STATE_DIRECTORY")):
            return None
        try:
            same = self.config.path.resolve() == self.service_config.resolve()
        except OSError:
            return None
        return self.service_state if same else None

    def _state_dir(self) -> Path:
        return self._service_state() or self.config.state_dir()

    def _state(self) -> Check:
        path = self._state_dir()
        probe = path
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        try:  # really write: os.access says yes to root even on a read-only mount
            with tempfile.TemporaryFile(dir=probe):
                pass
            return Check(N_("state"), "ok", _("games are saved in {path}").format(path=path))
        except OSError:
            pass
        return Check(
            N_("state"),
            "fail",
            _("{path} cannot be written: games would not be saved").format(path=path),
            _state_fix(path, probe)
            or _("sudo chown -R {user} {path} (the service uses /var/lib/companion, which "
                 "systemd makes for it)").format(user=self.user(), path=path),
        )

    def _backups(self) -> Iterator[Check]:
        """The newest backup's age, and the free space on the card."""
        from companion.log.backups import status

        log = self._state_dir() / "companion.db"
        age, count, free = status(log)
        if age is None:
            yield Check(
                N_("backups"),
                "info",
                _(
                    "none yet in {log_parent_backups} (the box makes one after every finished game)"
                ).format(log_parent_backups=log.parent / "backups"),
            )
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
        yield self._card(log.parent, log.stat().st_size if log.exists() else 0, free)

    def _card(self, folder: Path, size: int, free: int | None = None) -> Check:
        """Free space where the log in ``folder`` (``size`` bytes) lives."""
        if free is None:
            probe = folder
            while not probe.exists() and probe != probe.parent:
                probe = probe.parent
            free = shutil.disk_usage(probe).free
        mb = free / 1e6
        if free < max(20e6, 3 * size):
            return Check(
                N_("card"),
                "fail",
                _("only {mb:.0f} MB free: saving games may fail soon").format(mb=mb),
                _("free space on the card (old backups first: {log_parent_backups})").format(
                    log_parent_backups=folder / "backups"
                ),
            )
        return Check(N_("card"), "ok", _("{mb:,.0f} MB free").format(mb=mb))

    def _needed_groups(self, oled: bool) -> list[str]:
        need = ["gpio"]
        if oled:
            need.append("i2c" if self.config.display["bus"] == "i2c" else "spi")
        return need

    def _groups(self, oled: bool) -> Check:
        need = self._needed_groups(oled)
        if self.is_root():
            return Check(
                N_("groups"),
                "ok",
                _(
                    "running as root (the service runs as its own user "
                    "with the gpio, i2c and spi groups)"
                ),
            )
        missing = [g for g in need if g not in self.groups()]
        if not missing:
            return Check(
                N_("groups"),
                "ok",
                _("{self_user} is in {join_need}").format(
                    self_user=self.user(), join_need=", ".join(need)
                ),
            )
        return Check(
            N_("groups"),
            "fail",
            _("{self_user} is not in {join_missing}").format(
                self_user=self.user(), join_missing=", ".join(missing)
            ),
            _("sudo usermod -aG {join_missing} {self_user}, then log out and back in").format(
                join_missing=",".join(missing), self_user=self.user()
            ),
        )

    def _bus_device(self) -> Path:
        d = self.config.display
        if d["bus"] == "i2c":
            return self.dev / f"i2c-{d['port']}"
        return self.dev / f"spidev{d['port']}.{d['spi_device']}"

    def _bus(self) -> Check:
        d = self.config.display
        path = self._bus_device()
        kind = "I2C" if d["bus"] == "i2c" else "SPI"
        if not path.exists():
            opt = "do_i2c" if kind == "I2C" else "do_spi"
            return Check(
                N_("bus"),
                "fail",
                _("{path} does not exist").format(path=path),
                _(
                    "turn {kind} on: sudo raspi-config nonint {opt} 0 (or raspi-config →"
                    " Interface Options → {kind}), then reboot"
                ).format(kind=kind, opt=opt),
            )
        if not os.access(path, os.R_OK | os.W_OK):
            group = kind.lower()
            return Check(
                N_("bus"),
                "fail",
                _("{path} exists but {self_user} may not open it").format(
                    path=path, self_user=self.user()
                ),
                _("sudo usermod -aG {group} {self_user}, then log out and back in").format(
                    group=group, self_user=self.user()
                ),
            )
        return Check(N_("bus"), "ok", _("{path}").format(path=path))

    def _display(self) -> Check:
        d = self.config.display
        path = self._bus_device()
        if d["bus"] != "i2c":
            return Check(
                N_("display"),
                "info",
                _(
                    "SPI cannot answer back; if the screen stays dark"
                    " check DC=GPIO{d_gpio_dc} and "
                    "RST=GPIO{d_gpio_rst}"
                ).format(d_gpio_dc=d["gpio_dc"], d_gpio_rst=d["gpio_rst"]),
            )
        try:
            self.probe(path, d["address"])
        except OSError as err:
            other = 0x3D if d["address"] == 0x3C else 0x3C
            return Check(
                N_("display"),
                "fail",
                _("nothing answers at {d_address:#04x} on {path} ({err_strerror_or_err})").format(
                    d_address=d["address"], path=path, err_strerror_or_err=err.strerror or err
                ),
                _(
                    "check SDA→GPIO2, SCL→GPIO3, 3V3 and GND; run i2cdetect -y {d_port} "
                    "— if it shows {other:#04x}, set display.address = {other:#04x}"
                ).format(d_port=d["port"], other=other),
            )
        # An acknowledged address says nothing about the chip: SSD1306 and SH1106 answer
        # alike, and 1.3" modules sold as "SSD1306" are often SH1106.
        other = "sh1106" if d["driver"] == "ssd1306" else "ssd1306"
        return Check(
            N_("display"),
            "ok",
            _("a device answers at {d_address:#04x}, driven as {d_driver} (a garbled or "
              "sideways-shifted picture means the other chip: display.driver = \"{other}\")"
              ).format(
                d_driver=d["driver"], d_address=d["address"], other=other
            ),
        )

    def _bus_speed(self, time_frames: bool = True) -> Iterator[Check]:
        if self.bus_speed is not None:
            lines = self.bus_speed(self.config)
        else:
            from companion.hw.busclock import read_clock
            from companion.owner.doctor.bus import bus_speed_checks

            tree = self.model.parent  # /proc/device-tree
            lines = bus_speed_checks(
                self.config,
                bus_device=self._bus_device(),
                read=lambda port: read_clock(port, tree=tree),
                time_frames=time_frames,
            )
        for line in lines:
            yield Check(*line)

    def _libraries(self, board: str | None) -> Iterator[Check]:
        """The display's libraries, and (off a Pi) which pin factory gpiozero would use."""
        from companion.owner.doctor import libs as doctor_libs

        if self.config.uses_keyboard:
            return
        probe = self.libs or doctor_libs.Probe()
        if board is None and self.pin_factory is None:
            line, factory = doctor_libs.pin_factory_check(probe, on_pi=False)
            if factory is not None:
                factory.close()
            yield Check(*line)
        for line in doctor_libs.library_checks(
            self.config, probe, on_pi=board is not None, board=board or ""
        ):
            yield Check(*line)

    def _pins(self) -> Iterator[Check]:
        if self.config.uses_keyboard:
            yield Check(N_("buttons"), "info", _("the keyboard stands in for the buttons"))
            return
        if self.pin_factory is None:  # report gpiozero's choice, then read the pins with it
            from companion.owner.doctor import libs as doctor_libs

            line, factory = doctor_libs.pin_factory_check(
                self.libs or doctor_libs.Probe(), on_pi=True
            )
            yield Check(*line)
            if factory is None:
                return
            self.pin_factory = factory
        try:
            from gpiozero import Button

            from companion.hw.buttons import pin_error
        except ImportError as err:  # pragma: no cover - gpiozero is a dependency
            yield Check(
                N_("buttons"),
                "skip",
                _("gpiozero missing ({err})").format(err=err),
                _("pip install gpiozero"),
            )
            return
        pull_up = self.config.input["pull_up"]
        for name, pin in self.config.buttons.items():
            label = _("button {name}").format(name=name)
            try:
                button = Button(pin, pull_up=pull_up, pin_factory=self.pin_factory)
            except Exception as err:  # noqa: BLE001 - any gpiozero error is a finding
                yield Check(
                    label,
                    "fail",
                    _("GPIO{pin} cannot be read: {err}").format(pin=pin, err=err),
                    _(
                        "if the companion service runs, stop it first (sudo systemctl stop "
                        "companion); else: {why}"
                    ).format(why=pin_error(f"buttons.{name}", pin, err).translated(_)),
                )  # what `companion run` says too (1-Wire on GPIO4, the gpio group …)
                continue
            try:
                pressed = button.is_pressed
            finally:
                button.close()
            if pressed:
                level = "low" if pull_up else "high"
                yield Check(
                    label,
                    "fail",
                    _("GPIO{pin} reads {level} (pressed) with nobody touching it").format(
                        pin=pin, level=level
                    ),
                    _(
                        "a stuck button or a short: check the wire on GPIO{pin} (buttons.{name})"
                    ).format(pin=pin, name=name),
                )
            else:
                yield Check(
                    label,
                    "ok",
                    _("GPIO{pin} reads {high_if_pull_up_else} (released)").format(
                        pin=pin, high_if_pull_up_else="high" if pull_up else "low"
                    ),
                )


def games_report() -> Iterator[Check]:
    """One line for the installed games, and one for each game package that fails to load
    or whose rules or screens module does not import."""
    from companion.config import registry as catalogue

    found = catalogue.discover()
    broken = {k: catalogue.import_problem(k) for k, g in found.items()
              if isinstance(g, catalogue.GameInfo)}
    good = [k for k, why in broken.items() if why is None]
    yield Check(
        N_("games"),
        "ok",
        _("{len_good} installed: {join_good}").format(
            len_good=len(good), join_good=", ".join(good)
        ),
    )
    for key, game in found.items():
        problem = game.problem if isinstance(game, catalogue.Unavailable) else broken[key]
        if problem is not None:
            yield Check(
                _("game {key}").format(key=key),
                "fail",
                problem.translated(),
                _("reinstall or remove the package that registers it"),
            )


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    sub.add_parser("doctor", help=_("check groups, bus, display and buttons on the box"))


def main(config: Config, out: Callable[[str], None] = print, **options: Any) -> int:
    """Print the report; 1 if anything failed, else 0."""
    checks = Doctor(config, **options).run()
    for check in checks:
        out(str(check))
    failed = [c for c in checks if c.status == "fail"]
    out(
        ngettext("{n} problem found.", "{n} problems found.", len(failed)).format(n=len(failed))
        if failed
        else _("Nothing wrong found.")
    )
    return 1 if failed else 0


#: Kernel file systems: no folder can be made in them, whoever owns them.
PSEUDO_FS = {
    "proc",
    "sysfs",
    "devtmpfs",
    "devpts",
    "cgroup",
    "cgroup2",
    "debugfs",
    "securityfs",
    "tracefs",
    "configfs",
    "bpf",
    "pstore",
    "efivarfs",
    "mqueue",
    "hugetlbfs",
    "fusectl",
    "binfmt_misc",
    "autofs",
    "rpc_pipefs",
    "nsfs",
}
def _real_dir() -> str:
    return _("set state.dir in the config to a folder on the SD card, for instance "
             "~/.local/state/companion (or leave it empty: the service then uses "
             "/var/lib/companion)")


def _state_fix(path: Path, probe: Path, mounts: str = "/proc/self/mounts") -> str | None:
    """The fix when no ``chown`` can make ``path`` a folder for the log, else None:
    ``probe`` (the nearest part of ``path`` that exists) is a file, or it is on a
    kernel file system (``/proc``, ``/sys``) or a read-only one."""
    if not probe.is_dir():
        return _("{probe} is a file, not a folder: {fix}").format(probe=probe, fix=_real_dir())
    fs, options = _mount_of(probe, mounts)
    if fs in PSEUDO_FS:
        return _("{probe} is on the kernel's {fs} file system, where no folder can be made: "
                 "{fix}").format(probe=probe, fs=fs, fix=_real_dir())
    if "ro" in options:
        return _("{probe} is on a read-only file system: remount it read-write, or {fix}"
                 ).format(probe=probe, fix=_real_dir())
    return None


def _mount_of(path: Path, mounts: str) -> tuple[str, set[str]]:
    """The file system type and mount options of the mount holding ``path``."""
    best, found = -1, ("", set())
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
