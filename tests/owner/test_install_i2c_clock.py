"""Guards the box's bus at 400 kHz by default (issue 37): ``install-service`` with a preset
on I²C writes ``dtparam=i2c_arm_baudrate=400000`` for every model into config.txt after a
backup and names the reboot in its last line; ``--i2c-speed 100000`` keeps the Pi's
default; a preset on SPI leaves config.txt alone; and ``doctor`` reads the clock in force
from the device tree and says what to run when it is 100 kHz.

Everything runs against a folder standing in for ``/``: a boot partition, a device tree.
"""

from __future__ import annotations

import argparse
import struct
from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.owner import install
from companion.owner.doctor.checks import Doctor
from companion.owner.install import Places

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

# Raspberry Pi OS trixie's config.txt (shortened): I²C turned on under [all] by raspi-config
CONFIG_TXT = """\
# For more options and information see
# http://rptl.io/configtxt
dtparam=audio=on
camera_auto_detect=1

[cm4]
otg_mode=1

[all]
dtparam=i2c_arm=on
"""


def args(*extra: str) -> argparse.Namespace:
    from companion.owner.cli import _parser

    return _parser().parse_args(["install-service", *extra])


def fake_root(tmp_path: Path) -> Places:
    """/boot/firmware/config.txt, and a clone to install from (no venv made: the runner
    only records)."""
    root = tmp_path / "root"
    boot = root / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text(CONFIG_TXT)
    (root / "run" / "systemd" / "system").mkdir(parents=True)  # systemd runs this box
    return Places(root)


def run(places: Places, *extra: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    monkeypatch.setattr("os.geteuid", lambda: 0)
    ran: list[list[str]] = []
    said: list[str] = []

    def runner(cmd: list[str], check: bool) -> None:
        ran.append(cmd)
        if cmd[0] == "cp":  # the backup is a real copy
            Path(cmd[2]).write_bytes(Path(cmd[1]).read_bytes())

    assert install.main(args(*extra), places=places, runner=runner, out=said.append,
                        group_exists=lambda g: True, user_exists=lambda u: True) == 0
    return ran, said


def boot_files(places: Places) -> dict[str, str]:
    folder = places.at("/boot/firmware")
    return {p.name: p.read_text() for p in sorted(folder.iterdir())}


def test_an_i2c_preset_sets_400_khz_for_every_model_after_a_backup(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    ran, said = run(places, "--preset", "breadboard", monkeypatch=monkeypatch)
    files = boot_files(places)
    backup = next(name for name in files if name.startswith("config.txt.companion-"))
    assert files[backup] == CONFIG_TXT  # the file as it was
    assert files["config.txt"] == CONFIG_TXT + "dtparam=i2c_arm_baudrate=400000\n"
    assert said[-1].startswith("The I²C clock changes at the next boot: sudo reboot.")
    assert f"sudo cp {places.at('/boot/firmware') / backup}" in said[-1]
    # written before the service restarts, so a reboot is all that is left
    cp = next(i for i, cmd in enumerate(ran) if cmd[0] == "cp")
    assert cp < ran.index(["systemctl", "restart", "companion.service",
                                 "companion-web.service"])


def test_a_second_install_changes_nothing_and_100_khz_keeps_the_pis_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    _, said = run(places, "--i2c-speed", "100000", monkeypatch=monkeypatch)
    assert boot_files(places) == {"config.txt": CONFIG_TXT}
    assert "stays at the Pi's default, 100 kHz" in said[-1]
    run(places, monkeypatch=monkeypatch)
    first = boot_files(places)
    _, said = run(places, monkeypatch=monkeypatch)
    assert boot_files(places) == first and "already sets the I²C clock" in said[-1]
    _, said = run(places, "--i2c-speed", "100000", monkeypatch=monkeypatch)  # back to slow
    assert "dtparam=i2c_arm_baudrate=100000" in boot_files(places)["config.txt"]


def test_an_spi_preset_leaves_config_txt_alone(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    ran, said = run(places, "--preset", "waveshare-oled-hat-1in3", monkeypatch=monkeypatch)
    assert boot_files(places) == {"config.txt": CONFIG_TXT}
    assert not any(cmd[0] == "cp" for cmd in ran)
    assert said[-1].startswith("Done.")


def test_the_dry_run_shows_the_step_and_writes_nothing(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    places = fake_root(tmp_path)
    ran, said = run(places, "--dry-run", monkeypatch=monkeypatch)
    text = "\n".join(said)
    assert "set the I²C clock to 400 kHz" in text and "dtparam=i2c_arm_baudrate=400000" in text
    assert "Dry run: nothing was changed." in text and "sudo reboot" in said[-1]
    assert ran == [] and boot_files(places) == {"config.txt": CONFIG_TXT}


def test_not_a_pi_says_why_the_clock_is_left(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _, said = run(Places(tmp_path), "--dry-run", monkeypatch=monkeypatch)
    assert said[-1].startswith("The I²C clock is left as it is: no config.txt at")


def device_tree(tmp_path: Path, hz: int) -> tuple[Path, Path]:
    """/proc/device-tree with I²C bus 1 at ``hz``, and /dev with its device."""
    tree = tmp_path / "device-tree"
    node = tree / "soc" / "i2c@7e804000"
    node.mkdir(parents=True)
    (node / "clock-frequency").write_bytes(struct.pack(">I", hz))
    (tree / "model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    (tree / "aliases").mkdir()
    (tree / "aliases" / "i2c1").write_bytes(b"/soc/i2c@7e804000\x00")
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "i2c-1").touch()
    return tree, dev


@pytest.mark.parametrize("hz", [100_000, 400_000])
def test_doctor_reports_the_clock_in_force_and_what_to_run_at_100_khz(
        tmp_path: Path, hz: int) -> None:
    tree, dev = device_tree(tmp_path, hz)
    from gpiozero.pins.mock import MockFactory

    def silent(path: Path, address: int) -> None:  # the clock is said all the same
        raise OSError(121, "Remote I/O error")

    factory = MockFactory()
    config = from_mapping({"preset": "breadboard", "state": {"dir": str(tmp_path)}})
    try:
        checks = Doctor(config, dev=dev, model=tree / "model", groups=lambda: {"gpio", "i2c"},
                        user=lambda: "pi", is_root=lambda: False, pin_factory=factory,
                        probe=silent, service_running=lambda: False).run()
    finally:
        factory.reset()
    clock = next(c for c in checks if c.name == "bus clock")
    assert f"runs at {hz // 1000} kHz" in clock.detail
    assert "frame rate" not in [c.name for c in checks]  # no frames to a silent display
    if hz == 100_000:
        assert clock.status == "info"
        assert "install-service --i2c-speed 400000, then reboot" in clock.fix
    else:
        assert clock.status == "ok" and not clock.fix
