"""``companion doctor``'s lines about the I²C bus speed: the clock in force, a real frame.

Two lines after the display answered on I²C:

* ``bus clock``: the clock the device tree says the bus runs at, what a whole frame
  costs on the wire at that clock, and how to ask for 400 kHz when it is slower;
* ``frame rate``: whole frames written through luma's driver and timed — frames per
  second as the box really manages them.

>>> from companion.config.file import from_mapping
>>> config = from_mapping({"display": {"driver": "ssd1306"}})
>>> for line in bus_speed_checks(config, read=lambda port: (400000, Path("dt")),
...                              timer=lambda: 0.025):
...     print(line.status, line.name, "-", line.detail)
ok bus clock - I²C bus 1 runs at 400 kHz (dt): a whole frame needs 23.3 ms on the wire
ok frame rate - a whole frame took 25.0 ms: 40 frames per second

Each line is a :class:`companion.owner.doctor.report.Check`, as every other check's.
"""

from __future__ import annotations

import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from companion.config.file import Config
from companion.core.i18n import N_, _
from companion.hw import busclock
from companion.hw.guarded import BUS_ERRORS
from companion.owner.doctor.report import Check

FAST = 400_000


def companion_command() -> str:
    """This companion as a command sudo can run: its full path (sudo does not search the
    venv's bin folder), else ``python -m companion``."""
    exe = Path(sys.executable).parent / "companion"
    return str(exe) if exe.is_file() else f"{sys.executable} -m companion"


def _is_device(path: Path) -> bool:
    try:
        return stat.S_ISCHR(path.stat().st_mode)
    except OSError:
        return False


def bus_speed_checks(
    config: Config,
    *,
    read: Callable[[int], tuple[int | None, Path]] | None = None,
    timer: Callable[[], float] | None = None,
    bus_device: Path | None = None,
    time_frames: bool = True,
) -> Iterator[Check]:
    """The ``bus clock`` and ``frame rate`` lines for an I²C display.

    :param read: ``read(port)`` → (Hz or None, where it was read); default: the device
        tree (:func:`companion.hw.busclock.read_clock`).
    :param timer: seconds per whole frame written to the real display; default: luma's
        driver on ``bus_device`` (``/dev/i2c-N``).
    :param time_frames: False leaves the display alone (the service is drawing on it):
        no ``frame rate`` line.
    """
    d = config.display
    chip = d["driver"]
    device = bus_device or Path(f"/dev/i2c-{d['port']}")
    hz, where = (read or busclock.read_clock)(d["port"])
    if hz is None:
        yield Check(
            N_("bus clock"),
            "skip",
            _(
                "the device tree does not say ({where} is missing); the Pi's default is 100 kHz"
            ).format(where=where),
        )
    else:
        wire = busclock.modelled_frame_seconds(chip, hz) * 1000
        detail = _("I²C bus {port} runs at {khz:g} kHz ({where}): a whole frame needs "
                   "{ms:.1f} ms on the wire").format(port=d["port"], khz=hz / 1000,
                                                     where=where, ms=wire)
        if hz < FAST:
            fast = busclock.modelled_frame_seconds(chip, FAST) * 1000
            yield Check(
                N_("bus clock"),
                "info",
                detail,
                _(
                    "for {fast:.0f} ms a frame, in the companion's clone (cd ~/companion): "
                    "sudo {command} install-service --i2c-speed {hz}, then reboot"
                ).format(fast=fast, command=companion_command(), hz=FAST),
            )
        else:
            yield Check(N_("bus clock"), "ok", detail)
    if not time_frames:
        return
    if timer is None:
        if not _is_device(device):
            yield Check(
                N_("frame rate"),
                "skip",
                _("{device} is not a device: no frames to time").format(device=device),
            )
            return

        def timer() -> float:
            serial = busclock.open_i2c(d["port"], d["address"])
            return busclock.time_full_frames(serial, chip)

    try:
        seconds = timer()
    except BUS_ERRORS as err:
        yield Check(
            N_("frame rate"),
            "fail",
            _("writing whole frames failed: {err}").format(err=err),
            _(
                "check the wiring; is the companion service drawing at the same time? "
                "(sudo systemctl stop companion)"
            ),
        )
        return
    yield Check(
        N_("frame rate"),
        "ok",
        _("a whole frame took {seconds_1000:.1f} ms: {per_second:.0f} frames per second").format(
            seconds_1000=seconds * 1000, per_second=1 / seconds
        ),
    )
