"""Guards config.txt with I²C off (issue 42): ``#dtparam=i2c_arm=on`` as Raspberry Pi OS
ships it, or ``dtparam=i2c_arm=off``, used to get only the 400 kHz line and a reboot, after
which ``doctor`` failed on the missing bus. install-service now turns I²C on (the line
uncommented, ``=off`` made ``=on``, or one added) and says so; and ``dtparam=i2c_baudrate=…``,
the documented alias of ``i2c_arm_baudrate``, is recognised, so an owner's later line with
it no longer wins over the one install-service writes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.owner import bootconfig
from companion.owner.install import clock_steps, execute

SHIPPED = """\
# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on
dtparam=audio=on

[cm4]
otg_mode=1

[all]
"""


def test_the_shipped_commented_line_is_turned_on_with_the_clock_after_it() -> None:
    new, change = bootconfig.with_i2c_on(SHIPPED)
    assert new == SHIPPED.replace("#dtparam=i2c_arm=on", "dtparam=i2c_arm=on")
    assert change == "line 2: #dtparam=i2c_arm=on → dtparam=i2c_arm=on"
    new, _ = bootconfig.with_baudrate(new, 400_000)
    lines = new.splitlines()
    assert lines[1:3] == ["dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000"]


@pytest.mark.parametrize(("line", "on"), [
    ("dtparam=i2c_arm=off", "dtparam=i2c_arm=on"),
    ("dtparam=audio=on,i2c_arm=off", "dtparam=audio=on,i2c_arm=on"),
    ("dtparam=i2c=off  # not now", "dtparam=i2c=on  # not now"),
])
def test_a_line_that_turns_it_off_is_turned_on(line: str, on: str) -> None:
    new, change = bootconfig.with_i2c_on(f"dtparam=i2c_arm=on\n{line}\n")
    assert new == f"dtparam=i2c_arm=on\n{on}\n" and change.startswith("line 2: ")


def test_on_already_or_off_only_for_another_model_is_left_or_added() -> None:
    for text in ("dtparam=i2c_arm=on\n", "dtparam=i2c_arm\n", "dtparam=i2c_arm=off\n"
                 "dtparam=i2c_arm=on\n"):
        assert bootconfig.with_i2c_on(text) == (text, None)
    new, change = bootconfig.with_i2c_on("[pi4]\ndtparam=i2c_arm=on\n")
    assert new == "[pi4]\ndtparam=i2c_arm=on\n[all]\ndtparam=i2c_arm=on\n"
    assert "added at the end" in change


def test_the_alias_i2c_baudrate_is_replaced_not_outvoted() -> None:
    text = "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\ndtparam=i2c_baudrate=100000\n"
    new, change = bootconfig.with_baudrate(text, 400_000)
    assert new == text.replace("i2c_baudrate=100000", "i2c_baudrate=400000")
    assert change == "line 3: dtparam=i2c_baudrate=100000 → dtparam=i2c_baudrate=400000"


def test_install_turns_it_on_and_the_note_says_so(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(SHIPPED)
    steps, note = clock_steps(400_000, (config,), stamp="1")
    assert "turn I²C on and set its clock to 400 kHz" in steps[1].what
    execute(steps, out=lambda line: None)
    active = [line for line in config.read_text().splitlines() if line.startswith("dtparam=i2c")]
    assert active == ["dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000"]
    assert note.startswith(f"I²C was off in {config}: it is turned on") and "sudo reboot" in note


def test_the_pis_own_speed_on_a_bus_that_is_off_still_turns_it_on(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text("dtparam=i2c_arm=off\n")
    steps, note = clock_steps(100_000, (config,), stamp="1")
    execute(steps, out=lambda line: None)
    assert config.read_text() == "dtparam=i2c_arm=on\n" and "turned on" in note
