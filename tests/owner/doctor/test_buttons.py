"""Guards the doctor's advice for a button pin that cannot be opened: the same finding as
``companion run`` (which tells the owner to ask the doctor), not a generic guess.

GPIO4 (the Bonnet's joystick press) is held by the kernel when 1-Wire is on; the doctor
said "stop the service first; on a Pi 5 install lgpio" — neither helps there.
"""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins.mock import MockFactory, MockPin

from companion.config.file import from_mapping
from companion.core.errors import HardwareError
from companion.hw.buttons import KeyPad
from companion.owner.doctor.checks import Doctor


class OneWireOnGPIO4(MockPin):
    """A mock pin that lgpio cannot claim on GPIO4, as when the w1-gpio overlay holds it."""

    def __init__(self, factory, info) -> None:  # noqa: ANN001
        if "GPIO4" in info.names:
            raise RuntimeError("'GPIO busy'")  # what lgpio.error says
        super().__init__(factory, info)


def test_a_pin_held_by_1_wire_gets_the_1_wire_fix(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "i2c-1").touch()
    config = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": str(tmp_path)}})
    factory = MockFactory(pin_class=OneWireOnGPIO4)
    try:
        checks = {c.name: c for c in Doctor(
            config, dev=tmp_path / "dev", model=model, groups=lambda: {"gpio", "i2c"},
            pin_factory=factory, probe=lambda path, address: None,
            bus_speed=lambda config: iter(())).run()}
        ok = checks["button ok"]
        assert ok.status == "fail" and "GPIO4" in ok.detail
        assert "dtoverlay=w1-gpio" in ok.fix and "systemctl stop companion" in ok.fix
        assert checks["button up"].status == "ok"
        try:  # and `companion run` names the same cause
            KeyPad(config.buttons, lambda key: None, pin_factory=factory).close()
        except HardwareError as err:
            assert "dtoverlay=w1-gpio" in err.translated(lambda s: s)
        else:
            raise AssertionError("GPIO4 opened")
    finally:
        factory.reset()
