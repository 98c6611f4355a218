"""Guards ``companion doctor`` in Japanese on a (fake) Pi: every check's name is Japanese,
the buttons' lines included — they said "button up", "button ok" … in English."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config.file import from_mapping
from companion.core import i18n
from companion.owner.doctor.checks import main


@pytest.fixture
def japanese():
    i18n.use("ja")
    yield
    i18n.use("en")


def test_every_check_name_is_japanese(tmp_path: Path, japanese) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "i2c-1").touch()
    config = from_mapping({"preset": "adafruit-oled-bonnet",
                           "state": {"dir": str(tmp_path / "state")}})
    factory = MockFactory()
    out: list[str] = []
    try:
        main(config, out.append, dev=dev, model=model, groups=lambda: {"gpio", "i2c"},
             user=lambda: "pi", is_root=lambda: False, pin_factory=factory,
             probe=lambda path, address: None, bus_speed=lambda config: iter(()))
    finally:
        factory.reset()
    checks = [line for line in out if line[:5].strip() in ("ok", "FAIL", "skip", "info")]
    buttons = [line for line in checks if "GPIO" in line and "high" in line]
    assert len(buttons) == len(config.buttons), out
    assert all(line[6:].startswith("ボタン ") for line in buttons), buttons
    names = [line[6:].split(":")[0] for line in checks]
    english = [n for n in names if n.isascii() and not n.startswith("library")]
    assert english == [], english
