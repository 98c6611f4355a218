"""``companion doctor``: what stands between this box and a working companion.

Each check prints one line — ``ok``, ``FAIL`` (with a ``fix:`` sentence), ``skip`` (it
cannot be checked here, and why) or ``info`` — and the exit status is 1 when anything
failed, else 0. On a Raspberry Pi it checks the user's groups, that the I²C or SPI bus
device exists and can be opened, that the display answers at its address, and that each
configured button reads high (released). On a laptop most of that cannot be checked;
it says so and looks at what it can (the config, the state directory).

:class:`Doctor` runs the checks in order; each kind lives in its own module:
:mod:`~companion.owner.doctor.storage` (state folder, backups, card),
:mod:`~companion.owner.doctor.games`, :mod:`~companion.owner.doctor.libraries`,
:mod:`~companion.owner.doctor.display` (bus device, the display answering),
:mod:`~companion.owner.doctor.bus_clock`, :mod:`~companion.owner.doctor.buttons`,
:mod:`~companion.owner.doctor.network` (NetworkManager, the polkit rule).
Every place it looks is one of its :class:`~companion.owner.doctor.probes.Probes`, so the
tests run it on fakes; every line is a :class:`~companion.owner.doctor.report.Check`.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core.i18n import N_, _
from companion.log.opening import log_path
from companion.owner.doctor.display import bus_check, bus_device, display_check
from companion.owner.doctor.games import games_report
from companion.owner.doctor.network import network_check
from companion.owner.doctor.probes import Probes
from companion.owner.doctor.report import Check, print_report
from companion.owner.doctor.smart_dice import smart_dice_check
from companion.owner.doctor.storage import backup_checks, card_check, state_check

__all__ = ["Check", "Doctor", "Probes", "add_parser", "games_report", "main"]


class Doctor:
    """Runs the checks for ``config``, looking where ``probes`` say (the real machine by
    default); ``changes`` replace single probes by name (``Doctor(config, dev=tmp)``).
    """

    def __init__(self, config: Config, probes: Probes | None = None, **changes: Any) -> None:
        self.config = config
        self.probes = replace(probes or Probes(), **changes)
        #: gpiozero's pin factory: the probes' one, or the one :meth:`_pins` chose
        self.pin_factory = self.probes.pin_factory

    def board(self) -> str | None:
        try:
            text = self.probes.model.read_bytes().decode("ascii", "replace").strip("\x00\n ")
        except OSError:
            return None
        return text if "Raspberry Pi" in text else None

    def run(self) -> list[Check]:
        given = self.pin_factory
        from companion.version import describe

        try:  # the version last, beside the verdict: what to name when asking for help
            return [*self._checks(), Check(N_("version"), "info", describe())]
        finally:
            if self.pin_factory is not given:  # the one _pins chose: release its pins
                self.pin_factory.close()
                self.pin_factory = given

    def _checks(self) -> Iterator[Check]:
        board = self.board()
        if board is not None and self.config.path is None and self.config.uses_keyboard:
            # the laptop default on a box: check what every preset needs, and ask for one
            yield from self._no_config(board)
            return
        yield Check(
            N_("config"),
            "ok",
            _(self.config.source),  # "built-in default" or the file's path
        )
        service = self._service_state()
        if service is not None and not self.probes.is_root():
            # The service's folder is its own user's (mode 0700): only root looks inside.
            from companion.owner.doctor.bus_clock import companion_command

            yield Check(
                N_("state"),
                "info",
                _("the service saves games in {path}, which only its own user may open: "
                  "sudo {command} doctor looks inside").format(
                    path=service, command=companion_command()),
            )
            yield card_check(service, 0, on_pi=board is not None)
        else:
            yield self._state(on_pi=board is not None)
            yield from self._backups(on_pi=board is not None)
        yield from games_report()
        yield network_check()
        yield smart_dice_check(self._state_dir())
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
        running = not self.config.uses_keyboard and self.probes.service_running()
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
            bus = bus_check(self.config, self.probes.dev, self.probes.user())
            yield bus
            if bus.status == "ok":
                display = display_check(self.config, self.probes.dev, self.probes.probe)
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

    def _no_config(self, board: str) -> Iterator[Check]:
        """A Raspberry Pi with no config file: the built-in default is a laptop's (a
        terminal screen, keyboard keys), so the doctor asks for a board preset and checks
        the buses and GPIO chip the presets need."""
        from companion.config.file import from_mapping, preset_names

        names = preset_names()
        yield Check(
            N_("config"),
            "fail",
            _("no config file: the built-in default is a laptop's (a screen in the terminal, "
              "keys for buttons)"),
            _("name your board's preset: sudo companion install-service --preset NAME in the "
              "clone, or preset = \"NAME\" in ~/.config/companion/config.toml; NAME is one "
              "of {names}").format(names=", ".join(names)),
        )
        yield Check(N_("board"), "ok", board)
        buses: dict[str, list[str]] = {}
        configs: dict[str, Config] = {}
        for name in names:
            config = from_mapping({"preset": name})
            buses.setdefault(config.display["bus"], []).append(name)
            configs.setdefault(config.display["bus"], config)
        for bus, users in buses.items():
            line = bus_check(configs[bus], self.probes.dev, self.probes.user())
            yield Check(_("bus for {presets}").format(presets=", ".join(users)), line.status,
                        line.detail, line.fix)
        chips = sorted(self.probes.dev.glob("gpiochip*"))
        if chips:
            yield Check(N_("GPIO"), "ok", ", ".join(str(c) for c in chips))
        else:
            yield Check(N_("GPIO"), "fail",
                        _("no GPIO chip in {dev}: the buttons cannot be read").format(
                            dev=self.probes.dev),
                        _("the kernel gives every Raspberry Pi one (/dev/gpiochip0); in a "
                          "container or a chroot, bind-mount /dev"))

    def _service_state(self) -> Path | None:
        """The service's state folder when the config in use is the service's (the file
        install-service writes, no ``state.dir``): the games the box saves are there, not
        in this user's folder."""
        if (self.config.path is None or self.config.state["dir"]
                or os.environ.get("STATE_DIRECTORY")):
            return None
        try:
            same = self.config.path.resolve() == self.probes.service_config.resolve()
        except OSError:
            return None
        return self.probes.service_state if same else None

    def _state_dir(self) -> Path:
        return self._service_state() or self.config.state_dir()

    def _state(self, *, on_pi: bool) -> Check:
        return state_check(self._state_dir(), self.probes.user(), on_pi=on_pi,
                           memory=self.probes.on_memory(self._state_dir()))

    def _backups(self, *, on_pi: bool) -> Iterator[Check]:
        """The newest backup's age, and the free space on the card (on a laptop: disk)."""
        return backup_checks(log_path(self._state_dir()), on_pi=on_pi)

    def _needed_groups(self, oled: bool) -> list[str]:
        need = ["gpio"]
        if oled:
            need.append("i2c" if self.config.display["bus"] == "i2c" else "spi")
        return need

    def _groups(self, oled: bool) -> Check:
        need = self._needed_groups(oled)
        if self.probes.is_root():
            return Check(
                N_("groups"),
                "ok",
                _(
                    "running as root (the service runs as its own user "
                    "with the gpio, i2c and spi groups)"
                ),
            )
        missing = [g for g in need if g not in self.probes.groups()]
        if not missing:
            return Check(
                N_("groups"),
                "ok",
                _("{self_user} is in {join_need}").format(
                    self_user=self.probes.user(), join_need=", ".join(need)
                ),
            )
        return Check(
            N_("groups"),
            "fail",
            _("{self_user} is not in {join_missing}").format(
                self_user=self.probes.user(), join_missing=", ".join(missing)
            ),
            _("sudo usermod -aG {join_missing} {self_user}, then log out and back in").format(
                join_missing=",".join(missing), self_user=self.probes.user()
            ),
        )

    def _bus_device(self) -> Path:
        return bus_device(self.config, self.probes.dev)

    def _bus_speed(self, time_frames: bool = True) -> Iterator[Check]:
        if self.probes.bus_speed is not None:
            lines = self.probes.bus_speed(self.config)
        else:
            from companion.hw.busclock import read_clock
            from companion.owner.doctor.bus_clock import bus_speed_checks

            tree = self.probes.model.parent  # /proc/device-tree
            lines = bus_speed_checks(
                self.config,
                bus_device=self._bus_device(),
                read=lambda port: read_clock(port, tree=tree),
                time_frames=time_frames,
            )
        yield from lines

    def _libraries(self, board: str | None) -> Iterator[Check]:
        """The display's libraries, and (off a Pi) which pin factory gpiozero would use."""
        from companion.owner.doctor import libraries as doctor_libs

        if self.config.uses_keyboard:
            return
        probe = self.probes.libs or doctor_libs.Probe()
        if board is None and self.pin_factory is None:
            line, factory = doctor_libs.pin_factory_check(probe, on_pi=False)
            if factory is not None:
                factory.close()
            yield line
        yield from doctor_libs.library_checks(
            self.config, probe, on_pi=board is not None, board=board or ""
        )

    def _pins(self) -> Iterator[Check]:
        if self.config.uses_keyboard:
            yield Check(N_("buttons"), "info", _("the keyboard stands in for the buttons"))
            return
        if self.pin_factory is None:  # report gpiozero's choice, then read the pins with it
            from companion.owner.doctor import libraries as doctor_libs

            line, factory = doctor_libs.pin_factory_check(
                self.probes.libs or doctor_libs.Probe(), on_pi=True
            )
            yield line
            if factory is None:
                return
            self.pin_factory = factory
        from companion.owner.doctor.buttons import button_checks

        yield from button_checks(self.config, self.pin_factory)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("doctor", help=_("check groups, bus, display and buttons on the box"))


def main(config: Config, out: Callable[[str], None] = print, **options: Any) -> int:
    """Print the report; 1 if anything failed, else 0."""
    return print_report(Doctor(config, **options).run(), out)
