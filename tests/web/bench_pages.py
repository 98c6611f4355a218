"""The phone page on a large log: server time per page and the web process's memory.

    .venv/bin/python -m tests.web.bench_pages            # 10,000 games, 20 requests a page

Builds a log of 10,000 finished Genial Spezial games (2-4 players, 12 actions each) and
one game being played, then asks every page through Flask's test client (the server's
own time: routing, the log, the HTML) and reports the median and the worst; then starts
``companion web`` on 127.0.0.1, asks each page once, and reads its resident memory
(``VmRSS``, ``VmHWM``). Not a test: figures in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.web import pairing
from companion.web.site import create_app

PAGES = ("/", "/tonight/now", "/history", "/history?player=Ann", "/players", "/rules",
         "/settings")
NAMES = ("Ann", "Ben", "Cleo", "Dan", "山田 一郎", "Eve")


def build(path: Path, games: int) -> None:
    rnd = random.Random(1)
    store = Store.open(path)
    for name in NAMES:
        store.add_player(name)
    db = store._db  # one transaction for the lot: the log's own write path takes hours
    db.execute("BEGIN")
    for n in range(games):
        players = rnd.sample(NAMES, rnd.randint(2, 4))
        day = f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}T20:{n % 60:02d}:00+00:00"
        cur = db.execute("INSERT INTO games (kind, options, started, finished, result) "
                         "VALUES (?, ?, ?, ?, ?)",
                         ("genial", json.dumps({"players": players}), day, day, json.dumps({
                             "places": [[p] for p in players],
                             "scores": {p: 18 - i for i, p in enumerate(players)},
                             "winners": players[:1], "detail": f"{players[0]} wins."})))
        for seq in range(1, 13):
            db.execute("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
                       (cur.lastrowid, seq, json.dumps({"type": "turn", "all": 1}), day))
        for seat, name in enumerate(players):
            db.execute("INSERT INTO seats (game_id, seat, player_id) SELECT ?, ?, id FROM "
                       "players WHERE name = ?", (cur.lastrowid, seat, name))
    db.execute("COMMIT")
    from companion.app.session import GameSession

    game = GameSession.start(store, "genial", {"players": list(NAMES[:4])})
    for _n in range(20):
        game.apply({"type": "turn", "points": {"orange": 2, "blue": 1}})
    store.close()


def timed(folder: Path, repeat: int) -> dict[str, tuple[float, float]]:
    app = create_app(folder / "companion.db", from_mapping({}))
    client = app.test_client()
    client.get("/P/" + pairing.new_code(folder))
    out = {}
    for page in PAGES:
        times = []
        for _n in range(repeat):
            t0 = time.perf_counter()
            assert client.get(page).status_code == 200, page
            times.append((time.perf_counter() - t0) * 1000)
        out[page] = (statistics.median(times), max(times))
    app.extensions["companion"].close()
    return out


def memory(folder: Path, port: int = 8766) -> dict[str, int]:
    code = pairing.new_code(folder)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "web", "--host", "127.0.0.1",
                             "--port", str(port), "--db", str(folder / "companion.db")],
                            stdout=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        for _n in range(50):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        opener.open(f"{base}/P/{code}")
        for page in PAGES:
            opener.open(base + urllib.request.quote(page, safe="/?=&")).read()
        status = Path(f"/proc/{proc.pid}/status").read_text()
        return {k: int(line.split()[1]) for line in status.splitlines()
                for k in ("VmRSS", "VmHWM") if line.startswith(k + ":")}
    finally:
        proc.terminate()
        proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        build(folder / "companion.db", args.games)
        print(f"log: {args.games} games, {(folder / 'companion.db').stat().st_size // 1024} KiB,"
              f" built in {time.perf_counter() - t0:.1f} s")
        for page, (median, worst) in timed(folder, args.repeat).items():
            print(f"{page:24} median {median:7.1f} ms   worst {worst:7.1f} ms")
        mem = memory(folder)
        print(f"companion web: VmRSS {mem['VmRSS'] / 1024:.1f} MiB, "
              f"VmHWM {mem['VmHWM'] / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
