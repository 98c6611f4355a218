"""Guards companion.app.screensaver (issue 42): left alone, the box dims its panel to the
lowest contrast after ``display.dim_after`` seconds and turns it off after
``display.off_after``, both as bytes on the recorded bus; the key that wakes it does
nothing else; a running turn clock keeps it lit; ``--trace`` says each step; while
dimmed the picture moves by a pixel within its margins."""

from __future__ import annotations

import io

from luma.oled.device import ssd1306

from companion.app.runtime import Trace
from companion.app.screensaver import DIM, OFF
from companion.config.file import from_mapping
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Clock, Rig

CONTRAST, DISPLAY_OFF, DISPLAY_ON = 0x81, 0xAE, 0xAF


def rig_on_a_bus(**display: object) -> tuple[Rig, RecordingSerial]:
    bus = RecordingSerial()
    oled = ssd1306(bus)
    oled.persist = True
    config = from_mapping({"display": {"driver": "dummy", "contrast": 200, **display}})
    rig = Rig(display=PartialDisplay(oled), clock=Clock(), config=config,
              players=("Ann", "Bob"))
    bus.reset()
    return rig, bus


def commands(bus: RecordingSerial) -> list[bytes]:
    return [b for kind, b in bus.ops if kind == "cmd" and b[:1] in
            (bytes([CONTRAST]), bytes([DISPLAY_OFF]), bytes([DISPLAY_ON]))]


def test_left_alone_the_panel_dims_then_goes_off_and_a_key_only_wakes_it() -> None:
    rig, bus = rig_on_a_bus()
    trace = io.StringIO()
    Trace(trace).wrap(rig.app)
    try:
        rig.press("ok")                      # New game: the game list
        picker, frame = rig.app.top, rig.text
        rig.later(119)
        assert commands(bus) == []           # not yet
        rig.later(2)
        assert rig.app.saver.state == DIM and commands(bus) == [bytes([CONTRAST, 0])]
        rig.later(800)
        assert rig.app.saver.state == OFF and commands(bus)[-1] == bytes([DISPLAY_OFF])
        bus.reset()
        rig.press("ok")                      # wakes the panel, and nothing else
        assert rig.app.top is picker and rig.text == frame and rig.app.session is None
        assert commands(bus) == [bytes([CONTRAST, 200]), bytes([DISPLAY_ON])]
        rig.press("ok")                      # now the key counts: the first game's setup
        assert rig.app.top is not picker
        assert trace.getvalue().splitlines().count("[panel dimmed]") == 1
        assert "[panel off]" in trace.getvalue() and "[panel on]" in trace.getvalue()
    finally:
        rig.close()


def test_a_running_turn_clock_keeps_the_panel_lit() -> None:
    rig, bus = rig_on_a_bus()
    try:
        rig.app.start_game("turn_timer", {"players": ["Ann", "Bob"]})
        rig.press("ok")                      # the clocks run
        assert rig.app.top.wake_in() is not None
        for _minute in range(30):
            rig.later(60)
        assert rig.app.saver.state == "awake" and commands(bus) == []
    finally:
        rig.close()


def test_zero_means_never() -> None:
    rig, bus = rig_on_a_bus(dim_after=0, off_after=0)
    try:
        rig.later(100_000)
        assert rig.app.saver.state == "awake" and commands(bus) == []
        assert rig.app.saver.next_in(False) is None
    finally:
        rig.close()


def test_while_dimmed_the_picture_moves_within_its_margins() -> None:
    config = from_mapping({"display": {"driver": "dummy", "off_after": 0}})
    rig = Rig(clock=Clock(), config=config)  # luma's dummy keeps the last frame
    try:
        still = rig.frame.copy()
        rig.later(121)
        rig.later(600)     # one down and one right; the title bar fills the width: down
        moved = rig.frame
        assert still.getbbox() == (0, 0, 128, 63) and moved.getbbox() == (0, 1, 128, 64)
        assert sum(moved.getdata()) == sum(still.getdata())  # nothing cut
        rig.press("up")                      # awake: back in place
        assert rig.frame.tobytes() == still.tobytes()
    finally:
        rig.close()
