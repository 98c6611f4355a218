"""Where ``companion doctor`` looks, in one object: the real machine by default, fakes in
the tests (``Probes(dev=tmp_path, model=tmp_path / "model")``).

>>> Probes().dev, Probes(dev=Path("/tmp/dev")).dev
(PosixPath('/dev'), PosixPath('/tmp/dev'))
"""

from __future__ import annotations

import grp
import os
import pwd
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.log.memory import on_memory
from companion.owner.doctor.display import probe_i2c

if TYPE_CHECKING:
    from companion.config.file import Config
    from companion.owner.doctor.libraries import Probe
    from companion.owner.doctor.report import Check


def my_groups() -> set[str]:
    """The current user's group names."""
    names = set()
    for gid in {os.getegid(), *os.getgroups()}:
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return names


def user_name() -> str:
    """The current user's name (its number when it has none)."""
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return str(os.geteuid())


def is_root() -> bool:
    return os.geteuid() == 0


def service_running() -> bool:
    """True when systemd says companion.service is active (False without systemd)."""
    import subprocess

    try:
        return subprocess.run(["systemctl", "is-active", "--quiet", "companion.service"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=5, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@dataclass(frozen=True)
class Probes:
    """Everything the doctor asks the machine, each replaceable by a fake.

    The board: ``dev`` (where device nodes live) and ``model`` (the board's model file).
    Who runs it: ``groups()``, ``user()``, ``is_root()``.
    The hardware: ``pin_factory`` (gpiozero's; None: gpiozero's choice on a Pi),
    ``probe(bus_device, address)`` (raises OSError when the display is silent),
    ``bus_speed(config)`` (the bus clock and frame-rate lines; None: the real ones,
    :mod:`.bus_clock`) and ``libs`` (where the pin-factory and library checks look,
    :class:`~companion.owner.doctor.libraries.Probe`; None: the real imports).
    The service: ``service_config`` (the file install-service writes; read without a
    ``state.dir`` it is the service's, whose games live in ``service_state``) and
    ``service_running()`` (companion.service then holds the pins and the panel).
    The storage: ``on_memory(folder)`` (what keeps a folder's writes in memory only:
    ``"tmpfs"``, ``"overlay"``, or None; :func:`companion.log.memory.on_memory`).
    """

    dev: Path = Path("/dev")
    model: Path = Path("/proc/device-tree/model")
    groups: Callable[[], set[str]] = my_groups
    user: Callable[[], str] = user_name
    is_root: Callable[[], bool] = is_root
    pin_factory: Any = None
    probe: Callable[[Path, int], None] = probe_i2c
    bus_speed: Callable[[Config], Iterator[Check]] | None = None
    libs: Probe | None = None
    service_config: Path = Path("/etc/companion/config.toml")
    service_state: Path = Path("/var/lib/companion")
    service_running: Callable[[], bool] = service_running
    on_memory: Callable[[Path], str | None] = on_memory
