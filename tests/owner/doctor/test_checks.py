"""Guards ``companion doctor``: every failure it can find comes with a fix, on fakes.

The board, /dev, the user's groups, the I²C probe and the pins are all injected: a
temporary directory stands in for /dev, gpiozero's MockFactory for the pins.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from companion.config.file import from_mapping
from companion.owner.doctor.checks import Doctor, main

BONNET = from_mapping({"preset": "adafruit-oled-bonnet", "state": {"dir": "/tmp"}})
LAPTOP = from_mapping({"state": {"dir": "/tmp"}})


@pytest.fixture
def pi(tmp_path: Path):
    """A fake Pi: a model file, an empty /dev, mock pins."""
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    factory = MockFactory()
    yield model, dev, factory
    factory.reset()


def doctor(config, pi, *, groups=("gpio", "i2c"), probe=None, root=False) -> Doctor:
    model, dev, factory = pi

    def answers(path: Path, address: int) -> None:
        return None

    return Doctor(config, dev=dev, model=model, groups=lambda: set(groups),
                  user=lambda: "pi", is_root=lambda: root, pin_factory=factory,
                  probe=probe or answers)


def by_name(checks) -> dict:
    return {c.name: c for c in checks}


def test_a_healthy_box(pi) -> None:
    (pi[1] / "i2c-1").touch()
    out: list[str] = []
    code = main(BONNET, out.append, **vars_of(doctor(BONNET, pi)))
    assert code == 0, out
    checks = by_name(doctor(BONNET, pi).run())
    assert checks["board"].detail.startswith("Raspberry Pi 4")
    assert checks["display"].status == "ok"
    assert {n for n in checks if n.startswith("button ")} == \
        {f"button {k}" for k in BONNET.buttons}
    assert all(checks[f"button {k}"].detail.endswith("reads high (released)")
               for k in BONNET.buttons)


def vars_of(d: Doctor) -> dict:
    p = d.probes
    return {"dev": p.dev, "model": p.model, "groups": p.groups, "user": p.user,
            "is_root": p.is_root, "pin_factory": p.pin_factory, "probe": p.probe}


def test_missing_group_says_how_to_join(pi) -> None:
    (pi[1] / "i2c-1").touch()
    check = by_name(doctor(BONNET, pi, groups=("pi",)).run())["groups"]
    assert check.status == "fail" and "gpio, i2c" in check.detail
    assert check.fix.startswith("sudo usermod -aG gpio,i2c pi")


def test_missing_bus_says_how_to_turn_it_on(pi) -> None:
    checks = by_name(doctor(BONNET, pi).run())
    assert checks["bus"].status == "fail" and "i2c-1 does not exist" in checks["bus"].detail
    assert "raspi-config nonint do_i2c 0" in checks["bus"].fix
    assert "display" not in checks  # no probe without a bus


def test_silent_display_suggests_the_other_address(pi) -> None:
    (pi[1] / "i2c-1").touch()

    def silent(path: Path, address: int) -> None:
        raise OSError(121, "Remote I/O error")

    check = by_name(doctor(BONNET, pi, probe=silent).run())["display"]
    assert check.status == "fail" and "0x3c" in check.detail and "Remote I/O" in check.detail
    assert "i2cdetect -y 1" in check.fix and "display.address = 0x3d" in check.fix


class ShortedToGround(MockPin):
    """A pin wired to GND: the pull-up cannot raise it."""

    def drive_high(self) -> None:
        self.drive_low()


def test_stuck_button_is_named_with_its_pin(pi) -> None:
    (pi[1] / "i2c-1").touch()
    pi[2].pin(BONNET.buttons["back"], pin_class=ShortedToGround)
    check = by_name(doctor(BONNET, pi).run())["button back"]
    assert check.status == "fail" and "GPIO6 reads low" in check.detail
    assert "buttons.back" in check.fix


def test_pin_in_use_is_a_finding_not_a_crash(pi) -> None:
    from gpiozero import Button

    (pi[1] / "i2c-1").touch()
    held = Button(BONNET.buttons["ok"], pin_factory=pi[2])
    try:
        check = by_name(doctor(BONNET, pi).run())["button ok"]
    finally:
        held.close()
    assert check.status == "fail" and "systemctl stop companion" in check.fix


def test_spi_board_checks_spidev_and_cannot_probe(pi) -> None:
    config = from_mapping({"preset": "waveshare-oled-hat-1in3", "state": {"dir": "/tmp"}})
    (pi[1] / "spidev0.0").touch()
    checks = by_name(doctor(config, pi, groups=("gpio", "spi")).run())
    assert checks["groups"].status == "ok" and checks["bus"].status == "ok"
    assert checks["display"].status == "info" and "DC=GPIO24" in checks["display"].detail


def test_laptop_says_what_it_cannot_check_and_exits_zero(tmp_path: Path) -> None:
    out: list[str] = []
    assert main(BONNET, out.append, model=tmp_path / "none") == 0
    assert any("not a Raspberry Pi" in line for line in out)
    out.clear()
    assert main(LAPTOP, out.append, model=tmp_path / "none") == 0
    assert any("keyboard" in line or "laptop" in line for line in out)


def test_a_state_dir_under_proc_gets_a_real_fix_not_chown(tmp_path: Path, pi) -> None:
    config = from_mapping({"state": {"dir": "/proc/companion"}})
    out: list[str] = []
    assert main(config, out.append, model=tmp_path / "none") == 1
    assert any(line.startswith("FAIL  state") for line in out)
    assert not any("chown" in line for line in out)
    assert any("kernel's proc file system" in line and "set state.dir" in line for line in out)


def test_state_dir_fixes_name_what_is_wrong(tmp_path: Path) -> None:
    from companion.owner.doctor.storage import state_fix as _state_fix

    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    assert "is a file, not a folder" in _state_fix(a_file / "companion", a_file)
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/root / ext4 rw 0 0\n/dev/sda1 {tmp_path} vfat ro,noatime 0 0\n")
    assert "read-only file system" in _state_fix(tmp_path / "c", tmp_path, str(mounts))
    mounts.write_text("/dev/root / ext4 rw 0 0\n")
    assert _state_fix(tmp_path / "c", tmp_path, str(mounts)) is None  # then chown it is
