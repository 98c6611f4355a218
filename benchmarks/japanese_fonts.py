"""``python -m benchmarks.japanese_fonts [--runs N]``: what the Japanese fonts cost.

Each run is a fresh interpreter that imports the app and draws an English line (so
Pillow and the Latin fonts are loaded, as in the running app), then measures:

* **import**: ``import companion.ui.fonts.japanese``;
* **load** per face: the first ``draw`` of a line in a font that needs it (FreeType
  opening the PCF file, reading its metrics and the first glyphs);
* **line**: drawing one 20-character mixed line again, warm (``text`` font), against
  the same length of English through ``Painter.text``;
* **RSS**: ``VmRSS`` from ``/proc/self/status`` before the import and after every face
  is loaded, and the peak ``VmHWM``.

Medians over the runs are printed (milliseconds and MiB).
"""

from __future__ import annotations

import argparse
import sys

from benchmarks.report import fresh_medians

CHILD = r"""
import json, time
def rss(key="VmRSS"):
    for line in open("/proc/self/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
import companion.app.loop  # what the running app has imported before any screen is drawn
from companion.ui.paint import Painter
english = Painter.blank()
english.text((0, 0), "Roll the dice: 3 + 4", "text")
out = {"rss_before": rss()}
t = time.perf_counter()
from companion.ui.fonts import japanese as ja
out["import_ms"] = (time.perf_counter() - t) * 1e3
p = Painter.blank()
for name, label in (("text", "load_k12_ms"), ("medium", "load_k16b_ms"),
                    ("small", "load_k8_ms")):
    t = time.perf_counter()
    ja.draw(p.draw, (0, 0), "得点 ペグ 手番", name)
    out[label] = (time.perf_counter() - t) * 1e3
out["rss_after"] = rss()
out["hwm_after"] = rss("VmHWM")
line = "Ann 12点 ペグ20 手番です"
t = time.perf_counter()
for _ in range(200):
    ja.draw(p.draw, (0, 20), line, "text")
out["line_ja_ms"] = (time.perf_counter() - t) / 200 * 1e3
t = time.perf_counter()
for _ in range(200):
    english.text((0, 20), "Ann 12 pts pegs 20 ok", "text")
out["line_en_ms"] = (time.perf_counter() - t) / 200 * 1e3
print(json.dumps(out))
"""


def measure(runs: int = 5) -> dict[str, float]:
    """Medians of ``runs`` fresh interpreters (see the module docstring)."""
    result, samples = fresh_medians(CHILD, runs)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.japanese_fonts",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh interpreters (default 5)")
    args = parser.parse_args(argv)
    r = measure(args.runs)
    print(f"Japanese fonts, median of {args.runs} runs")
    print(f"  import japanese        {r['import_ms']:6.1f} ms")
    for face in ("k12", "k16b", "k8"):
        print(f"  load {face:<5} + 1st line {r[f'load_{face}_ms']:6.1f} ms")
    print(f"  warm line, Japanese    {r['line_ja_ms']:6.3f} ms"
          f"   (English line {r['line_en_ms']:.3f} ms)")
    print(f"  RSS before / after     {r['rss_before']:6.1f} / {r['rss_after']:.1f} MiB"
          f"   (+{r['rss_delta_mb']:.1f} MiB; peak {r['hwm_after']:.1f} MiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
