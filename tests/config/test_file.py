"""Guards companion.config.file: presets, defaults, and one clear line for every bad value."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import file as config
from companion.core.errors import ConfigError


def test_built_in_default_is_the_laptop() -> None:
    c = config.load(None)
    assert c.display["driver"] == "emulator" and c.uses_keyboard
    assert set(c.buttons) >= {"up", "down", "left", "right", "ok", "back"}


@pytest.mark.parametrize("name", config.preset_names())
def test_every_preset_loads(name: str) -> None:
    c = config.from_mapping({"preset": name})
    assert c.display["driver"] in ("ssd1306", "sh1106", "ssd1309")
    assert len(set(c.buttons.values())) == len(c.buttons)


def test_preset_values_can_be_overridden() -> None:
    c = config.load_text('preset = "adafruit-oled-bonnet"\n[display]\naddress = 0x3D\n')
    assert c.display["address"] == 0x3D and c.buttons["ok"] == 4


def test_preset_pins_match_the_hardware_notes() -> None:
    bonnet = config.from_mapping({"preset": "adafruit-oled-bonnet"}).buttons
    assert (bonnet["up"], bonnet["down"], bonnet["left"], bonnet["right"], bonnet["ok"]) == \
        (17, 22, 27, 23, 4)
    hat = config.from_mapping({"preset": "waveshare-oled-hat-1in3"})
    assert (hat.buttons["up"], hat.buttons["down"], hat.buttons["left"],
            hat.buttons["right"], hat.buttons["ok"]) == (6, 19, 5, 26, 13)
    assert (hat.display["gpio_dc"], hat.display["gpio_rst"]) == (24, 25)


BTN = "down = 27\nok = 4\nback = 5"
BAD = [
    ('[display]\ndriver = "ssd1307"', "display.driver: must be one of"),
    ('[display]\nbus = "usb"', "display.bus: must be one of 'i2c', 'spi'"),
    ('[display]\naddress = 0x50', "display.address: must be one of 0x3C, 0x3D, not 0x50."),
    ('[display]\naddress = "0x3C"', "display.address: must be a whole number"),
    ('[display]\nrotate = 90', "display.rotate: must be one of 0, 2"),
    ('[display]\ncontrast = 300', "display.contrast: must be between 0 and 255"),
    ('[display]\ncontrast = -1', "display.contrast: must be between 0 and 255"),
    ('[display]\nport = true', "display.port: must be a whole number"),
    ('[display]\ncolour = "blue"', "display.colour: unknown key"),
    ('display = 3', "display: must be a table"),
    ('[screen]\ndriver = "x"', "screen: unknown section"),
    ('[input]\nbounce_ms = 5000', "input.bounce_ms: must be between 0 and 500"),
    ('[input]\nhold_ms = "long"', "input.hold_ms: must be a whole number"),
    ('[input]\npull_up = "yes"', "input.pull_up: must be true or false"),
    ('[buttons]\nup = 17\ndown = 17\nok = 4\nback = 5',
     "buttons.down: pin 17 is already used by buttons.up"),
    ('[buttons]\nup = 40\n' + BTN, "buttons.up: must be a BCM pin number 0-27"),
    ('[buttons]\nup = -1\n' + BTN, "buttons.up: must be a BCM pin number 0-27"),
    ('[buttons]\nup = "GPIO17"\n' + BTN, "buttons.up: must be a BCM pin number"),
    ('[buttons]\njump = 16\nup = 17\n' + BTN, "buttons.jump: unknown key"),
    ('[buttons]\nup = 17\ndown = 27\nok = 4', "buttons.back: missing"),
    ('buttons = [1, 2]', "buttons: must be a table"),
    ('[display]\ndriver = "ssd1306"\n[buttons]\nup = 2\ndown = 27\nok = 4\nback = 5',
     "buttons.up: pin 2 is taken by I²C SDA"),
    ('[display]\ndriver = "sh1106"\nbus = "spi"\n[buttons]\nup = 24\ndown = 27\nok = 4\nback = 5',
     "buttons.up: pin 24 is taken by the display's DC line"),
    ('preset = "pi-zero-thing"', "preset: must be one of adafruit-oled-bonnet"),
    ('[house_rules.chess]\nx = 1', "house_rules.chess: unknown game"),
    ('[house_rules.dice_roller]\nx = 1', "house_rules.dice_roller.x: unknown rule"),
    ('[state]\ndir = 5', "state.dir: must be a text in quotes"),
    ('[display\ndriver = "x"', "is not valid TOML"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_values_name_the_key_and_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        config.load_text(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_cli_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "config.toml"
    bad.write_text('[display]\ndriver = "ssd1307"\n')
    proc = subprocess.run([sys.executable, "-m", "companion", "--config", str(bad), "history"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "display.driver" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        config.load(tmp_path / "nope.toml")


def test_readme_documents_every_key_with_its_default() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip().strip("`"): line.split("|")[2].strip().strip("`")
            for line in readme.splitlines() if line.startswith("| `")}
    for section, options in config.SCHEMA.items():
        for key, option in options.items():
            name = f"{section}.{key}"
            assert name in rows, f"README's configuration table lacks {name}"
            default = option.default
            shown = (f"0x{default:X}" if key == "address" else
                     str(default).lower() if isinstance(default, bool) else
                     '""' if default == "" else str(default))
            assert rows[name] == shown, f"README says {name} = {rows[name]}, code says {shown}"
    allowed = {line.split("|")[1].strip(): line.split("|")[3] for line in readme.splitlines()
               if line.startswith("| `")}
    assert all(name in allowed["`preset`"] for name in config.preset_names())
    buttons = next(v for k, v in allowed.items() if k.startswith("`buttons."))
    assert " ".join(config.KEY_NAMES) in buttons
