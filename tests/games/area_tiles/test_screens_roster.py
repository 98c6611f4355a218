"""Guards Area Tiles seating people from the roster (issue 15) on mock pins: the setup
offers the roster in colour seats, the game is played to the end by keys, and history,
stats and the BG Stats export name the people with their roster UUIDs; each person
keeps the colour (and so the symbol) of their seat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.config.registry import position
from companion.games.area_tiles import rules
from companion.testing import Rig

#: The group on the box's roster, in the order a fresh log offers them.
ROSTER = ("Hana", "Jo", "Sam", "Noé")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, check=False)


def open_setup(rig: Rig) -> None:
    rig.keys("ok", *["down"] * position("area_tiles"), "ok")
    assert "setup" in rig.text


def setup_rows(rig: Rig) -> list[str]:
    """Every row of the setup, not only the four on screen."""
    return [r.line() if r is not None else "Start" for r in rig.app.top.rows()]


def areas(rig: Rig, *sizes: int) -> None:
    """On a player's "+ new area": enter areas of ``sizes`` blocks, back to the list."""
    rig.keys("ok")
    for blocks in sizes:
        rig.keys(*["up"] * (blocks - rules.MIN_BLOCKS), "ok")
    rig.keys("back")


def test_people_from_the_roster_play_colours_and_are_named_everywhere(tmp_path: Path) -> None:
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db, seed=4, players=ROSTER)
    open_setup(rig)
    assert setup_rows(rig)[:4] == ["Players: 3", "Red: Hana", "Blue: Jo", "Yellow: Sam"]
    rig.keys("down", "down", "down", "right")  # the yellow seat: Sam → Noé
    assert "Yellow: Noé" in rig.text
    rig.keys("ok", "ok")  # OK jumps to Start, OK starts
    state = rig.app.session.state
    assert state.players == ("Hana", "Jo", "Noé") and state.colours == rules.COLOURS
    rig.keys("ok")  # every tile is down
    assert "Hana's areas" in rig.text
    areas(rig, 10, 7)
    rig.keys("ok")  # Next: Jo
    areas(rig, 12)
    rig.keys("ok")  # Next: Noé
    areas(rig, 5, 5, 5)
    rig.keys("ok", "ok")  # Finish entry, sure
    assert rules.is_over(rig.app.session.state) and "Hana wins" in rig.text
    uuids = {p.name: p.uuid for p in rig.store.players()}
    rig.close()

    history = json.loads(cli("history", "--db", db, "--json").stdout)
    assert history[0]["game"] == "Area Tiles" and history[0]["players"] == ["Hana", "Jo", "Noé"]
    assert history[0]["winners"] == ["Hana"]
    stats = json.loads(cli("stats", "--db", db, "--json").stdout)
    plays = {p["name"]: p["plays"] for p in stats["players"]}
    assert plays == {"Hana": 1, "Jo": 1, "Noé": 1}
    out = tmp_path / "plays.bgsplay"
    assert cli("history", "--db", db, "--bgstats", str(out)).returncode == 0
    bg = json.loads(out.read_text(encoding="utf-8"))
    assert {p["name"]: p["uuid"] for p in bg["players"]} == {
        n: uuids[n] for n in ("Hana", "Jo", "Noé")}
    assert not any(p["isAnonymous"] for p in bg["players"])
    names = {p["id"]: p["name"] for p in bg["players"]}
    scores = sorted(bg["plays"][0]["playerScores"], key=lambda s: s["seatOrder"])
    assert [names[s["playerRefId"]] for s in scores] == ["Hana", "Jo", "Noé"]
    assert [s["winner"] for s in scores] == [True, False, False]

    # The next game offers the people who just played first: one press per seat at most.
    rig = Rig(db=db, seed=5)
    open_setup(rig)
    assert setup_rows(rig)[1:4] == ["Red: Hana", "Blue: Jo", "Yellow: Noé"]
    rig.close()


def test_two_people_choose_their_pair_of_colours(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left")  # Players: 2
    assert setup_rows(rig)[:4] == ["Players: 2", "Red: Hana", "Blue: Jo", "Colours: Red+Blue"]
    rig.keys("down", "down", "down", "left")  # the pair: blue+yellow (wraps round)
    assert setup_rows(rig)[1:4] == ["Blue: Hana", "Yellow: Jo", "Colours: Blue+Yellow"]
    rig.keys("ok", "ok")
    state = rig.app.session.state
    assert state.players == ("Hana", "Jo") and state.colours == ("blue", "yellow")
    assert rules.colour_of(state, "Jo") == "yellow"  # Jo owns the triangles


def test_a_new_player_typed_in_the_setup_takes_a_colour_seat(rig: Rig) -> None:
    from benchmarks.name_entry import keys_for

    open_setup(rig)
    setup = rig.app.top
    while setup.rows()[setup.row] is not setup.seats[0]:
        rig.keys("down")  # to the red seat (the setup may open on Start: issue 35)
    while "Red: + New player" not in rig.text:
        rig.keys("right")  # past the people not at the table and a guest
        assert rig.presses < 40
    rig.keys("ok")
    for key, long in keys_for("Aiko"):
        rig.press(key.lower(), long=long)
    assert rig.store.player("Aiko") is None  # asked first (issue 35)
    rig.keys("ok")
    assert "Red: Aiko" in rig.text
    rig.keys("ok", "ok")
    assert rig.app.session.state.players[0] == "Aiko"
    assert rig.store.player("Aiko") is not None
