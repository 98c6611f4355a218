"""Summaries, targets and the printed table of a benchmark run.

Percentiles are nearest-rank: the p-th percentile of n sorted samples is the
``ceil(p/100 · n)``-th one (so p99 of 120 samples is the second largest).
"""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def pct(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def summarise_bus(bus: dict[str, Any]) -> dict[str, Any]:
    """Median/p95 bytes and p50/p95 bus time per interaction, per driver, and ratios."""
    out: dict[str, Any] = {"interactions": len(bus["steps"]),
                           "frames": sum(bus["frames"]),
                           "silent_interactions": sum(1 for f in bus["frames"] if f == 0),
                           "errors": bus["errors"], "drivers": {}}
    for name, samples in bus["samples"].items():
        b = [s["bytes"] for s in samples]
        row: dict[str, float] = {"bytes_median": statistics.median(b) if b else math.nan,
                                 "bytes_p95": pct(b, 95), "bytes_total": sum(b)}
        for speed in ("100k", "400k"):
            ms = [s[f"ms_{speed}"] for s in samples]
            row[f"ms_{speed}_p50"] = pct(ms, 50)
            row[f"ms_{speed}_p95"] = pct(ms, 95)
        out["drivers"][name] = row
    for chip in ("ssd1306", "sh1106"):
        ours, luma = out["drivers"][f"ours/{chip}"], out["drivers"][f"luma/{chip}"]
        out[f"ratio_{chip}"] = {
            "median": ours["bytes_median"] / luma["bytes_median"],
            "p95": ours["bytes_p95"] / luma["bytes_p95"],
            "total": ours["bytes_total"] / luma["bytes_total"],
        }
    out["per_phase"] = _per_phase(bus)
    out["in_screen"] = _in_screen(bus)
    out["per_frame"] = {}
    for name, b in bus["per_frame"].items():
        out["per_frame"][name] = {"bytes_median": statistics.median(b), "bytes_p95": pct(b, 95)}
    return out


def _in_screen(bus: dict[str, Any]) -> dict[str, Any]:
    """Interactions that stayed on their screen (an edit, a roll, a cursor move).

    Their answer is the press's first frame: ``first`` has, per chip (ours), its bus time
    at 100 kHz and where its bytes go (data, window commands, 2 bytes per transaction;
    a window is one command and one data transaction). ``ms_100k_*`` and ``bytes_*`` are
    the whole interaction (ours, SSD1306): the first frame, the animation it starts and
    a notice band going in the second before the press.
    """
    same = bus["same_screen"]
    pairs = [(o, lu) for o, lu, stayed in zip(bus["samples"]["ours/ssd1306"],
                                             bus["samples"]["luma/ssd1306"], same,
                                             strict=True) if stayed]
    if not pairs:
        return {"interactions": 0}
    ours = [o["bytes"] for o, _ in pairs]
    luma = [lu["bytes"] for _, lu in pairs]
    out: dict[str, Any] = {
        "interactions": len(pairs), "bytes_median": statistics.median(ours),
        "bytes_p95": pct(ours, 95),
        "ratio_median": statistics.median(ours) / statistics.median(luma),
        "ms_100k_p50": pct([o["ms_100k"] for o, _ in pairs], 50),
        "ms_100k_p95": pct([o["ms_100k"] for o, _ in pairs], 95), "first": {}}
    first = {tag["interaction"]: i for i, tag in enumerate(bus["frame_tags"])
             if tag["kind"] == "first"}
    idx = [first[k] for k, stayed in enumerate(same) if stayed and k in first]
    for chip in ("ssd1306", "sh1106"):
        name = f"ours/{chip}"
        ms = [bus["frame_ms"][name]["100k"][i] for i in idx]
        parts = [bus["frame_parts"][name][i] for i in idx]
        out["first"][chip] = {
            "frames": len(idx), "ms_100k_p50": pct(ms, 50), "ms_100k_p95": pct(ms, 95),
            "ms_100k_max": max(ms, default=math.nan),
            "bytes_median": statistics.median(bus["per_frame"][name][i] for i in idx),
            "data_bytes": sum(d for d, _, _ in parts),
            "command_bytes": sum(c for _, c, _ in parts),
            "transaction_bytes": 2 * sum(t for _, _, t in parts),
            "windows_median": statistics.median(t // 2 for _, _, t in parts)}
    return out


def _per_phase(bus: dict[str, Any]) -> dict[str, dict[str, float]]:
    phases: dict[str, list[int]] = {}
    for step, sample in zip(bus["steps"], bus["samples"]["ours/ssd1306"], strict=True):
        phases.setdefault(step.phase, []).append(sample["bytes"])
    return {name: {"interactions": len(b), "bytes_median": statistics.median(b),
                   "bytes_p95": pct(b, 95)} for name, b in phases.items()}


def summarise_latency(latency: dict[str, list[float]]) -> dict[str, Any]:
    """Per run (cold, warm): wall p50/p99/max and the thread's CPU time p50/p99."""
    out = {}
    for run, s in latency.items():
        if run.endswith("_cpu"):
            continue
        cpu = latency.get(f"{run}_cpu", [])
        out[run] = {"samples": len(s), "p50_ms": pct(s, 50) * 1000,
                    "p99_ms": pct(s, 99) * 1000, "max_ms": max(s, default=math.nan) * 1000,
                    "cpu_p50_ms": pct(cpu, 50) * 1000, "cpu_p99_ms": pct(cpu, 99) * 1000}
    return out


def summarise_starts(starts: list[dict[str, float]]) -> dict[str, Any]:
    t = [s["first_frame_s"] * 1000 for s in starts]
    cpu = [s["cpu_s"] * 1000 for s in starts]
    rss = [s["rss_mb"] for s in starts]
    return {"runs": len(t), "first_frame_ms_median": statistics.median(t),
            "first_frame_ms_min": min(t), "first_frame_ms_max": max(t),
            "cpu_ms_median": statistics.median(cpu), "rss_mb_max": max(rss)}


def targets(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Each target of the issue with the measured value and whether it is met."""
    bus, lat = result["bus"], result["latency"].get("warm") or result["latency"]["cold"]
    rows = [
        ("bytes/interaction median ≤ 10% of luma (SSD1306)", bus["ratio_ssd1306"]["median"]
         * 100, 10.0, "%"),
        ("bytes/interaction median ≤ 10% of luma (SH1106)", bus["ratio_sh1106"]["median"]
         * 100, 10.0, "%"),
        ("bus time p95 ≤ 10 ms at 100 kHz (SSD1306)",
         bus["drivers"]["ours/ssd1306"]["ms_100k_p95"], 10.0, "ms"),
        ("key → frame p99 ≤ 2 ms", lat["p99_ms"], 2.0, "ms"),
    ]
    if "backup" in result:
        rows.append(("key → frame p99 ≤ 2 ms main-thread CPU during a backup",
                     result["backup"]["during_backup"]["cpu_p99_ms"], 2.0, "ms"))
    if "idle" in result:
        rows.append(("idle CPU ≤ 0.1% of a core", result["idle"]["cpu_percent"], 0.1, "%"))
    if "start" in result:
        rows.append(("cold start ≤ 400 ms to first frame (median)",
                     result["start"]["first_frame_ms_median"], 400.0, "ms"))
        rows.append(("peak RSS ≤ 40 MB", result["start"]["rss_mb_max"], 40.0, "MB"))
    if "start_ja" in result:
        rows.append(("cold start in Japanese ≤ 400 ms (median)",
                     result["start_ja"]["first_frame_ms_median"], 400.0, "ms"))
        rows.append(("peak RSS in Japanese ≤ 40 MB", result["start_ja"]["rss_mb_max"], 40.0,
                     "MB"))
    from benchmarks import response

    rows += response.targets(result)
    return [{"target": t, "measured": round(v, 3), "limit": lim, "unit": u, "met": v <= lim}
            for t, v, lim, u in rows]


def table(result: dict[str, Any]) -> str:
    """The run as text: bus figures side by side, then latency, process, targets."""
    bus = result["bus"]
    d = bus["drivers"]
    lines = [f"Scripted game night: {bus['interactions']} interactions, {bus['frames']} frames"
             f" ({bus['silent_interactions']} interactions drew nothing)"]
    if bus["errors"]:
        lines.append("  phases cut short: " + "; ".join(bus["errors"]))
    head = f"{'per interaction':<28}" + "".join(f"{n:>15}" for n in d)
    lines += ["", head, "-" * len(head)]
    for key, label in (("bytes_median", "bytes median"), ("bytes_p95", "bytes p95"),
                       ("ms_100k_p50", "bus ms @100 kHz p50"),
                       ("ms_100k_p95", "bus ms @100 kHz p95"),
                       ("ms_400k_p50", "bus ms @400 kHz p50"),
                       ("ms_400k_p95", "bus ms @400 kHz p95")):
        lines.append(f"{label:<28}" + "".join(f"{d[n][key]:>15.1f}" for n in d))
    for chip in ("ssd1306", "sh1106"):
        r = bus[f"ratio_{chip}"]
        lines.append(f"ours/luma {chip}: median {r['median']:.1%}, p95 {r['p95']:.1%}, "
                     f"whole night {r['total']:.1%}")
    if "floor" in bus:
        from benchmarks.bus_floor import line

        lines.append(line(bus["floor"]))
    f = bus["per_frame"]
    lines.append(f"{'per frame: bytes median':<28}" + "".join(
        f"{f[n]['bytes_median']:>15.1f}" for n in d))
    lines.append(f"{'per frame: bytes p95':<28}" + "".join(
        f"{f[n]['bytes_p95']:>15.1f}" for n in d))
    i = bus["in_screen"]
    if i["interactions"]:
        lines.append(f"staying on the same screen ({i['interactions']} interactions, ours "
                     f"SSD1306, every frame of the press): bytes median "
                     f"{i['bytes_median']:.0f} = {i['ratio_median']:.1%} of luma, p95 "
                     f"{i['bytes_p95']:.0f}; bus @100 kHz p50 {i['ms_100k_p50']:.1f} ms, "
                     f"p95 {i['ms_100k_p95']:.1f} ms")
        for chip, f1 in i["first"].items():
            lines.append(f"  its first frame, {chip} ({f1['frames']}): @100 kHz p50 "
                         f"{f1['ms_100k_p50']:.1f} p95 {f1['ms_100k_p95']:.1f} max "
                         f"{f1['ms_100k_max']:.1f} ms; {f1['bytes_median']:.0f} bytes "
                         f"median, {f1['windows_median']:.0f} windows; all: data "
                         f"{f1['data_bytes']}, commands {f1['command_bytes']}, "
                         f"transactions {f1['transaction_bytes']} bytes")
    lines += ["", "bytes per interaction by phase (ours, SSD1306): " + ", ".join(
        f"{k} {v['bytes_median']:.0f}/{v['bytes_p95']:.0f} (n={v['interactions']})"
        for k, v in bus["per_phase"].items()) + "  [median/p95]"]
    for run, s in result["latency"].items():
        lines.append(f"key → frame on the bus ({run}, n={s['samples']}): p50 {s['p50_ms']:.2f}"
                     f" ms, p99 {s['p99_ms']:.2f} ms, max {s['max_ms']:.2f} ms wall; CPU "
                     f"p50 {s['cpu_p50_ms']:.2f} ms, p99 {s['cpu_p99_ms']:.2f} ms")
    if "backup" in result:
        from benchmarks.backups import lines as backup_lines

        lines += backup_lines(result["backup"])
    if "idle" in result:
        i = result["idle"]
        lines.append(f"idle {i['seconds']:.0f} s: CPU {i['cpu_s'] * 1000:.1f} ms = "
                     f"{i['cpu_percent']:.3f}% of a core, {i['wakeups_per_s']:.1f} wake-ups/s")
    for key, label in (("start", ""), ("start_ja", " in Japanese")):
        if key in result:
            s = result[key]
            lines.append(f"cold start{label} to first frame ({s['runs']} runs): median "
                         f"{s['first_frame_ms_median']:.0f} ms (min "
                         f"{s['first_frame_ms_min']:.0f}, max {s['first_frame_ms_max']:.0f}), "
                         f"CPU {s['cpu_ms_median']:.0f} ms; peak RSS {s['rss_mb_max']:.1f} MB")
    m = result.get("machine", {})
    if "loadavg_at_start" in m:
        lines.append(f"machine: {m['cpus']} CPUs, load average {m['loadavg_at_start'][0]:.1f} "
                     f"at start, {m.get('loadavg_at_end', [math.nan])[0]:.1f} at end "
                     "(wall-clock figures grow with load; CPU figures much less)")
    from benchmarks import response

    lines += ["", response.table(result), "", "targets:"]
    for t in result["targets"]:
        mark = "met   " if t["met"] else "MISSED"
        lines.append(f"  [{mark}] {t['target']}: {t['measured']} {t['unit']}")
    return "\n".join(lines)


def fresh_medians(child: str, runs: int) -> tuple[dict[str, float], list[dict[str, float]]]:
    """Run the Python ``child`` (which prints one JSON object) in ``runs`` fresh
    interpreters from the checkout: the median of each figure, and every sample."""
    root = Path(__file__).resolve().parent.parent
    samples = [json.loads(subprocess.run([sys.executable, "-c", child], check=True, cwd=root,
                                         capture_output=True, text=True).stdout)
               for _ in range(runs)]
    medians = {key: statistics.median(s[key] for s in samples) for key in samples[0]}
    medians["rss_delta_mb"] = statistics.median(s["rss_after"] - s["rss_before"]
                                                for s in samples)
    return medians, samples
