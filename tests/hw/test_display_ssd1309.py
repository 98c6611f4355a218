"""Guards the 2.42" SSD1309 panel (issue 37): a ``display.driver``, its breadboard preset,
the panel opened through luma's ``ssd1309`` and sent only what changes, the wiring
picture's seven pins, and the doctor's line for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from companion.config.file import from_mapping, load_text
from companion.hw import busclock
from companion.hw.display import open_display
from companion.hw.fakebus import RecordingSerial
from companion.owner.doctor.display import display_check
from companion.owner.wiring import connections, svg

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

PANEL = from_mapping({"preset": "breadboard-ssd1309"})


def test_the_preset_and_a_file_name_the_ssd1309() -> None:
    assert PANEL.display["driver"] == "ssd1309" and PANEL.display["bus"] == "i2c"
    assert PANEL.display["address"] == 0x3C and PANEL.buttons["ok"] == 24
    spi = load_text('preset = "breadboard-ssd1309"\n[display]\nbus = "spi"\n'
                    '[buttons]\nup = 17\ndown = 27\nleft = 22\nright = 23\nok = 5\nback = 6')
    assert spi.display["driver"] == "ssd1309" and spi.display["gpio_dc"] == 24


def test_the_panel_is_driven_by_lumas_ssd1309_and_gets_only_what_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory
    from luma.oled.device import ssd1309

    # the preset pulses the panel's RES line (GPIO5) at start: mock pins, whatever ran
    # before in this process (alone, or on a worker of its own, there were none)
    monkeypatch.setattr(Device, "pin_factory", MockFactory())
    bus = RecordingSerial()
    opened: list[tuple[int, int]] = []

    def i2c(port: int, address: int) -> RecordingSerial:
        opened.append((port, address))
        return bus

    monkeypatch.setattr("luma.core.interface.serial.i2c", i2c)
    screen = open_display(PANEL)
    assert opened == [(1, 0x3C)] and type(screen.oled) is ssd1309
    frame = Image.new("1", (128, 64))
    screen.display(frame)
    bus.reset()
    ImageDraw.Draw(frame).rectangle((0, 0, 7, 7), fill=1)  # one 8×8 corner
    screen.display(frame)
    assert 0 < bus.data_bytes <= 16, bus.data_bytes  # not the whole 1,024


def test_a_whole_frame_costs_what_an_ssd1306_frame_costs_on_the_wire() -> None:
    assert busclock.modelled_frame_seconds("ssd1309", 400_000) == pytest.approx(
        busclock.modelled_frame_seconds("ssd1306", 400_000))


def test_the_wiring_picture_shows_all_seven_pins() -> None:
    used = connections(PANEL)
    assert {used[1], used[3], used[5], used[9]} == {
        "SSD1309 VCC", "SSD1309 SDA", "SSD1309 SCL", "SSD1309 GND"}
    # RES on GPIO5 (pin 29), pulsed at start (issue 42), no longer held at 3V3
    assert used[29] == "SSD1309 RES (pulsed at start)" and used[6] == "SSD1309 CS, DC (0x3c)"
    assert 17 not in used
    picture = svg("breadboard-ssd1309")
    assert "SSD1309 RES (pulsed at start)" in picture
    drawn = Path(__file__).resolve().parents[2] / "hardware" / "breadboard-ssd1309.svg"
    assert drawn.read_text(encoding="utf-8") == picture  # make wiring was run


def test_the_doctor_names_the_chip_and_its_look_alike(tmp_path: Path) -> None:
    (tmp_path / "i2c-1").touch()
    line = display_check(PANEL, tmp_path, probe=lambda path, address: None)
    assert line.status == "ok" and "driven as ssd1309" in line.detail
    assert 'display.driver = "ssd1306"' in line.detail
