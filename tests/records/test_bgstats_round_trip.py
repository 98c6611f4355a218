"""Guards issue 34's whole story: a BG Stats group's players come onto the box with the
UUIDs BG Stats knows them by, an evening is played on mock pins (a dice roller session,
a solo Brikks game, a Genial Spezial game set aside for a while and resumed), and the
export carries those UUIDs, leaves the dice roller out, gives the solo game no winner,
counts only the time played and passes the file's JSON Schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.log.store import Store
from companion.records.bgstats import play_link
from companion.records.plays import plays as read_plays
from companion.testing import Clock, Rig
from tests.bgstats_schema import check_file, link_data

#: A BG Stats export of four players: one Japanese name, one the roster has as "ann",
#: and BG Stats' anonymous player, which stays out.
GROUP = {
    "about": "This is a Play file that can be read by Board Game Stats.",
    "players": [
        {"uuid": "6D0B1C52-3A4E-4F1A-9E0B-1B2C3D4E5F01", "id": 1, "name": "Ann",
         "isAnonymous": False, "modificationDate": "2025-01-02 20:00:00"},
        {"uuid": "6D0B1C52-3A4E-4F1A-9E0B-1B2C3D4E5F02", "id": 2, "name": "さくら",
         "isAnonymous": False, "modificationDate": "2025-01-02 20:00:00"},
        {"uuid": "6D0B1C52-3A4E-4F1A-9E0B-1B2C3D4E5F03", "id": 3, "name": "Ben",
         "isAnonymous": False, "modificationDate": "2025-01-02 20:00:00"},
        {"uuid": "6D0B1C52-3A4E-4F1A-9E0B-1B2C3D4E5F04", "id": 4, "name": "Dev",
         "isAnonymous": False, "modificationDate": "2025-01-02 20:00:00"},
        {"uuid": "6D0B1C52-3A4E-4F1A-9E0B-1B2C3D4E5F05", "id": 5, "name": "Anonymous player",
         "isAnonymous": True, "modificationDate": "2025-01-02 20:00:00"},
    ],
    "locations": [], "games": [], "plays": [], "userInfo": {"meRefId": 1},
}
UUIDS = {p["name"]: p["uuid"] for p in GROUP["players"] if not p["isAnonymous"]}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command, in English, on a box whose clock is in UTC (so are the dates below)."""
    env = {**os.environ, "TZ": "UTC", "LANGUAGE": "en", "LC_ALL": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, encoding="utf-8", env=env)


def _resume(rig: Rig, game: str) -> None:
    """Start menu → *To {game}* (the game set aside), with the buttons."""
    rig.app.home()
    items = rig.app.top.items()
    assert items[0] == f"To {game}", items  # set aside, offered first
    rig.keys(*["down"] * ((0 - rig.app.top.index) % len(items)), "ok")


