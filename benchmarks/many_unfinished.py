"""A log holding a great many unfinished games (a restored one, issue 36): how long
History, its Unfinished list and each key there take.

A log of ``games`` unfinished games (two seats, a few rolls every hundredth game) is made
in a temporary folder; a :class:`companion.testing.Rig` opens it and presses the keys a
player would: start menu → History (OK), → Unfinished (OK), DOWN, UP past the top (the
cursor wraps to the oldest game), OK on it and BACK, then abandons that game and resumes
the one that takes its row. Each figure is the wall time from
the press to the frame, in milliseconds; the watchdog allows 30 s, the aim is 1 s to
open a list and 100 ms for a key.

``python -m benchmarks --many-unfinished 300000`` runs it (``make bench`` leaves it out);
``python -m benchmarks.many_unfinished [GAMES]`` runs it alone.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from companion.log.store import Store
from companion.testing import Rig


def fill(db: Path, games: int) -> None:
    """A log of ``games`` unfinished games; every hundredth has three rolls."""
    Store.open(db).close()
    conn = sqlite3.connect(db)
    options = json.dumps({"players": ["Anna", "Ben"], "count": 2})
    conn.executemany("INSERT INTO games (kind, options, started) VALUES ('dice_roller', ?, "
                     "'2026-01-01T19:00:00+00:00')", ((options,) for _ in range(games)))
    roll = json.dumps({"type": "roll", "dice": [3, 4]})
    conn.executemany("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, "
                     "'2026-01-01T19:30:00+00:00')",
                     ((g, s, roll) for g in range(1, games + 1, 100) for s in (1, 2, 3)))
    conn.commit()
    conn.close()


def measure(games: int = 300_000) -> dict[str, Any]:
    """Milliseconds per step (see the module's text) on a log of ``games`` unfinished."""
    warnings.simplefilter("ignore", DeprecationWarning)
    out: dict[str, Any] = {"games": games}
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "companion.db"
        fill(db, games)
        t0 = time.perf_counter()
        rig = Rig(db=str(db))
        out["start_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        try:
            rig.app.home()
            home = rig.app.top
            rig.keys(*["down"] * (home.items().index("History") - home.index))

            def timed(name: str, key: str) -> None:
                t = time.perf_counter()
                rig.press(key)
                out[name] = round((time.perf_counter() - t) * 1000, 1)

            timed("open_history_ms", "ok")
            timed("history_down_ms", "down")
            timed("history_up_ms", "up")
            timed("open_unfinished_ms", "ok")
            timed("unfinished_down_ms", "down")
            timed("unfinished_up_ms", "up")
            timed("unfinished_wrap_ms", "up")  # to the oldest game, at the end
            timed("open_game_ms", "ok")
            timed("back_ms", "back")
            rig.keys("ok", "down", "ok")  # Abandon → "Abandon …? It cannot be resumed."
            timed("abandon_ms", "ok")
            out["screen"] = rig.text
            rig.keys("ok")
            timed("resume_ms", "ok")
        finally:
            rig.close()
    return out


def table(result: dict[str, Any]) -> str:
    """The figures, one a line."""
    lines = [f"many unfinished ({result['games']} games), ms per step:"]
    lines += [f"  {k[:-3]:<20} {v:>9.1f}" for k, v in result.items() if k.endswith("_ms")]
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 300_000)))
