"""Guards the SPI display (the Waveshare HAT) when a library luma needs is missing.

luma drives SPI through ``spidev`` and the DC/RST lines through the RPi.GPIO API
(``rpi-lgpio``); a venv without either made ``companion run`` die with a
ModuleNotFoundError traceback — under systemd, a restart loop. Now the box starts, the
journal gets one line naming the module, and the game goes on while it retries.
"""

from __future__ import annotations

import sys
import types

import pytest

from companion.config.file import from_mapping
from companion.hw.display import open_display
from companion.hw.guarded import open_guarded
from companion.owner import cli

HAT = from_mapping({"preset": "waveshare-oled-hat-1in3"})


def fake_rpi_gpio() -> types.ModuleType:
    """Enough of RPi.GPIO for luma's bitbang set-up of DC and RST."""
    gpio = types.ModuleType("RPi.GPIO")
    gpio.BCM, gpio.OUT, gpio.LOW, gpio.HIGH = 11, 0, 0, 1
    for name in ("setmode", "setwarnings", "setup", "output", "cleanup"):
        setattr(gpio, name, lambda *a, **k: None)
    return gpio


@pytest.mark.parametrize("missing, module", [("RPi", "RPi.GPIO"), ("spidev", "spidev")])
def test_a_missing_module_is_one_line_not_a_traceback(monkeypatch, missing, module) -> None:
    if missing == "spidev":
        rpi = types.ModuleType("RPi")
        rpi.GPIO = fake_rpi_gpio()
        monkeypatch.setitem(sys.modules, "RPi", rpi)
        monkeypatch.setitem(sys.modules, "RPi.GPIO", rpi.GPIO)
    monkeypatch.setitem(sys.modules, missing, None)  # import fails as when not installed
    lines: list[str] = []
    guard = open_guarded(lambda: open_display(HAT), log=lines.append,
                         schedule=lambda delay, fn: None)
    assert guard.device is None and not guard.healthy
    assert len(lines) == 1, lines
    assert f"the Python module {module} is missing" in lines[0]
    assert "SPI 0.0" in lines[0] and "companion doctor" in lines[0]


def test_companion_run_says_so_and_does_not_crash(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setitem(sys.modules, "RPi", None)
    config = tmp_path / "config.toml"
    config.write_text('preset = "waveshare-oled-hat-1in3"\n')
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")  # the buttons open; q ends the run
    from companion.app import runtime

    def stop_at_once(app) -> None:
        from companion.core.keys import QUIT

        app.keys.put(QUIT)
        run(app)

    run = runtime.App.run
    monkeypatch.setattr(runtime.App, "run", stop_at_once)
    code = cli.main(["--config", str(config), "run", "--db", str(tmp_path / "log.db")])
    err = capsys.readouterr().err
    assert code == 0, err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and "the Python module RPi.GPIO is missing" in err
