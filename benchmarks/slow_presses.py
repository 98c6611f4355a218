"""The night's presses whose answer takes longer than 50 ms on a 100 kHz bus.

``python -m benchmarks.slow_presses [--turns N] [--chip ssd1306|sh1106] [--evening]
[--without-game-list]`` plays the scripted night (:mod:`benchmarks.script`, a press a
second; ``--evening``: the evening of whole games) once and lists every press whose
first frame is over the limit: its number, phase, key, modelled milliseconds and whether
it stayed on the same screen. It is the list to work from when the first-frame p95 of
``make bench`` is missed.

``--without-game-list`` answers a question for the owners: what if the games were listed
on the start menu itself, so that no screen came between the start menu (or the "not
finished yet" question) and a game's setup? The press that opened the game list is gone;
the cursor moves inside it stay as they were (they would move the start menu's cursor
instead); the OK that left it is costed as one change from the frame before the list to
the frame after it (the night's own frames, through the same adapter and modelled bus),
and a BACK out of it is gone.
"""

from __future__ import annotations

import argparse
from typing import Any

from luma.oled.device import sh1106, ssd1306
from PIL import Image

from benchmarks.bus import CHIPS, measure_bus
from benchmarks.report import pct
from benchmarks.response import LIMIT_MS
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay

#: The screen the what-if takes away.
GAME_LIST = "GamePicker"


def change_ms(before: Image.Image, after: Image.Image, chip: str, hz: int = 100_000) -> float:
    """Modelled milliseconds for the adapter to turn ``before`` into ``after``."""
    bus = RecordingSerial()
    oled: ssd1306 | sh1106 = CHIPS[chip](bus)
    oled.persist = True
    display = PartialDisplay(oled)
    display.display(before.convert("1"))
    bus.reset()
    display.display(after.convert("1"))
    return bus.i2c_seconds(hz) * 1000


def first_frames(night: dict[str, Any], chip: str) -> dict[int, float]:
    """Press number → modelled ms of its first frame at 100 kHz."""
    ms = night["frame_ms"][f"ours/{chip}"]["100k"]
    return {tag["interaction"]: ms[i] for i, tag in enumerate(night["frame_tags"])
            if tag["kind"] == "first"}


def without_game_list(night: dict[str, Any], chip: str) -> dict[int, float]:
    """:func:`first_frames` as if the game list were on the start menu (see the module).

    ``night`` must come from ``measure_bus(..., images=True)``.
    """
    ms = night["frame_ms"][f"ours/{chip}"]["100k"]
    tags, images = night["frame_tags"], night["images"]
    out: dict[int, float] = {}
    shown = night["image_before"]  # what the panel showed before each frame
    before_list: Image.Image | None = None  # what it showed before the list opened
    for i, tag in enumerate(tags):
        on_list = tag.get("screen") == GAME_LIST
        if tag["kind"] == "first":
            if on_list and before_list is None:
                before_list = shown  # the press that opens the list: gone
            elif not on_list and before_list is not None:  # the OK (or BACK) leaving it
                if night["steps"][tag["interaction"]].key == "ok":
                    out[tag["interaction"]] = change_ms(before_list, images[i], chip)
                before_list = None  # a BACK out of it: the visit is gone with it
            else:  # a press with no list in sight, or a cursor move inside the list
                out[tag["interaction"]] = ms[i]
        shown = images[i]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.slow_presses")
    parser.add_argument("--turns", type=int, default=10, help="turns per game (default 10)")
    parser.add_argument("--chip", choices=("ssd1306", "sh1106"), default="ssd1306")
    parser.add_argument("--evening", action="store_true",
                        help="the evening of whole games instead of the short night")
    parser.add_argument("--without-game-list", action="store_true",
                        help="what if the games were listed on the start menu itself")
    args = parser.parse_args(argv)
    night = measure_bus(args.turns, evening=args.evening, images=args.without_game_list)
    first = (without_game_list(night, args.chip) if args.without_game_list
             else first_frames(night, args.chip))
    slow = [(i, v) for i, v in first.items() if v > LIMIT_MS]
    within = 1 - len(slow) / len(first)
    what = " without the game list" if args.without_game_list else ""
    print(f"{len(first)} presses drew an answer{what}; p95 "
          f"{pct(list(first.values()), 95):.1f} ms @100 kHz ({args.chip}); "
          f"{len(slow)} over {LIMIT_MS:.0f} ms ({within:.0%} within):")
    for i, v in slow:
        step = night["steps"][i]
        same = "same screen" if night["same_screen"][i] else "new screen"
        print(f"  {i:4d} {step.phase:<12} {step.key:<6} {v:6.1f} ms  {same}")
    if not args.without_game_list:
        ours = sum(s["bytes"] for s in night["samples"][f"ours/{args.chip}"])
        luma = sum(s["bytes"] for s in night["samples"][f"luma/{args.chip}"])
        print(f"whole night: {ours} of luma's {luma} bytes ({ours / luma:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
