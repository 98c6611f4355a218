"""Guards the shortened window commands of the partial OLED updates.

A window on the pages of the one before (SSD1306) sends only its columns, and an SH1106
run sends only the column nibbles that differ from where the pointer stands. The panel
RAM decoded from the bus must still equal the last frame after every frame, whatever
the frames, their focus rows and the order the windows go out in.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from companion.hw.fakebus import RecordingSerial, SH1106Ram, SSD1306Ram
from companion.hw.partial import PartialDisplay, merge_runs

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

CHIPS = {"ssd1306": (ssd1306, SSD1306Ram), "sh1106": (sh1106, SH1106Ram)}


def panel(chip: str) -> tuple[PartialDisplay, RecordingSerial, SSD1306Ram | SH1106Ram]:
    driver, ram_model = CHIPS[chip]
    bus = RecordingSerial()
    oled = driver(bus)
    oled.persist = True
    ram = ram_model()
    ram.feed(bus.ops)
    bus.reset()
    return PartialDisplay(oled), bus, ram


def blank_with(*boxes: tuple[int, int, int, int]) -> Image.Image:
    frame = Image.new("1", (128, 64))
    for box in boxes:
        ImageDraw.Draw(frame).rectangle(box, fill=1)
    return frame


# a frame: a few small boxes (several windows per page, pages apart) and maybe a focus
boxes = st.lists(st.tuples(st.integers(0, 127), st.integers(0, 63), st.integers(0, 30),
                           st.integers(0, 12)), max_size=8)
frames = st.tuples(boxes, st.none() | st.tuples(st.integers(0, 63), st.integers(0, 10)))


@pytest.mark.parametrize("chip", CHIPS)
@settings(max_examples=60, deadline=None)
@given(sequence=st.lists(frames, min_size=1, max_size=8),
       invalidate_at=st.none() | st.integers(0, 7))
def test_the_modelled_ram_always_equals_the_last_frame(chip, sequence, invalidate_at):
    device, bus, ram = panel(chip)
    for i, (drawn, focus) in enumerate(sequence):
        if i == invalidate_at:
            device.invalidate()
        frame = blank_with(*((x, y, min(x + w, 127), min(y + h, 63))
                             for x, y, w, h in drawn))
        if focus:
            frame.info["focus"] = (focus[0], min(focus[0] + focus[1], 63))
        device.display(frame)
        ram.feed(bus.ops)
        bus.reset()
        assert ram.image().tobytes() == frame.tobytes()


def test_a_second_window_on_the_same_page_sends_only_its_columns():
    device, bus, ram = panel("ssd1306")
    device.display(blank_with())
    bus.reset()
    frame = blank_with((5, 8, 6, 9), (100, 8, 101, 9))  # page 1, far apart
    device.display(frame)
    commands = [b for kind, b in bus.ops if kind == "cmd"]
    assert commands == [bytes([0x21, 5, 6, 0x22, 1, 1]), bytes([0x21, 100, 101])]


def test_sh1106_sends_only_the_column_nibbles_that_change():
    device, bus, ram = panel("sh1106")
    device.display(blank_with())
    bus.reset()
    # page 1: columns 20 and 28 (RAM 22 and 30: high nibble 1 for both), then 100 (RAM 102)
    device.display(blank_with((20, 8, 20, 9), (28, 8, 28, 9), (100, 8, 100, 9)))
    commands = [b for kind, b in bus.ops if kind == "cmd"]
    assert commands == [bytes([0xB1, 22 & 0x0F, 0x11]), bytes([30 & 0x0F]),
                        bytes([102 & 0x0F, 0x16])]


def test_runs_join_where_the_gap_is_cheaper_than_a_new_run():
    def split(left, right):
        return 5

    assert merge_runs([(0, 1), (7, 8), (20, 20)], split) == [(0, 8), (20, 20)]
    assert merge_runs([], split) == []


def test_a_frame_starts_where_the_last_one_left_the_pointer():
    """Frame after frame in one place (a die rolling): no command; a taller window on
    the same columns: only its pages; the RAM is every frame."""
    device, bus, ram = panel("ssd1306")
    device.display(blank_with())
    ram.feed(bus.ops)
    sent = []
    for box in ((10, 16, 20, 20), (10, 16, 20, 22), (10, 16, 20, 30), (10, 16, 20, 18)):
        bus.reset()
        frame = blank_with(box)
        device.display(frame)
        sent.append([b for kind, b in bus.ops if kind == "cmd"])
        ram.feed(bus.ops)
        assert ram.image().tobytes() == frame.tobytes()
    assert sent[1] == []                            # rows 21-22: the same page 2 window
    assert sent[2] == [bytes([0x22, 2, 3])]         # rows 23-30 reach page 3
    assert sent[3] == []                            # pages 2 and 3 again: no command
    device.invalidate()
    bus.reset()
    device.display(blank_with())
    assert bus.ops[0] == ("cmd", bytes([0x21, 0, 127, 0x22, 0, 7]))


def test_sh1106_carries_the_pointer_from_frame_to_frame():
    device, bus, ram = panel("sh1106")
    device.display(blank_with())
    ram.feed(bus.ops)
    sent = []
    for boxes in (((40, 8, 50, 9),), ((40, 8, 52, 9),), ((40, 8, 52, 9), (0, 16, 3, 17))):
        bus.reset()
        frame = blank_with(*boxes)
        device.display(frame)
        sent.append([b for kind, b in bus.ops if kind == "cmd"])
        ram.feed(bus.ops)
        assert ram.image().tobytes() == frame.tobytes()
    # the new columns 51-52 (RAM 53-54) start where the frame before stopped: RAM 53
    assert sent[1] == []
    assert sent[2] == [bytes([0xB2, 2, 0x10])]  # another page: page and both nibbles
