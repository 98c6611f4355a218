"""Bus bytes of the Japanese list grid (issue 35): rows 13 px apart from y=13, so that
kanji rows do not touch, against the English grid's 12 px rows from y=15, which sit on
the OLED's 8 px pages. The same walk through the start menu, the game list and History
is sent to an SSD1306 on the recording bus through the partial-update adapter, once on
each grid (the 12 px one by standing :func:`companion.ui.widgets.grid` in for it).

    python -m benchmarks.japanese_grid
"""

from __future__ import annotations

from typing import Any
from unittest import mock

from luma.oled.device import ssd1306

from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Rig
from companion.ui import widgets

#: Down the start menu and back, into New game and down its list, back, History, back.
WALK = ("down", "down", "down", "up", "up", "up", "ok", "down", "down", "down", "down",
        "down", "back", "down", "ok", "ok", "back", "back")


def walk_bytes() -> int:
    """Bus bytes of :data:`WALK` on a Japanese box (three names on the roster)."""
    bus = RecordingSerial()
    oled = ssd1306(bus)
    oled.persist = True
    rig = Rig(display=PartialDisplay(oled), players=("山田 一郎", "健太", "ゆい"),
              language="ja")
    try:
        bus.reset()
        rig.keys(*WALK)
        return int(bus.bus_bytes)
    finally:
        rig.close()


def measure() -> dict[str, Any]:
    japanese = walk_bytes()
    with mock.patch.object(widgets, "grid", lambda: (widgets.LIST_TOP, widgets.ROW_H)):
        english_grid = walk_bytes()
    return {"presses": len(WALK), "grid_13px": japanese, "grid_12px": english_grid,
            "more": round(100 * (japanese - english_grid) / english_grid, 1)}


def table(figures: dict[str, Any]) -> str:
    return ("Japanese list grid, SSD1306 bus bytes for a walk of "
            f"{figures['presses']} presses:\n"
            f"  13 px rows (Japanese)      {figures['grid_13px']}\n"
            f"  12 px rows (as English)    {figures['grid_12px']}\n"
            f"  more on the 13 px grid     {figures['more']} %")


if __name__ == "__main__":
    print(table(measure()))
