"""Guards the setups' pinned Start row: with more options than fit, Start keeps the
bottom row, so OK's jump to Start moves only the arrow (a few bytes on the bus)."""

from __future__ import annotations

from luma.oled.device import ssd1306

from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Rig

ROSTER = ["Ann", "Ben", "Cleo", "Dan"]


def test_ok_jumps_to_a_start_row_that_is_already_on_screen() -> None:
    bus = RecordingSerial()
    oled = ssd1306(bus)
    oled.persist = True
    rig = Rig(seed=3, display=PartialDisplay(oled), players=ROSTER)
    try:
        rig.open_game("genial")
        rig.keys("right")                                  # 3 players: 5 rows and Start
        setup = rig.app.top
        assert len(setup.rows()) > 4 and rig.app.texts[-1] == ">> Start <<"
        assert rig.app.texts[2:5] == ["Players: 3", "Youngest: Ann", "Seat 2: Ben"]
        bus.reset()
        rig.keys("ok")                                     # OK on a row: jump to Start
        assert setup.row == len(setup.rows()) - 1 and rig.app.top is setup
        assert rig.app.texts[2:6] == ["Players: 3", "Youngest: Ann", "Seat 2: Ben",
                                      ">> Start <<"]       # nothing scrolled
        assert 0 < bus.bus_bytes <= 60                     # the arrow, not the list
        rig.keys("up")                                     # the last option scrolls in
        assert rig.app.texts[2:6] == ["Seat 2: Ben", "Seat 3: Cleo", "Starts: youngest",
                                      ">> Start <<"]
        rig.keys("down", "ok")                             # Start starts
        assert rig.app.top is not setup and "8 large on 3" in rig.text
    finally:
        rig.close()
