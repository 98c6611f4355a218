"""Guards that exports say what happened: every game's seats and start player as set up
on the box, local times (UTC in the log), and an explicit winner and ranks in BG Stats
wherever the scores alone do not decide; plus the one-line ``history --bgstats``."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.config import registry
from companion.config.registry import position
from companion.log.store import Store
from companion.testing import Rig
from tests.bgstats_schema import check_file

ROOT = Path(__file__).resolve().parents[2]
#: The people on the box's roster, offered for seats 1, 2, … in this order.
ROSTER = ("Red", "Blue", "Yellow", "Green", "Purple")


def run_cli(*args: str, tz: str = "UTC") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "TZ": tz, "PYTHONPATH": str(ROOT)})


def setup_row(rig: Rig, label: str) -> None:
    """Move a setup screen's cursor to the row starting with ``label``."""
    for _ in range(12):
        setup = rig.app.top
        if [r.line() if r else "Start" for r in setup.rows()][setup.row].startswith(label):
            return
        rig.keys("down")
    raise AssertionError(f"no setup row {label!r}")


def first_to_play(rig: Rig) -> str:
    """Who the game itself lets play first, read from its state at the start."""
    s, key = rig.app.session.state, rig.app.session.key
    rules = registry.rules(key)
    if key == "genial":
        return rules.current_player(s)
    if key == "brain_crush":
        return s.players[s.to_play]
    if key == "area_tiles":
        return s.first
    if key == "brain_robbery":
        return s.players[rig.app.session.options["first"]].name
    return s.players[0]  # Brikks (the starter is turned to seat 0), the stones, the dice


# game → (keys on its setup screen after opening it, the seats as set up)
SETUPS: dict[str, tuple[list[str], list[str]]] = {
    "dice_roller": ([], ["Table"]),
    "dice_test": (["ok", "ok"], ["Table"]),
    "genial": (["right", "down", "down", "down", "right", "ok", "ok", "ok"],
               ["Red", "Blue", "Green"]),  # 3 players, Starts: random; board → OK
    "brikks": (["@Starts", "right", "right", "ok", "ok"], ["Red", "Blue"]),  # Blue starts
    "brain_robbery": (["left", "@Starts", "right", "right", "ok", "ok"],
                      ["Red", "Blue", "Yellow"]),  # 3 players, Blue starts
    "four_stones": (["ok", "ok"], ["Red", "Blue", "Yellow", "Green"]),
    "brain_crush": (["left", "@Starts", "right", "ok", "ok"], ["Red", "Blue", "Yellow"]),
    "area_tiles": (["ok", "ok"], ["Red", "Blue", "Yellow"]),
}


