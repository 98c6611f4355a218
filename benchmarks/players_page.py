"""``python -m benchmarks.players_page [COUNTS…]``: the Players page's time, bytes and
peak Python memory (tracemalloc) at 200, 800 and 5,000 players (issue 43), through
Flask's test client on a log in a scratch folder."""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import codes
from companion.web.site import create_app


def measure(counts: tuple[int, ...] = (200, 800, 5000)) -> list[dict[str, float]]:
    out = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        db = folder / "companion.db"
        Store.open(db).close()
        app = create_app(db, from_mapping({"state": {"dir": str(folder)}}))
        client = app.test_client()
        code = codes.new_code(folder)
        client.get(f"/P/{code}")
        have = 0
        for count in counts:
            store = Store.open(db)
            store._db.execute("PRAGMA synchronous=OFF")
            for n in range(have, count):
                store.add_player(f"Player {n:05d}")
            store.close()
            have = count
            client.get("/players")  # the counts kept warm, as after the first visit
            tracemalloc.start()
            started = time.perf_counter()
            page = client.get("/players")
            took = time.perf_counter() - started
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            out.append({"players": count, "seconds": round(took, 4),
                        "bytes": len(page.get_data()), "peak MiB": round(peak / 2**20, 2)})
        app.extensions["companion"].close()
    return out


if __name__ == "__main__":
    for line in measure(tuple(int(a) for a in sys.argv[1:]) or (200, 800, 5000)):
        print(line)
