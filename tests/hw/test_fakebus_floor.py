"""Guards the bench's bus accounting (issue 37): the floor is a true lower bound, and a
same-screen press's bytes split into data, commands and transactions that add up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.oled.device import sh1106, ssd1306
from PIL import Image, ImageDraw

from benchmarks import bus, bus_floor, report
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

boxes = st.lists(st.tuples(st.integers(0, 127), st.integers(0, 63), st.integers(0, 40),
                           st.integers(0, 20)), max_size=6)


@settings(max_examples=40, deadline=None)
@given(sequence=st.lists(boxes, min_size=2, max_size=6))
def test_no_frames_go_out_in_fewer_bytes_than_the_floor(sequence):
    frames = []
    for drawn in sequence:
        frame = Image.new("1", (128, 64))
        for x, y, w, h in drawn:
            ImageDraw.Draw(frame).rectangle((x, y, min(x + w, 127), min(y + h, 63)), fill=1)
        frames.append(frame)
    floor = bus_floor.floor_bytes(frames)
    for chip, driver in (("ssd1306", ssd1306), ("sh1106", sh1106)):
        serial = RecordingSerial()
        device = PartialDisplay(driver(serial))
        device.display(frames[0])
        serial.reset()
        for frame in frames[1:]:
            device.display(frame)
        assert floor["changed_bytes"] <= floor[chip] <= serial.bus_bytes


def test_a_same_screen_press_is_data_commands_and_transactions():
    night = bus.measure_bus(1, images=True)
    summary = report.summarise_bus(night)
    in_screen = summary["in_screen"]
    first = {tag["interaction"]: i for i, tag in enumerate(night["frame_tags"])
             if tag["kind"] == "first"}
    idx = [first[k] for k, same in enumerate(night["same_screen"]) if same and k in first]
    assert idx
    for chip, row in in_screen["first"].items():
        sent = sum(night["per_frame"][f"ours/{chip}"][i] for i in idx)
        assert row["data_bytes"] + row["command_bytes"] + row["transaction_bytes"] == sent
        ms = [night["frame_ms"][f"ours/{chip}"]["100k"][i] for i in idx]
        assert row["ms_100k_max"] == max(ms) and row["frames"] == len(idx)
    floor = bus_floor.summarise(night)
    for chip in ("ssd1306", "sh1106"):
        assert floor[chip] <= summary["drivers"][f"ours/{chip}"]["bytes_total"]
