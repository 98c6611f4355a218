"""Guards exactness while sending less: the scripted night's bus stream, decoded, is every frame.

The benchmark's game night is played through our partial adapter on both chips; after
each frame the bytes sent so far are fed to the fake bus's RAM model of the panel, and
what the panel would show must equal the frame the app drew — pixel for pixel. The
evening of whole games (every game played to its end) is checked the same way.
"""

from __future__ import annotations

import pytest
from luma.oled.device import sh1106, ssd1306

from benchmarks.bus import Tee
from benchmarks.script import play
from companion.hw.fakebus import RecordingSerial, SH1106Ram, SSD1306Ram
from companion.hw.partial import PartialDisplay
from companion.testing import Rig

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


@pytest.mark.parametrize("evening", [False, True], ids=["night", "evening"])
def test_the_panel_ram_equals_every_frame_of_the_night(evening: bool) -> None:
    chips = {"ssd1306": (ssd1306, SSD1306Ram), "sh1106": (sh1106, SH1106Ram)}
    buses, rams, devices = {}, {}, {}
    for name, (driver, ram) in chips.items():
        buses[name] = RecordingSerial()
        oled = driver(buses[name])
        oled.persist = True
        devices[name] = PartialDisplay(oled)
        rams[name] = ram()
    tee = Tee(devices)
    checked: list[str] = []

    def frame_done() -> None:
        for name, bus in buses.items():
            rams[name].feed(bus.ops)
            bus.reset()
            shown = rams[name].image()
            assert shown.tobytes() == tee.image.convert("1").tobytes(), (
                f"{name}: frame {len(checked)} differs from the panel's RAM")
        checked.append(tee.image)

    tee.after = frame_done
    rig = Rig(seed=3, display=tee)
    try:
        play(rig, 3, lambda r, step: r.press(step.key), evening=evening)
    finally:
        rig.close()
    assert len(checked) > 100
