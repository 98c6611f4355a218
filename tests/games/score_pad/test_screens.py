"""Guards the score pad: a shelf of three games from a test config, each scored through
the box on mock pins and exported (BG Stats with bggId and "lowest wins"), shared
places, the category sheet's totals, editing a cell from the table, undo and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.config.shelf import shelf_games
from companion.core.errors import RuleError
from companion.games.score_pad import rules
from companion.records.bgstats import as_bgstats
from companion.records.csv_export import as_csv
from companion.records.json_export import as_json
from companion.records.plays import plays as read_plays
from companion.records.table import as_table
from companion.testing import Rig
from tests.bgstats_schema import check_file

SHELF = [
    {"title": "Carcassonne", "bgg_id": 822, "players": [2, 5],
     "categories": ["Roads", "Cities", "Cloister", "Fields"]},
    {"title": "Golf", "players": [2, 6], "wins": "lowest", "rounds": 3},
    {"title": "Azul", "bgg_id": 230802, "players": [2, 4]},
]

#: The people on the box's roster, offered for seats 1, 2, … in this order.
ROSTER = ("Red", "Blue", "Yellow", "Green", "Purple")


def shelf_rig(tmp_path: Path) -> Rig:
    return Rig(db=str(tmp_path / "companion.db"), players=ROSTER, config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}, "shelf": SHELF}))


def open_pad(rig: Rig, game: int) -> None:
    """New game → Score pad → the shelf's game number ``game`` → Start with two players."""
    rig.open_game("score_pad")
    assert rig.app.top.items() == ["Carcassonne", "Golf", "Azul", "Other game"]
    rig.keys(*["down"] * game, "ok", "ok", "ok")


def enter(rig: Rig, points: int) -> None:
    """Key in ``points`` with the ±5 and ±1 steps, then OK."""
    big, small = divmod(abs(points), 5)
    sign = 1 if points >= 0 else -1
    rig.keys(*(["right" if sign > 0 else "left"] * big), *(["up" if sign > 0 else "down"] * small),
             "ok")


def test_three_shelf_games_scored_through_the_box_and_exported(tmp_path: Path) -> None:
    rig = shelf_rig(tmp_path)
    try:
        # Carcassonne: a category sheet, Red vs Blue
        open_pad(rig, 0)
        assert "Carcassonne" in rig.text and "Roads" in rig.text and "Red" in rig.text
        for points in (6, 9, 24, 16, 9, 0, 7, 14):       # Roads, Cities, Cloister, Fields
            enter(rig, points)
        assert "Every score is in" in rig.text
        rig.keys("ok")
        assert rig.app.session.over and "Results" in rig.text
        assert "1. | Red | 46" in rig.text and "2. | Blue | 39" in rig.text

        # Golf: three rounds, lowest wins, a tie for first
        rig.keys("back")
        open_pad(rig, 1)
        for points in (4, 5, 3, 2, 5, 5):
            enter(rig, points)
        rig.keys("ok")
        assert "low wins" in rig.text and "1= | Red | 12" in rig.text \
            and "1= | Blue | 12" in rig.text

        # Azul: open rounds, finished from the pad's menu
        rig.keys("back")
        open_pad(rig, 2)
        for points in (12, 20, 31, 27):
            enter(rig, points)
        assert "R3" in rig.text
        rig.keys("long ok", "down", "down", "ok", "ok")   # Finish: results, confirm
        assert rig.app.session.state.cells == ((12, 20), (31, 27))
        assert "1. | Blue | 47" in rig.text

        plays = read_plays(rig.store)
        assert [p.game for p in plays] == ["Azul", "Golf", "Carcassonne"]
        bg = as_bgstats(plays)
        check_file(bg)
        games = {g["name"]: g for g in bg["games"]}
        assert games["Carcassonne"]["bggId"] == 822 and games["Carcassonne"]["highestWins"]
        assert games["Golf"]["bggId"] == 0 and games["Golf"]["highestWins"] is False
        assert games["Azul"]["bggId"] == 230802
        golf = next(p for p in bg["plays"] if p["gameRefId"] == games["Golf"]["id"])
        assert [(s["score"], s["rank"], s["winner"]) for s in golf["playerScores"]] == [
            ("12", 1, True), ("12", 1, True)]
        data = json.loads(as_json(plays))
        assert data[2]["game"] == "Carcassonne" and data[2]["bgg_id"] == 822
        assert data[1]["highest_wins"] is False
        assert "Golf" in as_table(plays) and "Carcassonne" in as_csv(plays)
    finally:
        rig.close()


