"""``python -m benchmarks.stats_pages [PLAYS] [--no-ratings]``: the Stats page, a game's page and a
player's card on a log of 10,000 plays (eight regulars and now and then a guest over two
years, box games and shelf games, shared places, solo games), served by ``companion web``
in a process of its own as its unit runs it: each page's time when it counts the whole
log and when the counts are kept, and the web process's peak memory (``VmHWM``).

:func:`make_log` is the log the tests of the stats pages count against too.
"""

from __future__ import annotations

import http.client
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.big_upload import peak_mib
from companion.log.store import Store
from companion.pairing import codes

REGULARS = ("Ann", "Ben", "Chloé", "山田 一郎", "Dee", "Eli", "Fay", "Gus")
#: (key, shelf options or None, fewest and most players)
GAMES = (("genial", None, 2, 4), ("brikks", None, 1, 4), ("four_stones", None, 2, 2),
         ("score_pad", {"title": "Azul", "bgg_id": 230802}, 2, 4),
         ("score_pad", {"title": "Golf", "bgg_id": 0, "lowest_wins": True}, 2, 5),
         ("score_pad", {"title": "Cascadia", "bgg_id": 295947}, 1, 4))


class Ticks:
    """A clock that moves 25 minutes each time it is read (two reads a game: 10,000
    games with their months off span about two years)."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        self.now += 1_500.0
        return self.now


def make_log(db: Path, plays: int, seed: int = 44) -> None:
    """A log of ``plays`` finished games at ``db``: the regulars (on the roster), now
    and then a guest, random scores with ties, a winner (or shared winners) by score."""
    rnd = random.Random(seed)
    ticks = Ticks()
    store = Store.open(db, clock=ticks)
    store._db.execute("PRAGMA synchronous=OFF")  # a made-up log, not a night to keep
    for name in REGULARS:
        if store.player(name) is None:
            store.add_player(name)
    for n in range(plays):
        key, shelf, fewest, most = GAMES[rnd.randrange(len(GAMES))]
        count = rnd.randint(fewest, most)
        people = rnd.sample(REGULARS[: 4 + n % 5], min(count, 4 + n % 5))
        if rnd.random() < 0.1:
            people.append("Guest")
        options: dict = {"players": people}
        if shelf is not None:
            options["shelf"] = shelf
        scores = {p: rnd.randint(0, 12) for p in people}
        order = sorted(set(scores.values()), reverse=not (shelf or {}).get("lowest_wins"))
        places = [[p for p in people if scores[p] == v] for v in order]
        if n % 1000 == 999:
            ticks.now += 86_400 * 30  # a month without games now and then
        game = store.new_game(key, options)
        store.finish(game, {"scores": scores, "places": places, "winners": places[0]})
    store.close()


def _get(port: int, cookie: str, path: str) -> tuple[float, int]:
    """Seconds to answer ``path``, and its bytes."""
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}", "Cookie": cookie})
    answer = conn.getresponse()
    body = answer.read()
    took = time.perf_counter() - began
    assert answer.status == 200, (path, answer.status)
    return took, len(body)


def measure(plays: int = 10_000, *, ratings: bool = True) -> dict[str, Any]:
    """``companion web`` in a process of its own on a log of ``plays`` plays (ratings
    on): the Stats page when it counts the whole log (its first request), then the
    Stats page, a game's page and a player's card with the counts kept, the card just
    after one more game ends; the process's peak RSS (``VmHWM``) before and after."""
    out: dict[str, Any] = {"plays": plays, "ratings": ratings}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        db = folder / "companion.db"
        started = time.perf_counter()
        make_log(db, plays)
        out["log made (s)"] = round(time.perf_counter() - started, 1)
        config = folder / "config.toml"
        config.write_text(f"[records]\nratings = {str(ratings).lower()}\n"
                          f"[state]\ndir = \"{folder}\"\n")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        proc = subprocess.Popen([sys.executable, "-m", "companion", "--config", str(config),
                                 "web", "--host", "127.0.0.1", "--port", str(port),
                                 "--db", str(db)], stdout=subprocess.DEVNULL)
        try:
            for _n in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/static/page.css",
                                           timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            cookie = "companion_phone=" + codes.sign(folder, "bench-phone")
            out["peak RSS before (MiB)"] = round(peak_mib(proc.pid), 1)
            uuid = Store.open_existing(db).player("Ann").uuid  # type: ignore[union-attr]
            took, _size = _get(port, cookie, "/stats")
            out["stats, whole log counted (s)"] = round(took, 2)
            out["peak RSS after counting (MiB)"] = round(peak_mib(proc.pid), 1)
            for label, path in (("stats", "/stats"), ("player card", f"/stats/player/{uuid}"),
                                ("game", "/stats/genial")):
                times = [_get(port, cookie, path) for _n in range(10)]
                median = sorted(t for t, _b in times)[len(times) // 2]
                out[f"{label}, counts kept: median (ms)"] = round(median * 1000, 1)
                out[f"{label} (bytes)"] = times[-1][1]
            store = Store.open(db, clock=Ticks(time.time()))
            store.finish(store.new_game("genial", {"players": ["Ann", "Ben"]}),
                         {"scores": {"Ann": 3, "Ben": 2}, "places": [["Ann"], ["Ben"]],
                          "winners": ["Ann"]})
            store.close()
            took, _size = _get(port, cookie, f"/stats/player/{uuid}")
            out["player card just after one more game (ms)"] = round(took * 1000, 1)
            out["peak RSS at the end (MiB)"] = round(peak_mib(proc.pid), 1)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return out


if __name__ == "__main__":
    words = [a for a in sys.argv[1:] if a != "--no-ratings"]
    for key, value in measure(int(words[0]) if words else 10_000,
                              ratings="--no-ratings" not in sys.argv).items():
        print(f"{key}: {value}")
