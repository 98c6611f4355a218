"""Guards Brikks presses on the wire: the tracker keeps the players card's title bar,
name and figures where they are (only the left side changes), and a sheet's rows, extras
and total share one frame, so OK, BACK and "out for good?" between them each cost under
540 bus bytes (50 ms at 100 kHz)."""

from __future__ import annotations

import pytest
from luma.oled.device import ssd1306
from PIL import Image

from companion.games.brikks import rules
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Rig

ROSTER = ["Ann", "Ben"]
#: What a press may send: 50 ms on a 100 kHz I²C bus (9 bits a byte).
BUDGET = 540


class KeptDisplay(PartialDisplay):
    """The real partial display, keeping the last frame as ``Rig.frame`` reads it."""

    def display(self, image: Image.Image) -> None:
        self.image = image.copy()
        super().display(image)


@pytest.fixture
def wired():
    bus = RecordingSerial()
    oled = ssd1306(bus)
    oled.persist = True
    rig = Rig(seed=5, display=KeptDisplay(oled), players=ROSTER)
    yield rig, bus
    rig.close()


def state(rig: Rig) -> rules.State:
    return rig.app.session.state


def press(rig: Rig, bus: RecordingSerial, key: str) -> int:
    """Press ``key`` on its mock pin; the bus bytes of the frame that answers it."""
    bus.reset()
    rig.keys(key)
    return bus.bus_bytes


def start(rig: Rig) -> None:
    rig.open_game("brikks")
    rig.keys("ok", "ok", "ok", "ok", "roll")  # Start, start, both start blocks, a roll
    assert state(rig).phase == "play" and state(rig).rolls


def test_a_circle_reached_is_down_ok_ok_and_each_step_is_cheap(wired) -> None:
    rig, bus = wired
    start(rig)
    rig.keys("down")                                   # the players' cards: the first
    card = rig.frame.copy()
    name = state(rig).players[0]
    assert f"{name} | energy | 2" in rig.text
    sent = press(rig, bus, "ok")                       # the tracker, on the card
    assert "same +2" in rig.app.texts and f"{name} | energy | 2" in rig.text
    assert rig.frame.crop((58, 0, 128, 56)).tobytes() == card.crop((58, 0, 128, 56)).tobytes()
    assert 0 < sent <= BUDGET * 0.8
    sent = press(rig, bus, "ok")                       # same colour: +2 energy
    assert state(rig).trackers[0].energy == 4 and "energy | 4" in rig.text
    assert 0 < sent <= 60                              # the figure, nothing else
    sent = press(rig, bus, "back")                     # the card again
    assert "OK tracker" in rig.text and "energy | 4" in rig.text
    assert 0 < sent <= BUDGET * 0.8


def test_going_out_asks_on_the_card_and_the_answer_is_cheap(wired) -> None:
    rig, bus = wired
    start(rig)
    rig.keys("down", "ok")
    name = state(rig).players[0]
    assert press(rig, bus, "up") <= BUDGET             # the list wraps to "out"
    assert rig.app.texts[-2] == "out"
    sent = press(rig, bus, "ok")                       # asked in the list's place
    assert "for good?" in rig.text and f"{name} | energy" in rig.text
    assert not state(rig).trackers[0].out and 0 < sent <= BUDGET
    sent = press(rig, bus, "back")                     # no: the list again
    assert "for good?" not in rig.text and not state(rig).trackers[0].out
    assert 0 < sent <= BUDGET
    rig.keys("ok")
    sent = press(rig, bus, "ok")                       # yes: the card, marked out
    assert state(rig).trackers[0].out and f"out | {name} | energy" in rig.text
    assert 0 < sent <= BUDGET


def test_a_sheet_steps_to_its_extras_and_total_in_one_frame(wired) -> None:
    rig, bus = wired
    start(rig)
    rig.keys("down", "ok", "up", "ok", "ok")           # the first player out
    rig.keys("down", "ok", "up", "ok", "ok")           # the second: the sheets
    assert state(rig).phase == "scoring"
    name = state(rig).players[0]
    rig.keys("long ok", "long ok", *["right"] * 8)     # rows 1-2 full, on to row 11
    assert f"{name}: row 11" in rig.text
    sent = press(rig, bus, "ok")                       # the bonus marks, asked for
    assert f"{name}: bonus" in rig.text and "OK keeps each value" in rig.text
    assert 0 < sent <= BUDGET
    for step in ("bombs", "energy"):
        sent = press(rig, bus, "ok")
        assert f"{name}: {step}" in rig.text and 0 < sent <= BUDGET
    sent = press(rig, bus, "ok")                       # the total, big, beside the parts
    total = rules.breakdown([10, 10] + [0] * 9, 0, 3, 2)["total"]
    assert f"{name}: total" in rig.text and str(total) in rig.app.texts
    assert 0 < sent <= BUDGET
    sent = press(rig, bus, "back")                     # change something: the energy
    assert f"{name}: energy" in rig.text and 0 < sent <= BUDGET
