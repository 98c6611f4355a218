"""``companion doctor``'s library checks: the gpiozero pin factory and the display's libraries.

Which pin factory gpiozero uses, and why (the ``GPIOZERO_PIN_FACTORY`` variable, or
gpiozero's own order with the reason each earlier one did not load), and whether the
libraries luma needs for the configured bus import: smbus2 for I²C, spidev and the RPi.GPIO
API for SPI (luma drives the DC and reset lines through it). Anything missing gets a
``fix:`` naming the ``apt install`` that provides it on Raspberry Pi OS, where the venv is
made with ``--system-site-packages`` so apt's Python packages are visible in it.

Everything it looks at comes through a :class:`Probe`, so the tests run it on fakes:

>>> from companion.config.file import from_mapping
>>> def missing(name):
...     raise ModuleNotFoundError(f"No module named {name!r}", name=name)
>>> probe = Probe(environ={}, import_module=missing, distribution=lambda m: None,
...               sees_apt=lambda: True)
>>> bonnet = from_mapping({"preset": "adafruit-oled-bonnet"})
>>> for line in library_checks(bonnet, probe, on_pi=True):
...     print(line.status, line.name, "·", line.detail, "·", line.fix)
fail library smbus2 · not installed (luma talks I²C through it) · sudo apt install python3-smbus2

Each line is a :class:`companion.owner.doctor.report.Check`, as every other check's.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core.i18n import N_, _
from companion.owner.doctor.report import Check

#: gpiozero 2.x tries these in this order when GPIOZERO_PIN_FACTORY is not set.
FACTORY_ORDER = ("lgpio", "rpigpio", "pigpio", "native")

#: The Raspberry Pi OS package that provides each importable module.
APT = {"smbus2": "python3-smbus2", "spidev": "python3-spidev", "lgpio": "python3-lgpio"}


def load_factory(name: str) -> Any:
    """A new gpiozero pin factory by its entry-point name, as gpiozero itself finds it."""
    group = importlib.metadata.entry_points(group="gpiozero_pin_factories")
    for wanted in (name, name.lower()):
        for ep in group:
            if ep.name == wanted:
                return ep.load()()
    raise LookupError(_("gpiozero has no pin factory called {name}").format(name=repr(name)))


def _distribution(module: str) -> tuple[str, str] | None:
    """(name, version) of the installed distribution that provides top-level ``module``."""
    names = importlib.metadata.packages_distributions().get(module, [])
    for name in names:
        try:
            return name, importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def sees_apt(prefix: str = sys.prefix, base: str = sys.base_prefix) -> bool:
    """True when apt's Python packages are importable here: no venv, or a venv made with
    ``--system-site-packages``."""
    if prefix == base:
        return True
    try:
        cfg = (Path(prefix) / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True
    for line in cfg.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "include-system-site-packages":
            return value.strip().lower() == "true"
    return False


@dataclass
class Probe:
    """Where the checks look: the environment, imports, installed distributions, gpiozero."""

    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    import_module: Callable[[str], Any] = importlib.import_module
    distribution: Callable[[str], tuple[str, str] | None] = _distribution
    load_factory: Callable[[str], Any] = load_factory
    venv: str = sys.prefix
    sees_apt: Callable[[], bool] = sees_apt


def _why(err: BaseException) -> str:
    return str(err) or type(err).__name__


def _imports(module: str, probe: Probe) -> bool:
    """True when ``module`` imports here (a library that then fails for another reason is
    not fixed by installing it again)."""
    try:
        probe.import_module(module)
    except ImportError:
        return False
    except Exception:  # noqa: BLE001 - installed, but it failed on import: not missing
        return True
    return True


#: The fix when lgpio is installed but no pin factory opens the GPIO chip.
def _chip_fix() -> str:
    return _("lgpio is installed but cannot open the GPIO chip: check the gpio group, "
             "and stop the service first (sudo systemctl stop companion)")


def _apt_fix(module: str, probe: Probe, *, here: bool = True) -> str:
    if module not in APT:
        return ""
    fix = f"sudo apt install {APT[module]}"
    if here and not probe.sees_apt():
        fix = _("{fix} — and {venv} cannot see apt's packages: make it again with "
                "python3 -m venv --system-site-packages").format(fix=fix, venv=probe.venv)
    return fix


def pin_factory_check(probe: Probe, *, on_pi: bool) -> tuple[Check, Any | None]:
    """(the report line, the factory gpiozero would use or None). The caller closes it.

    Off a Pi a factory that does not load is expected, so it is a ``skip``, not a failure.
    """
    fail = "fail" if on_pi else "skip"
    chosen = probe.environ.get("GPIOZERO_PIN_FACTORY")
    if chosen:
        try:
            factory = probe.load_factory(chosen)
        except Exception as err:  # noqa: BLE001 - any load error is the finding
            return Check(
                N_("pin factory"),
                fail,
                _("GPIOZERO_PIN_FACTORY={chosen} does not load ({why_err})").format(
                    chosen=chosen, why_err=_why(err)
                ),
                _("unset GPIOZERO_PIN_FACTORY to let gpiozero choose (it prefers lgpio)"),
            ), None
        status = "ok" if chosen.lower() == "lgpio" else "info"
        return Check(
            N_("pin factory"),
            status,
            _("{chosen}, set by GPIOZERO_PIN_FACTORY").format(chosen=chosen),
        ), factory
    reasons: list[str] = []
    lgpio_missing = False
    for name in FACTORY_ORDER:
        try:
            factory = probe.load_factory(name)
        except Exception as err:  # noqa: BLE001 - gpiozero falls back on any error too
            reasons.append(f"{name}: {_why(err)}")
            lgpio_missing |= (name == "lgpio" and isinstance(err, ImportError)
                              and not _imports("lgpio", probe))
            continue
        if name == "lgpio":
            return Check(
                N_("pin factory"),
                "ok",
                _("lgpio, gpiozero's first choice (works on every Pi, the Pi 5 included)"),
            ), factory
        fix = (
            _apt_fix("lgpio", probe)
            if lgpio_missing
            else _chip_fix()
        )
        return Check(
            N_("pin factory"),
            fail,
            _("{name}, because {join_reasons} (only lgpio works on a Pi 5)").format(
                name=name, join_reasons="; ".join(reasons)
            ),
            fix if on_pi else "",
        ), factory
    return Check(
        N_("pin factory"),
        fail,
        _("none loads ({reasons})").format(reasons="; ".join(reasons)),
        ("" if not on_pi else _apt_fix("lgpio", probe) if lgpio_missing else _chip_fix()),
    ), None


@dataclass(frozen=True)
class _Need:
    module: str  # what luma imports
    why: str


def _needs(config: Config) -> list[_Need]:
    d = config.display
    if config.uses_keyboard:
        return []
    if d["bus"] == "i2c":
        return [_Need("smbus2", _("luma talks I²C through it"))]
    return [
        _Need("spidev", _("luma talks SPI through it")),
        _Need("RPi.GPIO", _("luma drives DC=GPIO{dc} and RST=GPIO{rst} through it").format(
            dc=d["gpio_dc"], rst=d["gpio_rst"])),
    ]


def library_checks(config: Config, probe: Probe, *, on_pi: bool,
                   board: str = "") -> Iterator[Check]:
    """One line per library the configured display needs: does it import, and from where."""
    for need in _needs(config):
        yield _library(need, probe, on_pi, board)


def _library(need: _Need, probe: Probe, on_pi: bool, board: str) -> Check:
    name = _("library {module}").format(module=need.module)
    top = need.module.split(".")[0]
    try:
        probe.import_module(need.module)
    except ImportError as err:
        return _missing(name, need, err, probe, on_pi)
    except Exception as err:  # noqa: BLE001 - RPi.GPIO raises RuntimeError off a Pi
        return Check(
            name,
            "fail" if on_pi else "skip",
            _("installed but does not load here ({why_err})").format(why_err=_why(err)),
        )
    dist = probe.distribution(top)
    where = f"{dist[0]} {dist[1]}" if dist else _("installed")
    if top == "RPi" and dist and dist[0].lower() in ("rpi.gpio", "rpi-gpio") and "Pi 5" in board:
        return Check(
            name,
            "fail",
            _("{where} does not work on a Pi 5").format(where=where),
            _("sudo {probe_venv}/bin/pip install rpi-lgpio (the same API over lgpio)").format(
                probe_venv=probe.venv
            ),
        )
    return Check(name, "ok", _("{where} ({need_why})").format(where=where, need_why=need.why))


def _missing(name: str, need: _Need, err: ImportError, probe: Probe, on_pi: bool) -> Check:
    gone = (err.name or need.module).split(".")[0]
    if need.module == "RPi.GPIO" and gone == "RPi":
        pip = _("sudo {venv}/bin/pip install rpi-lgpio (a pure-Python wheel)").format(
            venv=probe.venv)
        fix = (pip if _imports("lgpio", probe) else _("{apt}, then {pip}").format(
            apt=_apt_fix("lgpio", probe, here=on_pi), pip=pip))
        detail = _("not installed")
    else:
        fix = _apt_fix(gone, probe, here=on_pi) or f"sudo {probe.venv}/bin/pip install {gone}"
        detail = (_("not installed") if gone == need.module
                  else _("{module} is missing ({why})").format(module=gone, why=_why(err)))
    if not on_pi:
        return Check(
            name,
            "skip",
            _("{detail} on this machine; the box needs it: {fix}").format(detail=detail, fix=fix),
        )
    return Check(
        name, "fail", _("{detail} ({need_why})").format(detail=detail, need_why=need.why), fix
    )
