"""Guards the partial OLED updates: what goes over the bus rebuilds exactly the frame.

A recording serial interface keeps every command and data byte; a model of the panel's
RAM (SSD1306 windows, SH1106 pages with the 2-column offset) decodes them. The decoded
picture must equal what luma's own full-frame driver puts in the RAM for the same
frames, for random sequences of frames and edits, on both chips, at every rotation —
and the adapter must send less.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.render import canvas
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageChops, ImageDraw

from companion.hw import fakebus, partial
from companion.hw.fakebus import RecordingSerial, SH1106Ram, SSD1306Ram
from companion.hw.partial import PartialDisplay, changed_runs, pack_pages

# luma's own drivers (the oracle) still call a Pillow API deprecated for Pillow 14
pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

CHIPS = {"ssd1306": (ssd1306, SSD1306Ram), "sh1106": (sh1106, SH1106Ram)}


def pair(chip: str, rotate: int = 0):
    """(our adapter, its RAM model, luma's driver, its RAM model) on recording buses."""
    driver, ram = CHIPS[chip]
    ours_bus, luma_bus = RecordingSerial(), RecordingSerial()
    ours = PartialDisplay(driver(ours_bus, rotate=rotate))
    luma = driver(luma_bus, rotate=rotate)
    ours_ram, luma_ram = ram(), ram()
    ours_ram.feed(ours_bus.ops)
    luma_ram.feed(luma_bus.ops)
    ours_bus.reset()
    luma_bus.reset()
    return ours, ours_ram, luma, luma_ram


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def random_frame(rng: random.Random, size: tuple[int, int]) -> Image.Image:
    return Image.frombytes("1", size, rng.randbytes(size[0] * size[1] // 8))


edits = st.lists(
    st.tuples(st.integers(0, 127), st.integers(0, 127), st.integers(0, 40),
              st.integers(0, 40), st.sampled_from(["fill", "clear", "invert", "noise"])),
    min_size=1, max_size=12)


def apply(image: Image.Image, edit: tuple[int, int, int, int, str], rng: random.Random
          ) -> Image.Image:
    x, y, w, h, how = edit
    out = image.copy()
    box = (x % image.width, y % image.height, x % image.width + w, y % image.height + h)
    if how == "noise":
        region = random_frame(rng, (w + 8 - w % 8, h + 1))
        out.paste(region, box[:2])
    elif how == "invert":
        crop = out.crop(box)
        out.paste(crop.point(lambda v: 255 - v), box[:2])
    else:
        ImageDraw.Draw(out).rectangle(box, fill=1 if how == "fill" else 0)
    return out


@pytest.mark.parametrize("chip", CHIPS)
@settings(max_examples=40, deadline=None)
@given(rotate=st.integers(0, 3), seed=st.integers(0, 2**32), steps=st.lists(edits,
       min_size=1, max_size=6))
def test_decoded_ram_equals_lumas_for_random_sequences(chip, rotate, seed, steps):
    ours, ours_ram, luma, luma_ram = pair(chip, rotate)
    rng = random.Random(seed)
    frame = random_frame(rng, ours.size) if seed % 2 else Image.new("1", ours.size)
    for group in steps:
        for edit in group:
            frame = apply(frame, edit, rng)
            ours.display(frame)
            luma.display(frame)
            ours_ram.feed(ours.oled._serial_interface.ops)
            luma_ram.feed(luma._serial_interface.ops)
            ours.oled._serial_interface.reset()
            luma._serial_interface.reset()
            assert same(ours_ram.image(), luma_ram.image())


@pytest.mark.parametrize("chip", CHIPS)
def test_ram_model_shows_the_frame_luma_sent(chip):
    """The oracle itself: luma's full frame decodes back to the picture (no rotation)."""
    _, _, luma, luma_ram = pair(chip)
    frame = random_frame(random.Random(3), luma.size)
    luma.display(frame)
    luma_ram.feed(luma._serial_interface.ops)
    assert same(luma_ram.image(), frame)


@pytest.mark.parametrize("chip", CHIPS)
def test_rotated_frames_land_the_right_way_round(chip):
    ours, ours_ram, _, _ = pair(chip, rotate=2)
    frame = Image.new("1", ours.size)
    ImageDraw.Draw(frame).point((0, 0), fill=1)
    ours.display(frame)
    ours_ram.feed(ours.oled._serial_interface.ops)
    assert ours_ram.image().getbbox() == (127, 63, 128, 64)


@pytest.mark.parametrize("chip", CHIPS)
def test_a_small_change_sends_a_few_bytes_and_an_identical_frame_none(chip):
    ours, _, _, _ = pair(chip)
    bus = ours.oled._serial_interface
    with canvas(ours) as draw:
        draw.text((10, 10), "12", fill=1)
    assert bus.data_bytes == 1024  # the first frame goes out whole
    bus.reset()
    with canvas(ours) as draw:
        draw.text((10, 10), "13", fill=1)
    assert 0 < bus.data_bytes <= 2 * 6 and bus.command_bytes <= 2 * 6
    bus.reset()
    with canvas(ours) as draw:
        draw.text((10, 10), "13", fill=1)
    assert bus.ops == []


def test_ssd1306_changes_on_every_page_go_out_as_one_full_window():
    ours, ram, _, _ = pair("ssd1306")
    bus = ours.oled._serial_interface
    ours.display(Image.new("1", ours.size))
    assert bus.ops[0] == ("cmd", bytes([0x21, 0, 127, 0x22, 0, 7]))
    ram.feed(bus.ops)
    bus.reset()
    frame = random_frame(random.Random(1), ours.size)
    ours.display(frame)
    # the full window of the frame before left the pointer at its start: no command
    assert bus.transactions == 1 and bus.data_bytes == 1024
    ram.feed(bus.ops)
    assert same(ram.image(), frame)


def test_sh1106_addresses_columns_from_the_offset():
    ours, _, _, _ = pair("sh1106")
    bus = ours.oled._serial_interface
    ours.display(Image.new("1", ours.size))
    bus.reset()
    frame = Image.new("1", ours.size)
    ImageDraw.Draw(frame).point((20, 17), fill=1)  # page 2, column 20 → RAM column 22
    ours.display(frame)
    assert bus.ops == [("cmd", bytes([0xB2, 22 & 0x0F, 0x10 | (22 >> 4)])),
                       ("data", bytes([1 << 1]))]


@pytest.mark.parametrize("chip", CHIPS)
def test_invalidate_and_errors_force_a_full_frame(chip):
    ours, _, _, _ = pair(chip)
    bus = ours.oled._serial_interface
    frame = random_frame(random.Random(2), ours.size)
    ours.display(frame)
    ours.invalidate()
    bus.reset()
    ours.display(frame)
    assert bus.data_bytes == 1024

    def broken(data):
        raise OSError("bus gone")

    bus.data, working = broken, bus.data
    with pytest.raises(OSError):
        ours.display(Image.new("1", ours.size))
    bus.data = working
    bus.reset()
    ours.display(frame)
    assert bus.data_bytes == 1024


def test_keeps_lumas_device_interface():
    bus = RecordingSerial()
    oled = ssd1306(bus, rotate=1)
    ours = PartialDisplay(oled)
    assert (ours.size, ours.width, ours.height, ours.mode) == ((64, 128), 64, 128, "1")
    assert ours.bounding_box == (0, 0, 63, 127)
    ours.persist = True
    assert oled.persist is True
    bus.reset()
    ours.contrast(0x40)
    ours.hide()
    ours.show()
    assert [b for _, b in bus.ops] == [bytes([0x81, 0x40]), bytes([0xAE]), bytes([0xAF])]
    ours.clear()
    ours.cleanup()
    assert bus.closed
    with pytest.raises(ValueError):
        ours.display(Image.new("1", (128, 64)))
    with pytest.raises(TypeError):
        PartialDisplay(object())


def test_helpers():
    frame = Image.new("1", (128, 64))
    ImageDraw.Draw(frame).point((3, 9), fill=1)
    pages = pack_pages(frame, 8)
    assert pages[1][3] == 0b10 and sum(map(sum, pages)) == 2
    old, new = bytes(20), bytes([0, 1] + [0] * 10 + [1, 1] + [0] * 6)
    assert changed_runs(old, new, merge_gap=4) == [(1, 1), (12, 13)]
    assert changed_runs(old, new, merge_gap=12) == [(1, 13)]
    assert changed_runs(old, old, merge_gap=4) == []


def test_module_examples():
    for module in (partial, fakebus):
        assert doctest.testmod(module).failed == 0