@pytest.mark.parametrize("game", list(SETUPS))
def test_seats_and_start_player_come_out_as_set_up(game: str, tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    rig = Rig(db=str(db), seed=5, players=ROSTER)
    try:
        rig.keys("ok", *["down"] * position(game), "ok")  # New game → the game
        keys, seats = SETUPS[game]
        for key in keys:
            setup_row(rig, key[1:]) if key.startswith("@") else rig.keys(key)
        session = rig.app.session
        assert session is not None and session.key == game, rig.text
        starter = first_to_play(rig)
        if game == "brikks":
            assert starter == "Blue"  # seat 2 was chosen
        if game == "brain_robbery":
            assert starter == "Blue"
        # The scores are not what this test is about: a stand-in result finishes it.
        rig.store.finish(session.game_id, {"places": [seats], "scores": {}, "winners": seats,
                                           "detail": ""})
    finally:
        rig.close()
    data = json.loads(run_cli("history", "--db", str(db), "--json").stdout)
    assert data[0]["players"] == seats and data[0]["start_player"] == starter
    rows = list(csv.DictReader(io.StringIO(run_cli("history", "--db", str(db), "--csv").stdout)))
    assert [r["player"] for r in rows] == seats
    assert [r["seat"] for r in rows] == [str(n) for n in range(1, len(seats) + 1)]
    assert [r["player"] for r in rows if r["start_player"] == "1"] == [starter]
    out = tmp_path / "plays.bgsplay"
    assert run_cli("history", "--db", str(db), "--bgstats", str(out),
                   "--include-tools").returncode == 0  # the dice tools too, asked for
    bg = json.loads(out.read_text())
    check_file(bg)
    names = {p["id"]: p["name"] for p in bg["players"]}
    scores = sorted(bg["plays"][0]["playerScores"], key=lambda s: s["seatOrder"])
    assert [names[s["playerRefId"]] for s in scores] == seats
    assert [names[s["playerRefId"]] for s in scores if s["startPlayer"]] == [starter]


def test_times_are_local_in_exports_and_on_the_box_and_utc_in_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "c.db"
    store = Store.open(db, clock=lambda: 1795377600.0)  # 2026-11-22 20:00 UTC
    game = GameSession.start(store, "dice_roller", {"players": ["Table"]})
    game.apply({"type": "finish"})
    assert store.game(game.game_id).started == "2026-11-22T20:00:00+00:00"  # the log: UTC
    store.close()
    data = json.loads(run_cli("history", "--db", str(db), "--json", tz="Asia/Tokyo").stdout)
    assert data[0]["started"] == "2026-11-23T05:00:00+09:00"
    out = tmp_path / "p.bgsplay"
    run_cli("history", "--db", str(db), "--bgstats", str(out), "--include-tools",
            tz="Asia/Tokyo")
    assert json.loads(out.read_text())["plays"][0]["playDate"] == "2026-11-23 05:00:00"
    table = run_cli("history", "--db", str(db), tz="Asia/Tokyo").stdout
    assert "2026-11-23" in table and "2026-11-22" not in table
    # On the box: History and its detail page show the box's local time too.
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        rig = Rig(db=str(db))
        rig.keys("down", "ok")  # History
        assert "11-23 Dice roller" in rig.app.texts
        rig.keys("ok")
        assert "Started 11-23 05:00" in rig.app.texts
        rig.close()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def tie_broken(db: Path) -> None:
    """A Genial game won on the tie-break: Ann and Bob both have 2 as their lowest."""
    store = Store.open(db)
    g = GameSession.start(store, "genial", {"players": ["Ann", "Bob"]})
    g.apply({"type": "turn", "points": {"orange": 3}, "all": 2})  # Ann 5 2 2 2
    g.apply({"type": "turn", "all": 2})                            # Bob 2 2 2 2
    g.apply({"type": "end_early"})
    h = GameSession.start(store, "genial", {"players": ["Ann", "Bob"]})
    h.apply({"type": "turn", "all": 3})
    h.apply({"type": "turn", "all": 1})
    h.apply({"type": "end_early"})
    store.close()


def test_a_tie_break_winner_is_marked_in_bg_stats(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    tie_broken(db)
    out = tmp_path / "p.bgsplay"
    proc = run_cli("history", "--db", str(db), "--bgstats", str(out))
    assert proc.stdout == f"Wrote 2 plays to {out}\n"  # one line, nothing else
    bg = json.loads(out.read_text())
    names = {p["id"]: p["name"] for p in bg["players"]}
    by_score, tie_break = bg["plays"]  # newest first
    assert by_score["manualWinner"] is False
    assert tie_break["manualWinner"] is True
    marks = {names[s["playerRefId"]]: (s["score"], s["winner"], s["rank"])
             for s in tie_break["playerScores"]}
    assert marks == {"Ann": ("2", True, 1), "Bob": ("2", False, 2)}


def test_history_bgstats_says_one_line_and_csv_stays_clean(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = Store.open(db)
    g = GameSession.start(store, "dice_roller", {"players": ["Table"]})
    g.apply({"type": "finish"})
    store.close()
    out = tmp_path / "one.bgsplay"
    proc = run_cli("history", "--db", str(db), "--bgstats", str(out), "--include-tools")
    assert proc.returncode == 0 and proc.stdout == f"Wrote 1 play to {out}\n"
    proc = run_cli("history", "--db", str(db), "--csv", "--bgstats", str(out),
                   "--include-tools")
    assert proc.stdout.startswith("id,game,") and proc.stderr == f"Wrote 1 play to {out}\n"


def test_roll_honours_config(tmp_path: Path) -> None:
    proc = run_cli("--config", str(tmp_path / "missing.toml"), "roll", "2d6")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"companion: config file {tmp_path / 'missing.toml'} does not exist.\n"
    bad = tmp_path / "bad.toml"
    bad.write_text('[display]\ncontrast = 999\n')
    proc = run_cli("--config", str(bad), "roll", "2d6")
    assert proc.returncode == 2 and "display.contrast" in proc.stderr
    good = tmp_path / "good.toml"
    good.write_text('[display]\ncontrast = 100\n')
    proc = run_cli("--config", str(good), "roll", "2d6")
    assert proc.returncode == 0 and proc.stdout.startswith("2d6: ")