def test_lowest_wins_ranks_upward_and_ties_share_a_place() -> None:
    shelf = {"title": "Golf", "lowest_wins": True}
    s = rules.new_game({"players": ["Ann", "Bob", "Cy", "Dee"], "shelf": shelf})
    for player, points in enumerate((40, 35, 52, 35)):
        s = rules.step(s, {"type": "score", "row": 0, "player": player, "points": points})
    result = rules.result(rules.step(s, {"type": "finish"}))
    assert result.places == (("Bob", "Dee"), ("Ann",), ("Cy",))
    assert result.winners == ("Bob", "Dee")
    assert result.detail == "Golf: 1 round, lowest wins"


def test_a_category_sheet_totals_every_column() -> None:
    entry = shelf_games(SHELF)[0]
    s = rules.new_game({"players": ["Ann", "Bob", "Cy"], "shelf": entry})
    assert rules.rows(s) == 4 and rules.row_name(s, 2) == "Cloister"
    sheet = ((3, 0, 8), (12, -2, 10), (0, 9, 4), (6, 6, 0))
    for r, row in enumerate(sheet):
        for p, v in enumerate(row):
            s = rules.step(s, {"type": "score", "row": r, "player": p, "points": v})
    assert rules.totals(s) == (21, 13, 22)
    assert rules.complete(s) and rules.places(s) == (("Cy",), ("Ann",), ("Bob",))
    with pytest.raises(RuleError, match="row 4 is not on this pad"):
        rules.step(s, {"type": "score", "row": 4, "player": 0, "points": 1})


@pytest.mark.parametrize(("options", "message"), [
    ({"players": ["Ann"], "shelf": {"title": "Azul", "players": [2, 4]}}, "2–4 players"),
    ({"players": ["Ann", "Bob"], "shelf": {"title": ""}}, "title is 1 to 24"),
    ({"players": ["Ann", "Bob"], "shelf": {"title": "X", "rounds": 99}},
     "rounds is 0 .open. to 50"),
])
def test_bad_options_are_refused(options, message) -> None:
    with pytest.raises(RuleError, match=message):
        rules.new_game(options)


def test_points_out_of_range_and_an_empty_finish_are_refused() -> None:
    s = rules.new_game({"players": ["Ann", "Bob"], "shelf": {"title": "Azul"}})
    with pytest.raises(RuleError, match="no points entered"):
        rules.step(s, {"type": "finish"})
    with pytest.raises(RuleError, match="whole number"):
        rules.step(s, {"type": "score", "row": 0, "player": 0, "points": 1.5})


def test_a_cell_edited_from_the_table_undo_and_resume(tmp_path: Path) -> None:
    rig = shelf_rig(tmp_path)
    try:
        open_pad(rig, 2)                                  # Azul: open rounds
        for points in (12, 20, 5):
            enter(rig, points)
        rig.keys("roll")                                  # the table, cursor on R2 Blue
        assert "R1 | 12 | 20" in rig.text
        rig.keys("up", "left", "ok")                      # R1 Red
        assert rig.app.top.target() == (0, 0)
        enter(rig, 3)                                     # the cell's 12, three up
        assert rig.app.session.state.cells[0] == (15, 20)
        rig.keys("long back")                             # undo the edit (a band says so)
        assert rig.app.session.state.cells[0] == (12, 20)
        game_id = rig.app.session.game_id
    finally:
        rig.close()
    rig = shelf_rig(tmp_path)                             # the box restarts
    try:
        assert rig.app.session.game_id == game_id
        assert rig.app.session.state.cells == ((12, 20), (5, None))
        assert "Blue" in rig.text and "R2" in rig.text
    finally:
        rig.close()


def test_other_game_asks_who_wins_and_keeps_its_name() -> None:
    rig = Rig(players=ROSTER)
    try:
        rig.open_game("score_pad")
        assert rig.app.top.items() == ["Other game"]      # an empty shelf
        rig.keys("ok")                                    # the name keyboard opens
        rig.keys("long ok")                               # nothing typed: refused
        assert "Type the game's name" in rig.text
        rig.keys("back")                                  # close the message
        rig.keys("ok", "right", "ok", "long ok")          # "Ab", hold OK: done
        assert "setup" in rig.text
        rig.keys("down", "down", "down", "right", "ok", "ok")  # Wins: lowest
        shelf = rig.app.session.options["shelf"]
        assert shelf["title"] == "Ab" and shelf["lowest_wins"] is True
        assert read_plays(rig.store) == [] and "Ab" in rig.text
    finally:
        rig.close()
