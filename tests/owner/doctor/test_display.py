"""Guards how ``companion doctor`` asks the I²C display whether it is there.

The SSD1306 is write-only on I²C (its datasheet: "no data read is provided in serial mode
operation"), so the doctor must ask as ``i2cdetect`` does at 0x3C/0x3D — a quick write —
and never by reading a byte: a working display that leaves reads unanswered would be
reported as "nothing answers", with a fix telling the maker to rewire a good box.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import smbus2
from gpiozero.pins.mock import MockFactory

from companion.config.file import from_mapping
from companion.owner.doctor.checks import Doctor, main

BONNET = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": "/tmp"}})


class WriteOnlyDisplay:
    """smbus2.SMBus on a bus where an SSD1306 sits at 0x3C: it acknowledges writes to its
    address and nothing else (no reads, no other address)."""

    calls: list[tuple[str, str, int]] = []

    def __init__(self, bus: str) -> None:
        self.bus = bus

    def __enter__(self) -> WriteOnlyDisplay:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def _nack(self) -> OSError:
        return OSError(121, "Remote I/O error")

    def write_quick(self, address: int, force: bool | None = None) -> None:
        self.calls.append(("write_quick", self.bus, address))
        if address != 0x3C:
            raise self._nack()

    def read_byte(self, address: int, force: bool | None = None) -> int:
        self.calls.append(("read_byte", self.bus, address))
        raise self._nack()


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A fake Pi 4 with /dev/i2c-1 and a write-only SSD1306 behind smbus2."""
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "i2c-1").touch()
    WriteOnlyDisplay.calls = []
    monkeypatch.setattr(smbus2, "SMBus", WriteOnlyDisplay)
    factory = MockFactory()
    yield {"dev": dev, "model": model, "groups": lambda: {"gpio", "i2c"},
           "user": lambda: "pi", "is_root": lambda: False, "pin_factory": factory,
           "bus_speed": lambda config: iter(())}
    factory.reset()


def test_a_write_only_ssd1306_is_found(box) -> None:
    out: list[str] = []
    assert main(BONNET, out.append, **box) == 0, out
    line = next(line for line in out if line.startswith("ok    display:"))
    assert "0x3c" in line and 'display.driver = "sh1106"' in line  # the chip is not known
    assert WriteOnlyDisplay.calls == [("write_quick", str(box["dev"] / "i2c-1"), 0x3C)]


def test_the_wrong_address_still_fails_with_the_other_one_named(box) -> None:
    config = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": "/tmp"},
                           "display": {"address": 0x3D}})
    checks = {c.name: c for c in Doctor(config, **box).run()}
    assert checks["display"].status == "fail"
    assert "nothing answers at 0x3d" in checks["display"].detail
    assert "display.address = 0x3c" in checks["display"].fix
