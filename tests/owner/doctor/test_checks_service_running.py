"""Guards ``companion doctor`` run while companion.service is running (the maker forgot to
stop it): the doctor says so once and leaves the display and the buttons to the service.

It went on to open every button pin (seven "GPIO busy" failures) and to write whole
frames to the panel — which the service, sending only what changes, never repaints: the
box's screen stayed blank until a whole new screen came.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config.file import from_mapping
from companion.owner.doctor.checks import Doctor

BONNET = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": "/tmp"}})


@pytest.fixture
def pi(tmp_path: Path):
    """A fake Pi whose /dev/i2c-1 is a character device (so frames would be timed)."""
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    try:
        os.mknod(dev / "i2c-1", stat.S_IFCHR | 0o600, os.makedev(1, 3))  # like /dev/null
    except PermissionError:
        pytest.skip("making a device node needs root")
    factory = MockFactory()
    yield {"dev": dev, "model": model, "groups": lambda: {"gpio", "i2c"},
           "user": lambda: "pi", "is_root": lambda: False, "pin_factory": factory,
           "probe": lambda path, address: None}
    factory.reset()


def names(checks) -> list[str]:
    return [c.name for c in checks]


def test_with_the_service_running_no_frames_and_no_pins(pi, monkeypatch) -> None:
    from companion.hw import busclock

    opened: list[int] = []
    monkeypatch.setattr(busclock, "open_i2c", lambda port, address: opened.append(port))
    checks = Doctor(BONNET, service_running=lambda: True, **pi).run()
    found = {c.name: c for c in checks}
    assert found["service"].status == "info"
    assert "sudo systemctl stop companion" in found["service"].detail
    assert found["display"].status == "ok"  # asking the address disturbs nothing
    assert "frame rate" not in found and opened == []
    assert not any(n.startswith("button") for n in names(checks))


def test_with_the_service_stopped_everything_is_checked(pi, monkeypatch) -> None:
    from companion.hw import busclock

    opened: list[int] = []

    def fake_open(port: int, address: int) -> None:
        opened.append(port)
        raise OSError(121, "Remote I/O error")

    monkeypatch.setattr(busclock, "open_i2c", fake_open)
    checks = Doctor(BONNET, service_running=lambda: False, **pi).run()
    assert "service" not in names(checks)
    assert "frame rate" in names(checks) and opened == [1]
    assert sum(n.startswith("button") for n in names(checks)) == len(BONNET.buttons)