def test_a_bgstats_group_plays_an_evening_and_goes_back(tmp_path: Path) -> None:
    db, export = str(tmp_path / "companion.db"), tmp_path / "BGStatsExport.json"
    export.write_text(json.dumps(GROUP, ensure_ascii=False), encoding="utf-8")
    store = Store.open(db)
    before = store.add_player("ann").uuid  # on the roster already, in another case
    store.close()
    # -- the plan first: shown, nothing changed
    dry = cli("players", "--db", db, "import", str(export), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "ann takes 6D0B1C52-3A4E-4F1A-9E0B-1B2C3D4E5F01 (as Ann in BG Stats)." in dry.stdout
    assert "さくら is added with" in dry.stdout and "Anonymous" not in dry.stdout
    store = Store.open(db)
    assert [(p.name, p.uuid) for p in store.players()] == [("ann", before)]
    store.close()
    done = cli("players", "--db", db, "import", str(export))
    assert done.returncode == 0 and "--dry-run" not in done.stdout, done.stderr
    # -- the evening, on mock pins
    clock = Clock(1_795_377_600.0)  # 2026-11-22 20:00 UTC
    rig = Rig(db=db, seed=3)
    rig.store.clock = clock
    try:
        rig.open_game("dice_roller")             # the dice roller, from the game menu
        rig.keys("ok")
        rig.press("roll")
        rig.press("roll")
        clock.now += 120
        rig.app.play({"type": "finish"})
        assert rig.app.session.over
        clock.now += 60
        rig.app.start_game("genial", {"players": ["ann", "さくら", "Ben", "Dev"], "first": 2})
        clock.now += 60
        rig.app.play({"type": "turn", "all": 2})
        clock.now += 60                          # two minutes into Genial Spezial...
        rig.open_game("brikks")                  # ...set aside for a solo Brikks game
        assert "Genial" not in rig.app.session.key
        rig.app.start_game("brikks", {"players": ["さくら"]})
        for action in ({"type": "start_block", "player": 0, "colour": "red"},
                       {"type": "roll", "number": 1, "colour": "red"},
                       {"type": "out", "player": 0}):
            clock.now += 200
            rig.app.play(action)
        rig.app.play({"type": "score", "player": 0, "rows": [10] * 9 + [8, 0],
                      "bonus_marks": 0, "bombs_left": 0, "energy_left": 0})
        assert rig.app.session.over
        clock.now += 300                         # a break: nothing on the box
        _resume(rig, "Genial Spezial")
        assert rig.app.session.key == "genial" and "Resumed" in rig.text
        clock.now += 60
        rig.app.play({"type": "end_early"})
        assert rig.app.session.over
    finally:
        rig.close()
    # -- the export
    out = tmp_path / "plays.bgsplay"
    wrote = cli("history", "--db", db, "--bgstats", str(out))
    assert wrote.returncode == 0 and wrote.stdout == f"Wrote 2 plays to {out}\n", wrote.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    check_file(data)
    people = {p["name"]: p["uuid"] for p in data["players"]}
    assert people == {"ann": UUIDS["Ann"], "さくら": UUIDS["さくら"], "Ben": UUIDS["Ben"],
                      "Dev": UUIDS["Dev"]}
    assert not any(p["isAnonymous"] for p in data["players"])
    assert [g["name"] for g in data["games"]] == ["Brikks", "Genial Spezial"]  # no dice roller
    brikks, genial = data["plays"]  # the newest game first
    assert brikks["playerScores"] == [{"playerRefId": 1, "score": "67", "winner": False,
                                       "rank": 0, "startPlayer": True, "newPlayer": False,
                                       "seatOrder": 1}]
    assert brikks["manualWinner"] is False and brikks["durationMin"] == 10
    # Genial Spezial: 20:03 to 20:21, of which 20:05 to 20:20 set aside: 3 minutes played
    assert genial["durationMin"] == 3
    assert [s["startPlayer"] for s in genial["playerScores"]] == [False, False, True, False]
    # -- the same plays keep their UUIDs in every export, chosen by game or date or not
    again = tmp_path / "genial.bgsplay"
    assert cli("history", "--db", db, "--bgstats", str(again), "--game", "genial",
               "--since", "2026-11-22").returncode == 0
    (same,) = json.loads(again.read_text(encoding="utf-8"))["plays"]
    assert same["uuid"] == genial["uuid"]
    later = tmp_path / "later.bgsplay"
    assert cli("history", "--db", db, "--bgstats", str(later), "--since",
               "2026-11-23").stdout == f"Wrote 0 plays to {later}\n"
    # -- the link for other apps names the same game, players and play
    store = Store.open(db)
    try:
        links = [link_data(play_link(p)) for p in read_plays(store) if not p.tool]
    finally:
        store.close()
    assert [link["sourcePlayId"] for link in links] == [brikks["uuid"], genial["uuid"]]
    assert {p["name"]: p["sourcePlayerId"] for p in links[1]["players"]} == people
    assert links[1]["game"]["sourceGameId"] == data["games"][1]["uuid"]
    assert links[0]["players"][0]["winner"] is False and links[1]["durationMin"] == 3
