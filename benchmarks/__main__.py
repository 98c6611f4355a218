"""``python -m benchmarks --json PATH [--quick]``: run every benchmark, print, save JSON.

Besides the night's bytes and times (and the evening's, :data:`benchmarks.script.EVENING`,
whose games are played to their end): the frame that answers each press (p95 at 100 and
400 kHz, :mod:`benchmarks.response`), each animation's frames against its time slot, and
400 keys typed in one second (:mod:`benchmarks.burst`), the presses to seat a
regular table of four (:mod:`benchmarks.seating`), and the bus bytes of the Japanese
list grid against the English one (:mod:`benchmarks.japanese_grid`).

``make bench`` runs it with ``--json benchmarks/last-run.json``. ``--quick`` shortens the
idle measurement to 5 s and the cold starts to 3 runs; ``--no-process`` skips the
subprocess measurements altogether; ``--backup-games 0`` skips key → frame during backups.
``--many-unfinished N`` also times History and its Unfinished list on a log of N
unfinished games (:mod:`benchmarks.many_unfinished`; left out unless asked).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
import warnings
from pathlib import Path
from typing import Any

from benchmarks import (
    backups,
    burn_in,
    burst,
    bus,
    bus_floor,
    japanese_grid,
    many_unfinished,
    name_entry,
    process,
    report,
    response,
    seating,
)


def run(*, turns: int = 10, idle_seconds: float = 30.0, starts: int = 5,
        subprocesses: bool = True, burst_keys: int = 400,
        backup_games: int = 1000, unfinished_games: int = 0) -> dict[str, Any]:
    """Every measurement of one benchmark run, summarised (what goes into the JSON)."""
    warnings.simplefilter("ignore", DeprecationWarning)  # luma's own Pillow calls
    result: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": {"python": platform.python_version(), "platform": platform.platform(),
                    "processor": platform.processor() or platform.machine(),
                    "cpus": os.cpu_count(), "loadavg_at_start": os.getloadavg()},
        "turns": turns,
        "bus_model": bus.__doc__.split("Bus time model")[1].split("\n\n")[0].strip(" ():\n"),
    }
    night = bus.measure_bus(turns, images=True)
    result["bus"] = report.summarise_bus(night)
    result["bus"]["floor"] = bus_floor.summarise(night)
    result["bus"]["first_frame"] = response.summarise_first_frames(night)
    result["bus"]["animations"] = response.summarise_animations(night)
    evening = bus.measure_bus(turns, evening=True, images=True)
    whole = report.summarise_bus(evening)
    result["evening"] = {"interactions": whole["interactions"], "errors": whole["errors"],
                         "floor": bus_floor.summarise(evening),
                         "first_frame": response.summarise_first_frames(evening),
                         **{k: v for k, v in whole.items() if k.startswith("ratio_")}}
    if burst_keys:
        result["burst"] = burst.measure(burst_keys, seconds=burst_keys / 400)
    result["latency"] = report.summarise_latency(bus.measure_latency(turns))
    if backup_games:
        result["backup"] = backups.measure(turns, games=backup_games)
    if unfinished_games:
        result["many_unfinished"] = many_unfinished.measure(unfinished_games)
    typed = name_entry.measure()
    result["name_entry"] = {k: v for k, v in typed.items() if k != "names"}
    result["seating"] = seating.measure()
    result["japanese_grid"] = japanese_grid.measure()
    result["burn_in"] = burn_in.measure()
    if subprocesses:
        result["start"] = report.summarise_starts(process.cold_starts(starts))
        result["start_ja"] = report.summarise_starts(process.cold_starts(starts, "ja"))
        result["idle"] = process.idle(idle_seconds)
    result["machine"]["loadavg_at_end"] = os.getloadavg()
    result["targets"] = report.targets(result)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--json", metavar="PATH", help="write the results here")
    parser.add_argument("--quick", action="store_true",
                        help="5 s idle measurement and 3 cold starts instead of 30 s and 5")
    parser.add_argument("--no-process", action="store_true",
                        help="skip the subprocess measurements (idle CPU, cold start, RSS)")
    parser.add_argument("--turns", type=int, default=10, help="turns per game (default 10)")
    parser.add_argument("--backup-games", type=int, default=1000, metavar="N",
                        help="games in the log backed up during the night (default 1000; "
                             "0 skips it)")
    parser.add_argument("--many-unfinished", type=int, default=0, metavar="N",
                        help="also time History and its Unfinished list on a log of N "
                             "unfinished games (default 0: left out; the issue's log "
                             "holds 300000)")
    args = parser.parse_args(argv)
    result = run(turns=args.turns, idle_seconds=5.0 if args.quick else 30.0,
                 starts=3 if args.quick else 5, subprocesses=not args.no_process,
                 backup_games=args.backup_games, unfinished_games=args.many_unfinished)
    result["command"] = "python -m benchmarks " + " ".join(argv if argv is not None
                                                             else sys.argv[1:])
    print(report.table(result))
    if "name_entry" in result:
        print(name_entry.table(result["name_entry"]))
    if "many_unfinished" in result:
        print(many_unfinished.table(result["many_unfinished"]))
    if "seating" in result:
        print(seating.table(result["seating"]))
    if "japanese_grid" in result:
        print(japanese_grid.table(result["japanese_grid"]))
    if "burn_in" in result:
        print(burn_in.table(result["burn_in"]))
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
        print(f"\nwritten: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
