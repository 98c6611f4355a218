"""Guards what a Four-Colour Stones jump costs on the display bus: through mock pins and
the real PartialDisplay on a recording SSD1306 bus, the first frame after a jump or a
change of choice goes out within 50 ms at 100 kHz (about 540 bytes), in English and
Japanese, because the turn screen keeps every field in its place; a pass is noted in
place, not in a band over the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from luma.oled.device import ssd1306

from companion.config.file import from_mapping
from companion.games.four_stones import rules as fs
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Rig

#: The answer to a press, on a 100 kHz I²C bus (9 clocks a byte): about 540 bytes.
BUDGET_MS, HZ = 50.0, 100_000
#: The strip keeps its cells at fixed columns up to this many (nearly every jump).
FIXED_CELLS = 4


class Recorded(PartialDisplay):
    """The real partial display, noting the bus bytes of each frame."""

    def __init__(self, bus: RecordingSerial) -> None:
        oled = ssd1306(bus)
        oled.persist = True
        super().__init__(oled)
        self.bus = bus
        self.costs: list[float] = []  # ms at 100 kHz
        self.image = None

    def display(self, image) -> None:
        self.image = image.copy()
        before = self.bus.i2c_seconds(HZ)
        super().display(image)
        self.costs.append((self.bus.i2c_seconds(HZ) - before) * 1000)


def cells(state: fs.State, index: int = 0) -> int:
    """How many cells the strip of the ``index``-th jump on offer shows."""
    moves = fs.turn_moves(state)
    return len(fs.jumped_cells(moves[index].split()[0])) + 2 if moves else 0


def play_round(tmp_path: Path, seed: int, language: str) -> list[tuple[str, int, int, float]]:
    """One round on mock pins: (key, strip cells before, after, ms of the first frame)
    for every press on the turn screen."""
    display = Recorded(RecordingSerial())
    config = from_mapping({"display": {"driver": "dummy"}, "language": language,
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    rig = Rig(db=str(tmp_path / f"{seed}{language}.db"), seed=seed, config=config,
              display=display, players=("Ann", "Ben", "Cleo", "Dan"))
    presses = []
    try:
        rig.app.start_game("four_stones", {"players": ["Ann", "Ben", "Cleo", "Dan"]})
        rig.keys("ok", "ok")  # deal; the layout is on the table
        assert rig.app.band is None and rig.app.message is None
        turn = 0
        while rig.app.session.state.phase == "play":
            state = rig.app.session.state
            key = "down" if turn % 3 == 1 and len(fs.turn_moves(state)) > 1 else "ok"
            index = rig.app.top.index
            before = cells(state, index)
            frames = len(display.costs)
            rig.keys(key)
            assert rig.app.band is None, "a pass is noted on the turn screen, not in a band"
            after = rig.app.session.state
            if after.phase == "play":
                presses.append((key, before, cells(after, rig.app.top.index),
                                display.costs[frames]))
            turn += 1
    finally:
        rig.close()
    return presses


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_jump_or_a_new_choice_costs_at_most_50_ms_on_a_100_khz_bus(
        tmp_path: Path, language: str) -> None:
    presses = [p for seed in range(4) for p in play_round(tmp_path, seed, language)]
    jumps = [p for p in presses if p[0] == "ok"]
    assert len(jumps) > 40 and any(p[0] == "down" for p in presses)
    slow = [p for p in presses if p[3] > BUDGET_MS and max(p[1], p[2]) <= FIXED_CELLS]
    assert not slow, f"(key, cells before, after, ms) over {BUDGET_MS} ms: {slow}"
    typical = sorted(p[3] for p in jumps)[len(jumps) // 2]
    assert typical <= 40, f"a typical jump takes {typical:.1f} ms"
