"""The phone page on a large log: server time per page and the web process's memory.

    .venv/bin/python -m tests.web.bench_pages            # 10,000 games, 20 requests a page

Builds a log of 10,000 finished Genial Spezial games (2-4 players, 12 actions each) and
one game being played, then asks every page through Flask's test client (the server's
own time: routing, the log, the HTML) and reports the median and the worst; then starts
``companion web`` on 127.0.0.1, asks each page once, and reads its resident memory
(``VmRSS``, ``VmHWM``); it also has four phones follow Tonight while a Rig on the same
log presses keys, and times the box's key → frame (benchmarks/bus.py's scripted night)
with no phone and with four. Not a test: figures in docs/performance.md.
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
from companion.pairing import codes
from companion.web.site import create_app
from tests.web.serving import start

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
    from companion.web.serve import warm

    app = create_app(folder / "companion.db", from_mapping({}))
    t0 = time.perf_counter()
    warm(app.extensions["companion"])  # as `companion web` does before it listens
    start = (time.perf_counter() - t0) * 1000
    client = app.test_client()
    client.get("/P/" + codes.new_code(folder))
    out = {"(counting at start)": (start, start)}
    for page in PAGES:
        times = []
        for _n in range(repeat):
            t0 = time.perf_counter()
            assert client.get(page).status_code == 200, page
            times.append((time.perf_counter() - t0) * 1000)
        out[page] = (statistics.median(times), max(times))
    from companion.app.session import GameSession

    after = []
    for _n in range(5):  # a game ends on the box, then a phone opens Players
        store = Store.open(folder / "companion.db")
        game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
        game.apply({"type": "turn", "all": 3})
        game.apply({"type": "end_early"})
        store.close()
        t0 = time.perf_counter()
        assert client.get("/players").status_code == 200
        after.append((time.perf_counter() - t0) * 1000)
    out["/players after a game"] = (statistics.median(after), max(after))
    app.extensions["companion"].close()
    return out


def memory(folder: Path, port: int = 8766) -> dict[str, int]:
    code = codes.new_code(folder)
    proc, base = start(folder / "companion.db", port, stdout=subprocess.DEVNULL)
    try:
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


def latency(folder: Path, presses: int = 40, phones: int = 4) -> list[float]:
    """Seconds from a press on the box (a Rig on the same log) until each of ``phones``
    polling Tonight as ``live.js`` does (every 0.5 s) has the new move."""
    import threading

    import waitress

    from companion.testing import Rig

    app = create_app(folder / "companion.db", from_mapping({}))
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4)
    base = f"http://127.0.0.1:{server.socket.getsockname()[1]}"
    threading.Thread(target=server.run, daemon=True).start()
    seen: list[dict[int, float]] = [{} for _ in range(phones)]
    stop = threading.Event()

    def phone(n: int) -> None:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        opener.open(f"{base}/P/{codes.new_code(folder)}")
        while not stop.is_set():
            text = json.loads(opener.open(base + "/tonight/now").read())["html"]
            for word in text.split("<p class=small>")[1].split():
                if word.isdigit():  # "… · 7 moves so far"
                    seen[n].setdefault(int(word), time.monotonic())
            stop.wait(0.5)

    rig = Rig(db=str(folder / "companion.db"))
    rig.open_game("dice_roller")
    threads = []
    for n in range(phones):
        threads.append(threading.Thread(target=phone, args=(n,), daemon=True))
        threads[-1].start()
        time.sleep(0.1)
    pressed = {}
    for move in range(1, presses + 1):
        rig.press("ok")
        pressed[move] = time.monotonic()
        time.sleep(0.7)
    time.sleep(1.5)
    stop.set()
    rig.close()
    server.close()
    return sorted(seen[n][m] - pressed[m] for n in range(phones) for m in pressed
                  if m in seen[n])


POLLER = """
import sys, threading, time, urllib.request, http.cookiejar
base, codes = sys.argv[1], sys.argv[2:]
def phone(code):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    opener.open(f"{base}/P/{code}")
    while True:
        opener.open(base + "/tonight/now").read()
        time.sleep(0.5)
for code in codes:
    threading.Thread(target=phone, args=(code,), daemon=True).start()
time.sleep(3600)
"""


def key_to_frame(folder: Path, *, phones: int, turns: int = 10) -> dict[str, float]:
    """The box's key → frame (benchmarks/bus.py's scripted night on a log file) while
    ``phones`` phones follow Tonight from ``companion web``, both in processes of their
    own; milliseconds, p50 and p99, wall and the box thread's CPU."""
    import gc

    from luma.oled.device import ssd1306

    from benchmarks.bus import _TimedDisplay, first_frames
    from benchmarks.script import play
    from companion.hw.fakebus import RecordingSerial
    from companion.testing import Rig

    db = folder / f"night-{phones}.db"
    Store.open(db).close()
    port = 8767 + phones
    server, base = start(db, port, stdout=subprocess.DEVNULL)
    pollers = None
    try:
        if phones:
            codes = []
            for _n in range(phones):
                codes.append(codes.new_code(folder))
                pollers = subprocess.Popen([sys.executable, "-c", POLLER, base, codes[-1]])
                time.sleep(0.3)
                pollers_all.append(pollers)
        seconds: list[float] = []
        cpu: list[float] = []
        screen = _TimedDisplay(ssd1306(RecordingSerial()))
        rig = Rig(seed=7, display=screen, db=str(db))

        gc.collect()
        try:
            play(rig, turns, first_frames(screen, seconds, cpu), [])
        finally:
            rig.close()
    finally:
        for p in pollers_all:
            p.terminate()
            p.wait()
        pollers_all.clear()
        server.terminate()
        server.wait()

    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    return {"p50": pct(seconds, 0.5), "p99": pct(seconds, 0.99),
            "cpu_p50": pct(cpu, 0.5), "cpu_p99": pct(cpu, 0.99), "n": len(seconds)}


pollers_all: list[subprocess.Popen[bytes]] = []


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--only", choices=("pages", "memory"),
                        help="only the server times, or only the memory")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        build(folder / "companion.db", args.games)
        print(f"log: {args.games} games, {(folder / 'companion.db').stat().st_size // 1024} KiB,"
              f" built in {time.perf_counter() - t0:.1f} s")
        if args.only != "memory":
            for page, (median, worst) in timed(folder, args.repeat).items():
                print(f"{page:24} median {median:7.1f} ms   worst {worst:7.1f} ms")
        if args.only is None:
            night(folder)
        if args.only != "pages":
            mem = memory(folder)
            print(f"companion web: VmRSS {mem['VmRSS'] / 1024:.1f} MiB, "
                  f"VmHWM {mem['VmHWM'] / 1024:.1f} MiB")


def night(folder: Path) -> None:
    """Four phones on Tonight while the box plays: the press's arrival, key → frame."""
    waits = latency(folder)
    p95 = waits[int(len(waits) * 0.95) - 1]
    print(f"press -> Tonight on 4 phones: {len(waits)} arrivals, median "
          f"{statistics.median(waits) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
          f"worst {waits[-1] * 1000:.0f} ms")
    key_to_frame(folder, phones=0)  # once cold (importing the screens), not counted
    for phones in (0, 4):
        k = key_to_frame(folder, phones=phones)
        print(f"key -> frame with {phones} phones on Tonight: {k['n']} frames, wall p50 "
              f"{k['p50']:.2f} p99 {k['p99']:.2f} ms, CPU p50 {k['cpu_p50']:.2f} "
              f"p99 {k['cpu_p99']:.2f} ms")


if __name__ == "__main__":
    main()
