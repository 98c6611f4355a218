"""Guards ``companion doctor``'s library lines: the pin factory and why, and each display
library, with the ``apt install`` that fixes a missing one — all on fakes.

Imports, installed distributions, the environment and gpiozero's factories come through
``doctor_libs.Probe``; gpiozero's MockFactory stands in for a real pin factory.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config.file import from_mapping
from companion.owner.doctor import libraries as doctor_libs
from companion.owner.doctor.checks import Check, main
from companion.owner.doctor.libraries import Probe, library_checks, pin_factory_check

BONNET = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": "/tmp"}})
HAT = from_mapping({"preset": "waveshare-oled-hat-1in3", "state": {"dir": "/tmp"}})
PI4 = "Raspberry Pi 4 Model B Rev 1.4"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
VENV = "/opt/companion/venv"


def importer(*present: str, missing: dict[str, str] | None = None, broken=None):
    """``import_module`` that finds ``present``; ``missing`` maps a module to the module
    its ImportError names (a dependency of it); ``broken`` raises at import."""
    missing = missing or {}

    def import_module(name: str):
        if broken and name in broken:
            raise broken[name]
        if name in missing:
            raise ModuleNotFoundError(f"No module named {missing[name]!r}", name=missing[name])
        if name not in present:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return object()

    return import_module


def probe(*present: str, dists=None, apt=True, **kw) -> Probe:
    dists = dists or {}
    return Probe(environ=kw.pop("environ", {}), import_module=importer(*present, **kw),
                 distribution=dists.get, venv=VENV, sees_apt=lambda: apt)


def lines(config, p: Probe, *, on_pi=True, board=PI4) -> dict:
    return {c.name: c for c in library_checks(config, p, on_pi=on_pi, board=board)}


def test_i2c_preset_needs_only_smbus2() -> None:
    checks = lines(BONNET, probe("smbus2", dists={"smbus2": ("smbus2", "0.6.1")}))
    assert list(checks) == ["library smbus2"]
    assert checks["library smbus2"].status == "ok"
    assert "smbus2 0.6.1" in checks["library smbus2"].detail


def test_keyboard_config_needs_no_display_library() -> None:
    assert lines(from_mapping({}), probe()) == {}


def test_spi_preset_with_everything_installed() -> None:
    dists = {"spidev": ("spidev", "3.6"), "RPi": ("rpi-lgpio", "0.6")}
    checks = lines(HAT, probe("spidev", "RPi.GPIO", dists=dists))
    assert list(checks) == ["library spidev", "library RPi.GPIO"]
    assert all(c.status == "ok" for c in checks.values())
    assert "rpi-lgpio 0.6" in checks["library RPi.GPIO"].detail
    assert "DC=GPIO24 and RST=GPIO25" in checks["library RPi.GPIO"].detail


def test_missing_spidev_names_its_apt_package() -> None:
    check = lines(HAT, probe("RPi.GPIO"))["library spidev"]
    assert check.status == "fail" and check.detail.startswith("not installed")
    assert check.fix == "sudo apt install python3-spidev"
    assert str(Check(*check)).count("\n") == 1  # the finding, then one fix line


def test_missing_smbus2_names_its_apt_package() -> None:
    check = lines(BONNET, probe())["library smbus2"]
    assert check.status == "fail" and check.fix == "sudo apt install python3-smbus2"


def test_missing_rpi_gpio_api_names_lgpio_and_rpi_lgpio() -> None:
    check = lines(HAT, probe("spidev"))["library RPi.GPIO"]
    assert check.status == "fail"
    assert check.fix.startswith("sudo apt install python3-lgpio, then ")
    assert f"sudo {VENV}/bin/pip install rpi-lgpio" in check.fix


def test_rpi_lgpio_without_lgpio_names_python3_lgpio() -> None:
    check = lines(HAT, probe("spidev", missing={"RPi.GPIO": "lgpio"}))["library RPi.GPIO"]
    assert check.status == "fail" and "lgpio is missing" in check.detail
    assert check.fix == "sudo apt install python3-lgpio"


def test_a_venv_blind_to_apt_is_told_to_see_it() -> None:
    check = lines(HAT, probe("RPi.GPIO", apt=False))["library spidev"]
    assert check.fix.startswith("sudo apt install python3-spidev")
    assert "--system-site-packages" in check.fix and VENV in check.fix


def test_real_rpi_gpio_fails_on_a_pi_5_only() -> None:
    dists = {"spidev": ("spidev", "3.6"), "RPi": ("RPi.GPIO", "0.7.1")}
    p = probe("spidev", "RPi.GPIO", dists=dists)
    assert lines(HAT, p, board=PI4)["library RPi.GPIO"].status == "ok"
    check = lines(HAT, p, board=PI5)["library RPi.GPIO"]
    assert check.status == "fail" and "Pi 5" in check.detail
    assert "pip install rpi-lgpio" in check.fix


def test_off_a_pi_missing_libraries_are_skipped_with_the_fix_in_the_line() -> None:
    refuses = {"RPi.GPIO": RuntimeError("This module can only be run on a Raspberry Pi!")}
    checks = lines(HAT, probe(broken=refuses, apt=False), on_pi=False, board="")
    assert {c.status for c in checks.values()} == {"skip"}
    assert "sudo apt install python3-spidev" in checks["library spidev"].detail
    assert "--system-site-packages" not in checks["library spidev"].detail
    assert "only be run on a Raspberry Pi" in checks["library RPi.GPIO"].detail


def test_a_library_that_raises_on_a_pi_is_a_failure_not_a_crash() -> None:
    boom = {"spidev": OSError("bad ELF")}
    check = lines(HAT, probe("RPi.GPIO", broken=boom))["library spidev"]
    assert check.status == "fail" and "bad ELF" in check.detail


# --- the pin factory ---------------------------------------------------------------

def factories(**outcome):
    """``load_factory`` where each name maps to a factory or to the exception it raises."""
    tried: list[str] = []

    def load(name: str):
        tried.append(name)
        result = outcome.get(name, ImportError(f"No module named {name!r}"))
        if isinstance(result, BaseException):
            raise result
        return result

    load.tried = tried  # type: ignore[attr-defined]
    return load


def without_lgpio(name: str):
    """Imports as this machine does, except lgpio: not installed (whether or not it is
    here: a Pi root has it)."""
    if name.split(".")[0] == "lgpio":
        raise ModuleNotFoundError("No module named 'lgpio'", name="lgpio")
    return importlib.import_module(name)


def factory_probe(load, environ=None) -> Probe:
    return Probe(environ=environ or {}, load_factory=load, venv=VENV, sees_apt=lambda: True,
                 import_module=without_lgpio)


def test_lgpio_first_is_ok() -> None:
    chosen = MockFactory()
    check, factory = pin_factory_check(factory_probe(factories(lgpio=chosen)), on_pi=True)
    assert factory is chosen and check.status == "ok" and check.detail.startswith("lgpio")


def test_fallback_names_every_reason_and_the_apt_fix() -> None:
    load = factories(native=MockFactory())
    check, factory = pin_factory_check(factory_probe(load), on_pi=True)
    assert load.tried == ["lgpio", "rpigpio", "pigpio", "native"]
    assert factory is not None and check.status == "fail"
    assert check.detail.startswith("native, because lgpio: No module named 'lgpio'; rpigpio:")
    assert check.fix == "sudo apt install python3-lgpio"


def test_lgpio_installed_but_refused_points_at_groups_not_apt() -> None:
    load = factories(lgpio=OSError("can not open gpiochip"), rpigpio=MockFactory())
    check, _ = pin_factory_check(factory_probe(load), on_pi=True)
    assert check.status == "fail" and "can not open gpiochip" in check.detail
    assert "gpio group" in check.fix and "apt" not in check.fix


def test_no_factory_at_all() -> None:
    check, factory = pin_factory_check(factory_probe(factories()), on_pi=True)
    assert factory is None and check.status == "fail" and check.detail.startswith("none loads")
    assert check.fix == "sudo apt install python3-lgpio"
    check, _ = pin_factory_check(factory_probe(factories()), on_pi=False)
    assert check.status == "skip" and check.fix == ""


def test_environment_variable_wins_and_is_named() -> None:
    load = factories(mock=MockFactory())
    env = {"GPIOZERO_PIN_FACTORY": "mock"}
    check, factory = pin_factory_check(factory_probe(load, env), on_pi=True)
    assert load.tried == ["mock"] and factory is not None
    assert check.status == "info" and check.detail == "mock, set by GPIOZERO_PIN_FACTORY"
    check, factory = pin_factory_check(
        factory_probe(factories(), {"GPIOZERO_PIN_FACTORY": "nope"}), on_pi=True)
    assert factory is None and check.status == "fail" and "unset" in check.fix


def test_load_factory_uses_gpiozeros_entry_points() -> None:
    factory = doctor_libs.load_factory("MOCK")  # gpiozero accepts any case too
    try:
        assert isinstance(factory, MockFactory)
    finally:
        factory.close()
    with pytest.raises(LookupError):
        doctor_libs.load_factory("nonesuch")


def test_sees_apt_reads_the_venvs_config(tmp_path: Path) -> None:
    cfg = tmp_path / "pyvenv.cfg"
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = true\n")
    assert doctor_libs.sees_apt(str(tmp_path), "/usr")
    cfg.write_text("home = /usr/bin\ninclude-system-site-packages = false\n")
    assert not doctor_libs.sees_apt(str(tmp_path), "/usr")
    assert doctor_libs.sees_apt("/usr", "/usr")  # no venv: the system Python sees apt


# --- inside the whole report -------------------------------------------------------

class ClosingFactory(MockFactory):
    closed = False

    def close(self) -> None:
        ClosingFactory.closed = True
        super().close()


@pytest.fixture
def fake_pi(tmp_path: Path):
    model = tmp_path / "model"
    model.write_bytes(PI5.encode() + b"\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "spidev0.0").touch()
    return model, dev


def test_doctor_reports_the_factory_it_reads_the_buttons_with(fake_pi) -> None:
    model, dev = fake_pi
    ClosingFactory.closed = False
    libs = Probe(environ={}, load_factory=factories(lgpio=ClosingFactory()), venv=VENV,
                 import_module=importer("spidev", "RPi.GPIO"), sees_apt=lambda: True,
                 distribution={"RPi": ("rpi-lgpio", "0.6"), "spidev": ("spidev", "3.6")}.get)
    out: list[str] = []
    code = main(HAT, out.append, dev=dev, model=model, groups=lambda: {"gpio", "spi"},
                user=lambda: "pi", is_root=lambda: False, libs=libs)
    assert code == 0, out
    text = "\n".join(out)
    assert "ok    pin factory: lgpio, gpiozero's first choice" in text
    assert "ok    library RPi.GPIO: rpi-lgpio 0.6" in text
    assert "ok    button ok: GPIO13 reads high (released)" in text
    assert ClosingFactory.closed  # the pins doctor opened are released


def test_doctor_fails_a_box_missing_spidev_with_one_fix(fake_pi) -> None:
    model, dev = fake_pi
    libs = Probe(environ={}, load_factory=factories(lgpio=MockFactory()), venv=VENV,
                 import_module=importer("RPi.GPIO"), sees_apt=lambda: True,
                 distribution=lambda m: None)
    out: list[str] = []
    code = main(HAT, out.append, dev=dev, model=model, groups=lambda: {"gpio", "spi"},
                user=lambda: "pi", is_root=lambda: False, libs=libs)
    assert code == 1
    assert any(line == "FAIL  library spidev: not installed (luma talks SPI through it)\n"
               "      fix: sudo apt install python3-spidev" for line in out)
