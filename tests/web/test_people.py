"""Guards that the Players page costs a page of cards, not the roster squared (issue 43):
each card once carried a list of every other player to merge into (800 players: 3.1 s
and 14 MB). benchmarks/players_page.py has 200/800/5,000 players."""

from __future__ import annotations

from pathlib import Path

from companion.log.store import Store
from companion.web import import_page, people
from tests.web.conftest import pair


def roster(db: Path, count: int) -> None:
    store = Store.open(db)
    store._db.execute("PRAGMA synchronous=OFF")  # a test's roster, not a night to keep
    have = len(store.players(hidden=True))
    for n in range(have, count):
        store.add_player(f"Player {n:05d}")
    store.close()


def test_the_players_page_grows_by_a_page_not_by_the_roster_squared(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    sizes = {}
    for count in (100, 400):
        roster(folder / "companion.db", count)
        page = client.get("/players")
        assert page.status_code == 200
        sizes[count] = len(page.get_data())
    assert sizes[400] < 2 * sizes[100], sizes


def test_every_player_is_on_some_page_and_can_be_merged(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    roster(folder / "companion.db", people.PAGE + 10)
    seen = set()
    for first in range(0, people.PAGE + 10, people.PAGE):
        text = client.get(f"/players?from={first}").get_data(as_text=True)
        seen |= {line.split("<h2>")[1].split("<")[0] for line in text.split("\n")
                 if "<h2>" in line} | {part.split("<")[0] for part in text.split(
                     '<details class="card player"><summary><h2>')[1:]}
    assert {f"Player {n:05d}" for n in range(2, people.PAGE + 10)} <= seen
    assert client.get("/players?from=junk").status_code == 200
    moved = client.post("/players/merge", data={"name": "Player 00005", "into": "Ann",
                                                "csrf": token, "sure": "1"})
    assert moved.status_code == 303


def test_a_big_import_shows_a_page_of_its_plan_and_counts_the_rest(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    """An 8 MiB export (over 100,000 players) listed every one on the page, the page
    alone tens of MiB (issue 43): the plan's first lines are shown, the rest counted."""
    import io
    import json
    import uuid

    token = pair(client, folder, clock)
    data = json.dumps({"players": [{"uuid": str(uuid.UUID(int=n + 1)), "name": f"P{n:04d}"}
                                   for n in range(import_page.PLAN_SHOWN + 1234)]}).encode()
    page = client.post("/players/import", data={"csrf": token,
                                                "file": (io.BytesIO(data), "g.json")})
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and text.count("is added with") == import_page.PLAN_SHOWN
    assert "…and 1,234 more players." in text
    done = client.post("/players/import/confirm", data={"csrf": token})
    assert done.status_code == 303
    assert len(Store.open_existing(folder / "companion.db").players()) == 2 + 1284
