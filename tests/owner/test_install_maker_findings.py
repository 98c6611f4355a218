"""Guards what a maker trying the install on emulated Raspberry Pi OS found (issue 37):

* ``install-service`` outside the clone ended in ``TypeError: Translatable.__init__() got
  multiple values for argument 'template'``;
* ``doctor`` on a Pi with no config checked the laptop default and said "Nothing wrong
  found" with I²C off and no GPIO chip;
* exit status 2 also meant "a button pin could not be opened", which the unit never
  restarts and the docs called a config mistake;
* ``doctor`` said ``apt install python3-lgpio`` where lgpio was installed;
* lgpio's SWIG DeprecationWarnings at every start on Python 3.13.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.core.errors import CommandError
from companion.owner import cli, install
from companion.owner.doctor.checks import main as doctor
from companion.owner.doctor.libraries import Probe, pin_factory_check

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("venv", [[], ["--venv", "/opt/companion/venv"]])
def test_install_service_outside_the_clone_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys, venv: list[str]) -> None:
    monkeypatch.setattr(install, "ROOT", tmp_path / "site-packages")  # installed, not a clone
    monkeypatch.chdir(tmp_path)
    assert cli.main(["install-service", "--dry-run", *venv]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "run install-service in the clone (cd ~/companion)" in err


def test_a_unit_file_missing_is_a_sentence_not_a_type_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="is missing: run install-service in a clone"):
        install.plan(preset="breadboard", current="/opt/x/bin/companion", unit_dir=tmp_path,
                     etc_dir=tmp_path, template=tmp_path / "companion.service",
                     group_exists=lambda g: True, user_exists=lambda u: True)


def pi(tmp_path: Path, *devices: str) -> dict:
    """A Raspberry Pi's /proc/device-tree/model and a /dev holding ``devices``."""
    (tmp_path / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    for name in devices:
        (dev / name).touch()
    return {"dev": dev, "model": tmp_path / "model", "groups": lambda: {"gpio", "i2c", "spi"},
            "user": lambda: "pi", "is_root": lambda: False,
            "service_running": lambda: False}


def test_doctor_on_a_pi_with_no_config_checks_every_presets_needs(tmp_path: Path) -> None:
    laptop = from_mapping({})  # what `companion doctor` reads when no file exists
    said: list[str] = []
    assert doctor(laptop, out=said.append, **pi(tmp_path)) == 1
    text = "\n".join(said)
    assert "Nothing wrong found" not in text
    assert "FAIL  config: no config file" in text and "--preset NAME" in text
    assert "breadboard-ssd1309" in text  # every preset is offered
    assert "FAIL  bus for adafruit-oled-bonnet, breadboard, breadboard-ssd1309: " \
           f"{tmp_path}/dev/i2c-1 does not exist" in text
    assert "raspi-config nonint do_i2c 0" in text
    assert f"FAIL  GPIO: no GPIO chip in {tmp_path}/dev" in text


def test_with_every_bus_on_it_only_asks_for_a_preset(tmp_path: Path) -> None:
    laptop = from_mapping({})
    said: list[str] = []
    assert doctor(laptop, out=said.append,
                  **pi(tmp_path, "i2c-1", "spidev0.0", "gpiochip0")) == 1
    failed = [line.splitlines()[0] for line in said if line.startswith("FAIL")]
    assert failed == ["FAIL  config: no config file: the built-in default is a laptop's (a "
                      "screen in the terminal, keys for buttons)"]


def test_exit_statuses_agree_with_the_unit_and_its_readme() -> None:
    unit = (ROOT / "systemd" / "companion.service").read_text()
    prevented = next(line.split("=", 1)[1].split() for line in unit.splitlines()
                     if line.startswith("RestartPreventExitStatus="))
    assert str(cli.EXIT_MISTAKE) in prevented and str(cli.EXIT_HARDWARE) not in prevented
    assert "Restart=on-failure" in unit  # so exit 3 restarts, within the start limit
    readme = (ROOT / "systemd" / "README.md").read_text()
    row = next(line for line in readme.splitlines() if "RestartPreventExitStatus" in line)
    assert "exit 2 is a mistake in the config file" in row
    assert "Exit 3 is a button pin that could not be opened" in row


def test_an_installed_lgpio_is_never_to_be_installed_again() -> None:
    def no_chip(name: str):
        raise RuntimeError("can not open gpiochip")  # lgpio there; no chip (a chroot)

    probe = Probe(environ={}, import_module=lambda name: object(),  # lgpio imports
                  load_factory=no_chip, sees_apt=lambda: True)
    line, factory = pin_factory_check(probe, on_pi=True)
    assert factory is None and line.status == "fail"
    assert "apt install" not in line.fix and "cannot open the GPIO chip" in line.fix

    def missing(name: str):
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    gone = Probe(environ={}, import_module=missing, load_factory=lambda n: missing("lgpio"),
                 sees_apt=lambda: True)
    assert "sudo apt install python3-lgpio" in pin_factory_check(gone, on_pi=True)[0].fix


def test_lgpios_swig_warnings_are_silenced_and_no_other() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cli.quiet_known_warnings()
        for name in ("SwigPyPacked", "SwigPyObject", "swigvarlink"):
            warnings.warn(f"builtin type {name} has no __module__ attribute",
                          DeprecationWarning, stacklevel=1)
        warnings.warn("something else is deprecated", DeprecationWarning, stacklevel=1)
    assert [str(w.message) for w in caught] == ["something else is deprecated"]
