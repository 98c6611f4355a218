"""Guards that a button pin that cannot be opened is one line naming the pin and the fix
(python3-lgpio missing, a pin another program or 1-Wire holds, no gpio group), on
stderr and on the box's screen, exit 3 (its own status: systemd restarts it within the
start limit; 2 is a config mistake, never restarted): never a traceback."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device, DigitalInputDevice
from gpiozero.exc import BadPinFactory, PinFactoryFallback
from gpiozero.pins.mock import MockFactory, MockPin
from luma.core.device import dummy

import companion.hw.display
from companion.core.errors import HardwareError
from companion.hw.buttons import KeyPad, gpio_access
from companion.owner import cli


def no_gpio_library() -> Any:
    """What gpiozero does on a laptop, or on a Pi without python3-lgpio."""
    warnings.warn(PinFactoryFallback("Falling back from lgpio: No module named 'lgpio'"),
                  stacklevel=2)
    warnings.warn(PinFactoryFallback("Falling back from native: unable to locate Pi "
                                     "revision in /proc/device-tree or /proc/cpuinfo"),
                  stacklevel=2)
    raise BadPinFactory("Unable to load any default pin factory!")


def test_no_gpio_library_is_one_line_on_stderr_and_on_the_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "ssd1306"\n')  # a box's config, on a laptop
    monkeypatch.setattr(companion.hw.display, "open_display",
                        lambda config, **kw: dummy(width=128, height=64, mode="1"))
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_gpio_library))
    trace = tmp_path / "trace.txt"
    code = cli.main(["--config", str(config), "run", "--db", str(tmp_path / "c.db"),
                     "--trace", str(trace)])
    err = capsys.readouterr().err
    assert code == 3  # not 2: the unit would never restart it
    lines = [line for line in err.splitlines() if line.startswith("companion: buttons.")]
    assert len(lines) == 1 and "Traceback" not in err, err
    line = lines[0]
    assert line.startswith("companion: buttons.up: GPIO17 cannot be opened")
    assert "lgpio: No module named 'lgpio'" in line and "sudo apt install python3-lgpio" in line
    assert ("gpio group" in line) == (not gpio_access().gpio_group)  # only if it applies
    assert "PinFactoryFallback" not in err  # the reasons are in the line, not a warning each
    last = trace.read_text(encoding="utf-8").splitlines()[-1]
    assert "buttons.up on GPIO17 cannot be opened; companion doctor says why." in \
        last.replace(" | ", " "), last  # the box says it too, in words that fit


class BusyPin(MockPin):
    """A pin as lgpio reports one a kernel driver holds (1-Wire on GPIO4)."""

    def __init__(self, factory: Any, info: Any) -> None:
        if info.name == "GPIO4":
            raise RuntimeError("'GPIO busy'")  # lgpio.error's text
        super().__init__(factory, info)


class NoPermissionPin(MockPin):
    def __init__(self, factory: Any, info: Any) -> None:
        raise PermissionError(13, "Permission denied", "/dev/gpiochip0")


def test_a_pin_1_wire_holds_names_the_pin_and_the_fix() -> None:
    factory = MockFactory(pin_class=BusyPin)
    with pytest.raises(HardwareError) as caught:
        KeyPad({"up": 17, "back": 4}, lambda key: None, pin_factory=factory)
    text = str(caught.value)
    assert text.startswith("buttons.back: GPIO4 is in use by another program or a kernel")
    assert "dtoverlay=w1-gpio" in text and "\n" not in text
    DigitalInputDevice(17, pin_factory=factory).close()  # the pin opened first was let go
    factory.reset()


def test_a_pin_another_device_holds() -> None:
    factory = MockFactory()
    holder = DigitalInputDevice(5, pin_factory=factory)
    try:
        with pytest.raises(HardwareError, match=r"^buttons.roll: GPIO5 is in use"):
            KeyPad({"roll": 5}, lambda key: None, pin_factory=factory)
    finally:
        holder.close()
        factory.reset()


def test_no_permission_says_the_gpio_group() -> None:
    factory = MockFactory(pin_class=NoPermissionPin)
    with pytest.raises(HardwareError, match=r"^buttons.up: no permission for GPIO17: add the "
                                            r"user to the gpio group \(sudo adduser "):
        KeyPad({"up": 17}, lambda key: None, pin_factory=factory)
    factory.reset()
