"""``python -m benchmarks.line_breaks [--runs N]``: what Japanese phrase line breaks cost.

Each run is a fresh interpreter that imports the app (as the running box has before
any screen is drawn), then measures:

* **first**: the first ``wrap`` of a two-line Japanese question, which loads BudouX
  and its model;
* **RSS**: ``VmRSS`` from ``/proc/self/status`` before and after that first wrap;
* **warm**: the same wrap again (1000 times), against breaking between characters only.

Medians over the runs are printed (milliseconds, microseconds and MiB).
"""

from __future__ import annotations

import argparse

from benchmarks.report import fresh_medians

CHILD = r"""
import json, time
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
import companion.app.loop
from companion.ui.linebreak import _wrap, wrap
question = "ゲームの最初の手を取り消しますか?"
out = {"rss_before": rss()}
t = time.perf_counter()
wrap(question, 20)
out["first_ms"] = (time.perf_counter() - t) * 1e3
out["rss_after"] = rss()
t = time.perf_counter()
for _ in range(1000):
    wrap(question, 20)
out["phrases_us"] = (time.perf_counter() - t) * 1e3
t = time.perf_counter()
for _ in range(1000):
    _wrap(question, 20, phrases=False)
out["characters_us"] = (time.perf_counter() - t) * 1e3
print(json.dumps(out))
"""


def measure(runs: int = 5) -> dict[str, float]:
    """Medians of ``runs`` fresh interpreters (see the module docstring)."""
    result, samples = fresh_medians(CHILD, runs)
    result["first_max_ms"] = max(s["first_ms"] for s in samples)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.line_breaks",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh interpreters (default 5)")
    args = parser.parse_args(argv)
    r = measure(args.runs)
    print(f"Japanese line breaks, median of {args.runs} runs")
    print(f"  first wrap (loads BudouX): {r['first_ms']:.1f} ms (slowest {r['first_max_ms']:.1f})"
          f", RSS +{r['rss_delta_mb']:.1f} MiB")
    print(f"  a wrap after that: {r['phrases_us']:.0f} µs at phrases, "
          f"{r['characters_us']:.0f} µs between characters only")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
