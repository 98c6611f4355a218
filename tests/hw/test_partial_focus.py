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


def feed_first_pages(chip: str, ram: SSD1306Ram | SH1106Ram,
                     ops: list[tuple[str, bytes]]) -> range:
    """Feed ``ops`` to the RAM model; the pages the first data written goes to.

    The model knows where the frame before left the pointers, which a frame may use
    without a command."""
    for i, (kind, _) in enumerate(ops):
        if kind == "data":
            ram.feed(ops[:i])
            if isinstance(ram, SSD1306Ram):
                pages = range(ram.window[2], ram.window[3] + 1)
            else:
                pages = range(ram.page, ram.page + 1)
            ram.feed(ops[i:])
            return pages
    ram.feed(ops)
    return range(0)


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
            got = feed_first_pages(name, rams[name], bus.ops)
            if seen and got:  # not luma's init
                firsts.append((name, got, pages))
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
            ram = SSD1306Ram() if chip == "ssd1306" else SH1106Ram()
            device = PartialDisplay(oled)
            device.display(frames[0])
            ram.feed(bus.ops)
            bus.reset()
            frame = frames[1].copy()
            if focus:
                frame.info["focus"] = focus
            device.display(frame)
            sent[chip, focus] = (bus.bus_bytes, feed_first_pages(chip, ram, bus.ops)[0])
            assert ram.image().tobytes() == frame.tobytes()
    for chip in ("ssd1306", "sh1106"):
        assert sent[chip, None][0] == sent[chip, (52, 63)][0]
        assert sent[chip, None][1] == 2 and sent[chip, (52, 63)][1] in (6, 7)
