"""Guards ``install-service --i2c-speed`` on a config.txt whose only clock line is in a
conditional section ([pi0], [pi4] …): the board the card is in may not match it, so a line
for every model is added too (it used to change that line alone and report success while
this board stayed at 100 kHz). A second run changes nothing."""

from __future__ import annotations

from pathlib import Path

from companion.owner import bootconfig

TEXT = """dtparam=audio=on
dtparam=i2c_arm=on
[pi0]
dtparam=i2c_arm_baudrate=50000
[cm5]
dtoverlay=dwc2,dr_mode=host
"""


def test_a_clock_set_for_one_model_only_gets_a_line_for_every_model(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(TEXT)
    change, note = bootconfig.plan(400_000, (config,), stamp="t")
    assert change is not None
    assert change.text == TEXT.replace("50000", "400000") + (
        "[all]\ndtparam=i2c_arm_baudrate=400000\n")
    assert "line 4" in change.change and "added at the end" in change.change
    config.write_text(change.text)
    again, note = bootconfig.plan(400_000, (config,), stamp="t")
    assert again is None and "already sets" in note


def test_a_clock_under_all_is_enough(tmp_path: Path) -> None:
    text = "[pi4]\narm_boost=1\n[all]\ndtparam=i2c_arm=on,i2c_arm_baudrate=100000\n"
    new, change = bootconfig.with_baudrate(text, 400_000)
    assert new == text.replace("100000", "400000")
    assert change == ("line 4: dtparam=i2c_arm=on,i2c_arm_baudrate=100000 → "
                      "dtparam=i2c_arm=on,i2c_arm_baudrate=400000")
