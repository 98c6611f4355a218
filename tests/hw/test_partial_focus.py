"""Guards "the page under the cursor first": a list's cursor row reaches the panel first,
and the panel's RAM (decoded from the bus stream) still equals every frame."""

from __future__ import annotations

import pytest
from luma.oled.device import sh1106, ssd1306
from PIL import Image

from benchmarks.bus import Tee
from companion.hw.fakebus import RecordingSerial, SH1106Ram, SSD1306Ram
from companion.hw.partial import PartialDisplay
from companion.testing import Rig

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


def first_pages(chip: str, ops: list[tuple[str, bytes]]) -> range:
    """The pages the first data written after a frame began goes to."""
    cmd = next(b for kind, b in ops if kind == "cmd")
    return range(cmd[4], cmd[5] + 1) if chip == "ssd1306" else range(cmd[0] & 0x0F,
                                                                     (cmd[0] & 0x0F) + 1)


@pytest.fixture()
def panels():
    chips = {"ssd1306": (ssd1306, SSD1306Ram), "sh1106": (sh1106, SH1106Ram)}
    buses, rams, devices = {}, {}, {}
    for name, (driver, ram) in chips.items():
        buses[name] = RecordingSerial()
        oled = driver(buses[name])
        oled.persist = True
        devices[name] = PartialDisplay(oled)
        rams[name] = ram()
    return buses, rams, Tee(devices)


def test_the_cursor_row_goes_first_and_the_ram_is_every_frame(panels) -> None:
    buses, rams, tee = panels
    firsts: list[tuple[str, range, range]] = []
    seen: list[Image.Image] = []

    def frame_done() -> None:
        focus = tee.image.info.get("focus")
        pages = range(focus[0] // 8, focus[1] // 8 + 1) if focus else range(8)
        for name, bus in buses.items():
            if seen and any(kind == "data" for kind, _ in bus.ops):  # not luma's init
                firsts.append((name, first_pages(name, bus.ops), pages))
            rams[name].feed(bus.ops)
            bus.reset()
            assert rams[name].image().tobytes() == tee.image.convert("1").tobytes()
        seen.append(tee.image)

    tee.after = frame_done
    rig = Rig(seed=3, display=tee)
    try:
        rig.keys("ok")                                  # the game picker
        rig.keys("down", "down", "down")                # cursor from row 0 to row 3
        assert rig.app.painter.focus is not None and rig.app.painter.focus[0] > 40
        rig.keys(*["down"] * 5, *["up"] * 6)            # scrolling both ways
    finally:
        rig.close()
    assert len(firsts) >= 2 * 14
    wrong = [(name, list(got), list(pages)) for name, got, pages in firsts
             if not set(got) & set(pages)]
    assert not wrong


def test_the_focus_orders_pages_without_changing_bytes() -> None:
    """The same frame with and without a focus: the same bytes, another order."""
    frames = [Image.new("1", (128, 64), 0), Image.new("1", (128, 64), 0)]
    for y in (18, 54):
        frames[1].paste(1, (10, y, 60, y + 4))
    sent = {}
    for focus in (None, (52, 63)):
        for chip, driver in (("ssd1306", ssd1306), ("sh1106", sh1106)):
            bus = RecordingSerial()
            oled = driver(bus)
            oled.persist = True
            device = PartialDisplay(oled)
            device.display(frames[0])
            bus.reset()
            frame = frames[1].copy()
            if focus:
                frame.info["focus"] = focus
            device.display(frame)
            sent[chip, focus] = (bus.bus_bytes, first_pages(chip, bus.ops)[0])
    for chip in ("ssd1306", "sh1106"):
        assert sent[chip, None][0] == sent[chip, (52, 63)][0]
        assert sent[chip, None][1] == 2 and sent[chip, (52, 63)][1] in (6, 7)
