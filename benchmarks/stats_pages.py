"""``python -m benchmarks.stats_pages [PLAYS]``: the Stats page and a player's card on a
log of 10,000 plays (a group of eight regulars and a guest over years, box games and
shelf games, ties, solo games): each page's time when first counted and when kept, and
the web process's memory (its peak resident size, and Python's peak while counting).

:func:`make_log` is the log the tests of the stats pages count against too.
"""

from __future__ import annotations

import random
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import codes
from companion.web.site import create_app

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


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _timed(client, path: str) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    began = time.perf_counter()
    page = client.get(path)
    took = time.perf_counter() - began
    assert page.status_code == 200, (path, page.status_code)
    return took, len(page.get_data())


def _app(folder: Path):  # type: ignore[no-untyped-def]
    app = create_app(folder / "companion.db", from_mapping({
        "state": {"dir": str(folder)}, "records": {"ratings": True}}))
    client = app.test_client()
    client.get(f"/P/{codes.new_code(folder)}")
    return app, client


def measure(plays: int = 10_000) -> dict[str, float]:
    """Times in this process (ratings on); Python's peak while counting in a second
    application on the same log, under tracemalloc (which slows it, so not timed)."""
    out: dict[str, float] = {"plays": plays}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        db = folder / "companion.db"
        started = time.perf_counter()
        make_log(db, plays)
        out["log made (s)"] = round(time.perf_counter() - started, 1)
        app, client = _app(folder)
        out["RSS before (MiB)"] = round(_rss_mib(), 1)
        uuid = Store.open_existing(db).player("Ann").uuid  # type: ignore[union-attr]
        took, _size = _timed(client, "/stats")
        out["stats, whole log counted (s)"] = round(took, 2)
        for label, path in (("stats", "/stats"), ("player card", f"/stats/player/{uuid}"),
                            ("game", "/stats/genial")):
            times = [_timed(client, path) for _n in range(5)]
            out[f"{label}, counts kept (ms)"] = round(
                sum(t for t, _b in times) / len(times) * 1000, 1)
            out[f"{label} (bytes)"] = times[-1][1]
        store = Store.open(db, clock=Ticks(time.time()))
        store.finish(store.new_game("genial", {"players": ["Ann", "Ben"]}),
                     {"scores": {"Ann": 3, "Ben": 2}, "places": [["Ann"], ["Ben"]],
                      "winners": ["Ann"]})
        store.close()
        took, _size = _timed(client, f"/stats/player/{uuid}")
        out["player card after one more game (ms)"] = round(took * 1000, 1)
        out["whole-log counts"] = app.extensions["companion_stats"].recounts
        out["RSS peak (MiB)"] = round(_rss_mib(), 1)
        app.extensions["companion"].close()
        other, client = _app(folder)
        tracemalloc.start()
        _timed(client, "/stats")
        out["Python peak while counting (MiB)"] = round(
            tracemalloc.get_traced_memory()[1] / 2**20, 1)
        tracemalloc.stop()
        other.extensions["companion"].close()
    return out


if __name__ == "__main__":
    for key, value in measure(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000).items():
        print(f"{key}: {value}")
