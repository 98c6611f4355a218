"""Guards the command line: roll, history (table, CSV, JSON, win counts) and the BG Stats file."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core.dice import Dice
from companion.core.localtime import seconds
from companion.log.store import Store
from companion.owner.roll_command import roll
from companion.records.plays import plays as read_plays
from companion.records.table import win_counts
from tests.bgstats_schema import check_file


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60)


def test_roll_lines() -> None:
    assert roll("2d6", Dice.seeded(1)) == "2d6: 2 5 = 7"
    assert roll("d4", Dice.seeded(1)).startswith("d4: ")
    line = roll("brikks", Dice.seeded(2))
    assert line.startswith("Brikks: ") and "column" in line
    assert roll("brain-robbery", Dice.seeded(2)).startswith("Brain Robbery: ")
    proc = run_cli("roll", "7x")
    assert proc.returncode == 2 and "write NdS" in proc.stderr and "Traceback" not in proc.stderr


def two_finished_games(db: Path) -> None:
    store = Store.open(db)
    a = GameSession.start(store, "genial", {"players": ["Ann", "Bob", "Cy"], "first": 1})
    a.apply({"type": "turn", "points": {"orange": 3}, "all": 2})     # Bob
    a.apply({"type": "turn", "points": {"blue": 1}})                   # Cy
    a.apply({"type": "turn", "points": {"green": 2}, "all": 2})       # Ann
    a.apply({"type": "end_early"})
    b = GameSession.start(store, "genial", {"players": ["Ann", "Dee"]})
    b.apply({"type": "turn", "all": 3})
    b.apply({"type": "end_early"})
    store.close()


def test_history_table_csv_json(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    two_finished_games(db)
    table = run_cli("history", "--db", str(db))
    assert table.returncode == 0
    assert "Genial Spezial" in table.stdout and "Wins per player and game:" in table.stdout
    rows = list(csv.DictReader(io.StringIO(run_cli("history", "--db", str(db), "--csv").stdout)))
    assert len(rows) == 5 and {r["player"] for r in rows} == {"Ann", "Bob", "Cy", "Dee"}
    ann_first = [r for r in rows if r["player"] == "Ann" and r["start_player"] == "0"]
    assert ann_first
    data = json.loads(run_cli("history", "--db", str(db), "--json").stdout)
    assert [d["players"] for d in data] == [["Ann", "Dee"], ["Ann", "Bob", "Cy"]]
    assert data[1]["start_player"] == "Bob"


def test_win_counts(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    two_finished_games(db)
    store = Store.open(db)
    counts = win_counts(read_plays(store))
    # Game 1: Bob 5/2/2/2 beats Ann 2/2/2/4 on the highest colour; game 2: Ann 3s vs Dee 0s.
    assert counts == {("Genial Spezial", "Bob"): 1, ("Genial Spezial", "Ann"): 1}


def test_bgstats_export_passes_the_schema_and_round_trips(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    two_finished_games(db)
    out = tmp_path / "plays.bgsplay"
    proc = run_cli("history", "--db", str(db), "--bgstats", str(out))
    assert proc.returncode == 0 and proc.stdout == f"Wrote 2 plays to {out}\n"
    data = json.loads(out.read_text())
    check_file(data)
    assert data["games"][0]["bggId"] == 40830 and data["games"][0]["name"] == "Genial Spezial"
    players = {p["id"]: p["name"] for p in data["players"]}
    store = Store.open(db)
    originals = read_plays(store)
    assert len(data["plays"]) == len(originals) == 2
    for play, original in zip(data["plays"], originals, strict=True):
        assert play["playDate"] == seconds(original.started) and play["durationMin"] >= 0
        back = []
        for score in play["playerScores"]:
            back.append((players[score["playerRefId"]], score["score"], score["winner"],
                         score["rank"], score["startPlayer"]))
        assert back == [(name, str(original.scores[name]), name in original.winners,
                         original.rank(name), name == original.start_player)
                        for name in original.players]
    assert any(s["startPlayer"] for s in data["plays"][1]["playerScores"])


def test_bgstats_unwritable_path_is_one_line(tmp_path: Path) -> None:
    Store.open(tmp_path / "c.db").close()
    proc = run_cli("history", "--db", str(tmp_path / "c.db"), "--bgstats",
                   str(tmp_path / "no" / "such" / "dir" / "x.json"))
    assert proc.returncode == 2 and proc.stderr.startswith("companion: cannot write")


@pytest.mark.parametrize("args", [["screenshot", "--list"], ["--help"]])
def test_cli_basics(args: list[str]) -> None:
    proc = run_cli(*args)
    assert proc.returncode == 0 and proc.stdout


def test_a_scene_that_fails_is_one_line_not_a_traceback(monkeypatch, tmp_path: Path,
                                                       capsys) -> None:
    from companion.owner import cli, screenshots

    def broken(app) -> None:
        raise ValueError("unknown key 'down'")

    monkeypatch.setitem(screenshots.CORE, "broken-scene", broken)
    code = cli.main(["screenshot", "broken-scene", "--out", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and len(err.splitlines()) == 1
    assert err.startswith("companion: the screen broken-scene cannot be drawn: its scene "
                          "fails with ValueError")


def test_no_wins_heading_over_games_nobody_won(tmp_path: Path) -> None:
    """A dice roller evening has no winner: the table ends with its games, not a heading
    over nothing."""
    from tests.logs import dice_game

    db = tmp_path / "c.db"
    game_id = dice_game(db)
    store = Store.open(db)
    GameSession.resume(store, game_id).apply({"type": "finish"})
    store.close()
    table = run_cli("history", "--db", str(db))
    assert table.returncode == 0 and "Dice roller" in table.stdout
    assert "Wins per player and game:" not in table.stdout, table.stdout
