"""Guards issue 15's whole story on mock pins: four people typed in on the box, a Genial
Spezial and a Brikks game, a restart that offers them first, and history, stats and two
BG Stats exports that name them with the same UUIDs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.name_entry import keys_for
from companion.games.brikks import rules as brikks
from companion.testing import Rig

PEOPLE = ("Hana", "Jo", "Sam", "Noé")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, check=False)


def open_setup(rig: Rig, title: str) -> None:
    rig.keys("back")                         # the start menu, whatever is showing
    rig.app.home()
    rig.pump()
    labels = rig.app.top.items()
    rig.keys(*["down"] * labels.index("New game"), "ok")
    rig.keys(*["down"] * rig.app.top.items().index(title), "ok")


def type_in(rig: Rig, name: str) -> None:
    """Type ``name`` and finish it; a new name is asked about first: OK, yes."""
    for key, long in keys_for(name):
        rig.press(key.lower(), long=long)
    if rig.app.question is not None:
        rig.keys("ok")


def test_four_people_two_games_a_restart_and_the_exports(tmp_path: Path) -> None:
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db, seed=5)
    # -- Genial Spezial: four seats, each a new player typed on the box
    open_setup(rig, "Genial Spezial")
    rig.keys("right", "right")               # Players: 4
    assert "Youngest: Guest 1" in rig.text
    for name in PEOPLE:
        rig.keys("down", "right")              # from Guest N to + New player
        assert "+ New" in rig.text
        rig.keys("ok")
        type_in(rig, name)
        assert f": {name}" in rig.text, rig.text
    rig.keys("ok", "ok", "ok")                # jump to Start, Start, the board → play
    assert rig.app.session.options["players"] == list(PEOPLE)
    for _ in range(4):
        rig.app.play({"type": "turn", "all": 2})
    rig.app.play({"type": "turn", "points": {"orange": 1}})
    rig.keys("long right", "long ok", "ok")   # standings: end the game early, sure
    assert rig.app.session.over
    # -- Brikks with the same four: the setup offers them, most recent first
    open_setup(rig, "Brikks")
    rig.keys("right", "right")                # Players: 4
    for seat, name in enumerate(PEOPLE, start=1):
        assert f"Seat {seat}: {name}" in " | ".join(_rows(rig)), _rows(rig)
    rig.keys("down", "ok", "ok")              # jump to Start, Start
    session = rig.app.session
    assert session.key == "brikks" and sorted(session.options["players"]) == sorted(PEOPLE)
    while session.state.phase == "start":
        s = session.state
        rig.app.play({"type": "start_block", "player": brikks.next_picker(s),
                      "colour": brikks.free_start_blocks(s)[0]})
    rig.app.play({"type": "roll", "number": 1, "colour": "red"})
    for i in range(4):
        rig.app.play({"type": "out", "player": i})
    for i in range(4):
        rig.app.play({"type": "score", "player": i, "rows": [i + 5] * 11, "bonus_marks": 0,
                      "bombs_left": 0, "energy_left": 0})
    assert session.over
    rig.close()
    # -- restart: the setup opens on the last table, the cursor on Start (issue 35)
    rig = Rig(db=db, seed=6)
    open_setup(rig, "Genial Spezial")
    seats = [line.split(": ", 1)[1] for line in _rows(rig) if line.startswith(("Youngest", "Seat"))]
    assert seats == list(PEOPLE) and rig.app.top.rows()[rig.app.top.row] is None
    rig.keys("down", "down", "right", "right")  # the first seat: a guest, + New player
    assert "Youngest: + New" in rig.text
    uuids = {p.name: p.uuid for p in rig.store.players()}
    rig.close()
    # -- history, stats and two BG Stats exports name them, with the same UUIDs
    history = json.loads(cli("history", "--db", db, "--json").stdout)
    assert [sorted(g["players"]) for g in history] == [sorted(PEOPLE)] * 2
    stats = json.loads(cli("stats", "--db", db, "--json").stdout)
    assert {p["name"]: p["plays"] for p in stats["players"]} == dict.fromkeys(PEOPLE, 2)
    assert stats["records"]["brikks"][0]["label"] == "Most wins"
    table = cli("stats", "--db", db, "--player", "noé").stdout
    assert table.splitlines()[1].startswith("Noé")
    exports = []
    for n in (1, 2):
        out = tmp_path / f"plays{n}.bgsplay"
        assert cli("history", "--db", db, "--bgstats", str(out)).returncode == 0
        exports.append(json.loads(out.read_text(encoding="utf-8")))
    for data in exports:
        assert {p["name"]: p["uuid"] for p in data["players"]} == uuids
        assert not any(p["isAnonymous"] for p in data["players"])
        assert {g["bggId"] for g in data["games"]} > {0}


def _rows(rig: Rig) -> list[str]:
    """Every row of the setup, not only the four on screen."""
    return [r.line() if r is not None else "Start" for r in rig.app.top.rows()]


def test_a_half_typed_name_is_gone_after_a_kill_and_confirmed_ones_stay(tmp_path) -> None:
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db)
    open_setup(rig, "Genial Spezial")
    rig.keys("down", "right", "ok")
    type_in(rig, "Hana")                       # confirmed: on the roster at once
    rig.keys("down", "right", "ok", "ok", "ok")  # "Aa" typed, never finished
    assert rig.app.top.kb.text == "Aa"
    rig.app.stack.clear()                      # the process dies here: nothing is flushed
    rig.pad.close()
    rig.factory.reset()
    rig = Rig(db=db)
    assert [p.name for p in rig.store.players(hidden=True)] == ["Hana"]
    rig.close()


def test_a_bad_name_on_the_box_is_one_line_and_saves_nothing(tmp_path) -> None:
    rig = Rig(db=str(tmp_path / "companion.db"), players=("Hana",))
    open_setup(rig, "Genial Spezial")
    rig.keys("down", "right", "right", "ok")   # Hana, Guest 1, + New player
    type_in(rig, "HANA")
    assert "Hana is already on | the roster" in rig.text
    rig.keys("ok")                             # the message goes; the typing stays
    for _ in range(4):
        rig.keys("back")
    rig.keys("long ok")                        # nothing typed: "needs at least one letter"
    assert "least one letter" in rig.text
    assert [p.name for p in rig.store.players(hidden=True)] == ["Hana"]
    rig.close()
