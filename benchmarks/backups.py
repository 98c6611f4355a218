"""Key → frame while the log is being backed up.

A log of ``games`` finished games of 60 actions each (years of game nights) is made in
a temporary folder. The scripted night (:mod:`benchmarks.script`) is played on it with
our adapter three times: once to warm up, once quietly, and once while a second thread
makes backup after backup of that same log — the box's own
:meth:`companion.log.backups.Backups.make` (the backup API on its own connection, flushed
every 64 pages, ``integrity_check``, rename, rotation). For each key: the wall time from
the pin going low to the first frame handed to the bus, and the main thread's CPU time
(``time.thread_time``) over the same span. Only keys pressed while a copy was under
way count as "during a backup".

The disk is the machine's own: on an SD card a key's own ``fsync`` can also queue
behind the backup's writes, which is why the copy is flushed in small steps; this
measurement does not model the card.
"""

from __future__ import annotations

import gc
import json
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from luma.oled.device import ssd1306

from benchmarks.bus import _TimedDisplay
from benchmarks.report import pct
from benchmarks.script import Step, play
from companion.hw.fakebus import RecordingSerial
from companion.log.backups import Backups
from companion.log.store import Store
from companion.testing import Rig


def fill(db: Path, games: int, actions: int = 60) -> None:
    """A log of ``games`` finished Genial-like games with ``actions`` actions each."""
    store = Store.open(db)
    conn = store._db
    conn.execute("BEGIN")
    for g in range(games):
        cur = conn.execute(
            "INSERT INTO games (kind, options, started, finished, result) VALUES "
            "('dice_roller', ?, '2026-01-01T19:00:00+00:00', '2026-01-01T21:00:00+00:00', ?)",
            (json.dumps({"players": ["Anna", "Ben", "Carla"], "count": 2}),
             json.dumps({"places": [["Anna", "Ben", "Carla"]], "detail": f"game {g}"})))
        conn.executemany(
            "INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
            [(cur.lastrowid, n + 1, json.dumps({"dice": [n % 6 + 1, 3], "type": "roll"}),
              "2026-01-01T19:30:00+00:00") for n in range(actions)])
    conn.execute("COMMIT")
    store.close()


def _night(db: Path, turns: int, seed: int, backups: Backups | None) -> dict[str, Any]:
    screen = _TimedDisplay(ssd1306(RecordingSerial()))
    rig = Rig(db=str(db), seed=seed, display=screen)
    wall: list[float] = []
    cpu: list[float] = []
    copying = threading.Event()
    stop = threading.Event()
    made: list[float] = []

    def loop() -> None:
        while not stop.is_set():
            t0 = time.perf_counter()
            copying.set()
            try:
                backups.make()  # type: ignore[union-attr]
            finally:
                copying.clear()
            made.append(time.perf_counter() - t0)

    def timed(rig: Rig, step: Step) -> None:
        screen.first = None
        during = copying.is_set()
        c0, t0 = time.thread_time(), time.perf_counter()
        rig.press(step.key)
        if screen.first is not None and (backups is None or during):
            wall.append(screen.first[0] - t0)
            cpu.append(screen.first[1] - c0)

    worker = threading.Thread(target=loop, daemon=True) if backups else None
    gc.collect()
    try:
        if worker is not None:
            worker.start()
            while not made and not copying.is_set():
                time.sleep(0.001)
        play(rig, turns, timed, [])
    finally:
        stop.set()
        if worker is not None:
            worker.join()
        rig.close()
    return {"wall": wall, "cpu": cpu, "backups": made}


def measure(turns: int, *, games: int = 1000, seed: int = 7) -> dict[str, Any]:
    """Key → frame quietly and during backups, on a log of ``games`` games."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        db = Path(tmp) / "companion.db"
        fill(db, games)
        log_mb = db.stat().st_size / 1e6
        _night(db, turns, seed, None)  # first use of every screen, font and query
        quiet = _night(db, turns, seed, None)
        busy = _night(db, turns, seed, Backups(db))
    out: dict[str, Any] = {"games": games, "log_mb": round(log_mb, 2),
                           "backups_made": len(busy["backups"]),
                           "backup_ms_median": pct(busy["backups"], 50) * 1000}
    for name, run in (("quiet", quiet), ("during_backup", busy)):
        out[name] = {"samples": len(run["wall"]),
                     "p50_ms": pct(run["wall"], 50) * 1000,
                     "p99_ms": pct(run["wall"], 99) * 1000,
                     "cpu_p50_ms": pct(run["cpu"], 50) * 1000,
                     "cpu_p99_ms": pct(run["cpu"], 99) * 1000}
    return out


def lines(b: dict[str, Any]) -> list[str]:
    """The printed lines for :func:`benchmarks.report.table`."""
    out = [f"backups of a {b['log_mb']:.1f} MB log ({b['games']} games): "
           f"{b['backups_made']} made during the night, median {b['backup_ms_median']:.0f} ms "
           "each"]
    for name in ("quiet", "during_backup"):
        s = b[name]
        out.append(f"key → frame {name.replace('_', ' ')} (n={s['samples']}): p50 "
                   f"{s['p50_ms']:.2f} ms, p99 {s['p99_ms']:.2f} ms wall; main-thread CPU "
                   f"p50 {s['cpu_p50_ms']:.2f} ms, p99 {s['cpu_p99_ms']:.2f} ms")
    return out
