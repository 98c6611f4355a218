"""The night's presses whose answer takes longer than 50 ms on a 100 kHz bus.

``python -m benchmarks.slow_presses [--turns N] [--chip ssd1306|sh1106] [--evening]``
plays the scripted night (:mod:`benchmarks.script`, a press a second; ``--evening``: the
evening of whole games) once and lists every press
whose first frame is over the limit: its number, phase, key, modelled milliseconds and
whether it stayed on the same screen. It is the list to work from when the first-frame
p95 of ``make bench`` is missed.
"""

from __future__ import annotations

import argparse

from benchmarks.bus import measure_bus
from benchmarks.report import pct
from benchmarks.response import LIMIT_MS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.slow_presses")
    parser.add_argument("--turns", type=int, default=10, help="turns per game (default 10)")
    parser.add_argument("--chip", choices=("ssd1306", "sh1106"), default="ssd1306")
    parser.add_argument("--evening", action="store_true",
                        help="the evening of whole games instead of the short night")
    args = parser.parse_args(argv)
    night = measure_bus(args.turns, evening=args.evening)
    ms = night["frame_ms"][f"ours/{args.chip}"]["100k"]
    first = {tag["interaction"]: ms[i] for i, tag in enumerate(night["frame_tags"])
             if tag["kind"] == "first"}
    slow = [(i, v) for i, v in first.items() if v > LIMIT_MS]
    print(f"{len(first)} presses drew an answer; p95 {pct(list(first.values()), 95):.1f} ms "
          f"@100 kHz ({args.chip}); {len(slow)} over {LIMIT_MS:.0f} ms:")
    for i, v in slow:
        step = night["steps"][i]
        same = "same screen" if night["same_screen"][i] else "new screen"
        print(f"  {i:4d} {step.phase:<12} {step.key:<6} {v:6.1f} ms  {same}")
    ours = sum(s["bytes"] for s in night["samples"][f"ours/{args.chip}"])
    luma = sum(s["bytes"] for s in night["samples"][f"luma/{args.chip}"])
    print(f"whole night: {ours} of luma's {luma} bytes ({ours / luma:.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
