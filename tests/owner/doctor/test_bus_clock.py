"""Guards the doctor's advice for a slow I²C bus: a command the maker can paste.

It said ``sudo companion install-service --i2c-speed 400000``; but the companion lives in
a venv (/opt/companion/venv/bin) that sudo's PATH does not hold ("sudo: companion: command
not found"), and install-service reads the unit file from the clone, so it must run there.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.config.file import from_mapping
from companion.owner.doctor.bus_clock import bus_speed_checks

BONNET = from_mapping({"preset": "adafruit-oled-bonnet"})


def test_the_fix_names_this_companion_by_its_full_path() -> None:
    clock, _rate = bus_speed_checks(BONNET, read=lambda port: (100_000, Path("dt")),
                                    timer=lambda: 0.095)
    assert clock.status == "info"
    exe = Path(sys.executable).parent / "companion"
    assert exe.is_file()  # the test venv's console script
    assert f"sudo {exe} install-service --i2c-speed 400000" in clock.fix
    assert "clone" in clock.fix and "reboot" in clock.fix
