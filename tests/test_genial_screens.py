"""Guards the Genial Spezial screens through mock pins: setup, turn entry, undo, resume, end.

The long test plays a whole 3-player game of 20 rounds by pressing buttons only (with a
bonus space, a large-tower bonus, a correction, an undo and a restart on the way) and
counts the presses each turn takes.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from companion.games.genial import rules
from companion.games.genial import rules as genial_rules
from companion.testing import Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Red", "Blue", "Yellow", "Green")

COLUMN = {s: i for i, s in enumerate(rules.SYMBOLS)} | {"all": len(rules.SYMBOLS)}


# -- helpers -----------------------------------------------------------------------------

def open_setup(rig: Rig) -> None:
    """Start menu → New game → down to Genial Spezial → OK."""
    rig.keys("ok")
    for _ in range(10):
        picker = rig.app.top
        if picker.items()[picker.index].startswith("Genial"):
            break
        rig.keys("down")
    rig.keys("ok")
    assert "Genial Spezial" in rig.text and "setup" in rig.text


def start_game(rig: Rig, players: int = 3) -> None:
    """Set up ``players`` players (default names Red, Blue, …), youngest starts."""
    open_setup(rig)
    rig.keys(*["right"] * (players - 2))  # the count row starts at 2
    rig.keys("ok", "ok")  # OK on a row jumps to Start; Start shows the board
    assert f"Board for {players}" in rig.text
    rig.keys("ok")
    assert "Red's turn" in rig.text


def turn_keys(spec: dict[str, Any]) -> list[str]:
    """The presses that enter ``spec`` from the score screen and confirm it.

    ``spec``: ``{"points": {...}, "all": n, "bonus": [...]}``; columns are visited left
    to right, the cursor taking the short way round (LEFT from orange reaches "all").
    """
    wanted: dict[int, list[str]] = {}
    for symbol, n in spec.get("points", {}).items():
        wanted.setdefault(COLUMN[symbol], []).extend(["up"] * n)
    for symbol in spec.get("bonus", []):
        wanted.setdefault(COLUMN[symbol], []).append("long up")
    if spec.get("all"):
        wanted.setdefault(COLUMN["all"], []).extend(["up"] * spec["all"])
    keys, cursor = ["ok"], 0
    for column in sorted(wanted):
        right = (column - cursor) % 5
        keys += ["right"] * right if right <= 2 else ["left"] * (5 - right)
        keys += wanted[column]
        cursor = column
    return keys + ["ok"]


def action_of(spec: dict[str, Any], player: str) -> dict[str, Any]:
    return {"type": "turn", "player": player, **spec}


def score_screen(rig: Rig) -> str:
    """Dismiss a message box if one is up; then the screen's text."""
    if rig.app.message is not None:
        rig.keys("ok")
    return rig.text


# -- the whole game ----------------------------------------------------------------------

BASE = [{"points": {"orange": 2}}, {"points": {"purple": 1, "green": 2}},
        {"points": {"blue": 3}}, {"points": {"green": 1, "orange": 1}},
        {"points": {"purple": 2}}]
SPECIAL = {
    (1, 0): {"points": {"blue": 1}, "bonus": ["blue"]},          # a bonus space
    (4, 1): {"points": {"purple": 1}, "all": 2},                  # large towers joined
    (9, 2): {"points": {"orange": 9, "green": 2}},
    (14, 2): {"points": {"orange": 6}},                           # past the cap
}


def game_script() -> list[dict[str, Any]]:
    """60 turns, seat by seat, round by round."""
    return [SPECIAL.get((r, s), BASE[(r + s) % 5]) for r in range(20) for s in range(3)]


def test_full_three_player_game_by_pins(tmp_path: Path) -> None:
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db, players=ROSTER)
    start_game(rig)
    players = ["Red", "Blue", "Yellow"]
    expected = rules.new_game({"players": players})
    presses: list[int] = []
    lost_seen = 0
    for n, spec in enumerate(game_script()):
        seat, rnd = n % 3, n // 3 + 1
        assert f"{players[seat]}'s turn" in score_screen(rig) and f"R{rnd}/20" in rig.text
        if n == 21:  # a wrong turn, confirmed, then taken back by holding BACK
            rig.keys(*turn_keys({"points": {"blue": 5}}))
            assert f"{players[(seat + 1) % 3]}'s turn" in rig.text
            rig.keys("long back")
            assert "Undone: turn" in rig.text
            assert f"{players[seat]}'s turn" in score_screen(rig)
        if n == 30:  # the box restarts: the game comes back by itself
            rig.close()
            rig = Rig(db=db, seed=7, players=ROSTER)
            assert f"{players[seat]}'s turn" in rig.text and "R11/20" in rig.text
        if n == 40:  # standings one press away, and back
            rig.keys("right")
            assert "Standings" in rig.text
            rig.keys("left")
        before = rig.presses
        keys = turn_keys(spec)
        if n == 7:  # a slip corrected before confirming: one UP too many, then DOWN
            keys = keys[:-1] + ["up", "down", "ok"]
        rig.keys(*keys)
        preview = rules.preview(expected, action_of(spec, players[seat]))
        if preview.lost_total:
            assert f"lost {preview.lost_total} to the cap" in rig.app.band.text
            lost_seen += 1  # a band: the next OK already opens the next turn
        presses.append(rig.presses - before)
        expected = rules.step(expected, action_of(spec, players[seat]))
        assert rig.app.session.state.tracks == expected.tracks, f"turn {n + 1}"

    state = rig.app.session.state
    assert rules.is_over(state) and state.tracks == expected.tracks
    assert lost_seen == sum(1 for t in state.turns if t.lost_total) == 3
    assert state.turns[3].bonus == ("blue",) and state.turns[13].all == 2
    # the winner screen: Blue wins on the lowest; Red beats Yellow on the 2nd-lowest
    assert "Game over" in rig.text and "Blue" in rig.app.texts
    assert "wins on the lowest | colour: orange 12 vs" in rig.text
    rig.keys("down", "down", "down")
    assert "1. Blue" in rig.text and "2. Red" in rig.text and "3. Yellow" in rig.text
    assert "^ 2nd-low: purple 11>10" in rig.text
    assert rig.store.history()[0].result["winners"] == ["Blue"]
    typical = statistics.median(presses)
    assert typical <= 6, presses
    print(f"presses per turn: median {typical}, min {min(presses)}, max {max(presses)}, "
          f"mean {statistics.mean(presses):.1f}")
    rig.close()


# -- setup -------------------------------------------------------------------------------

def test_setup_shows_the_board_for_each_player_count(rig: Rig) -> None:
    open_setup(rig)
    assert "Players: 2" in rig.text and "Youngest: Red" in rig.text
    rig.keys("ok", "ok")
    assert "6" in rig.app.texts and "10" in rig.app.texts and "on 2" in rig.app.texts
    assert "+ light 1 & 2 tokens (8)" in rig.text and "Box: 4 large, 4 small" in rig.text
    rig.keys("down")  # the rules' own wording
    assert "6 large on spaces 2" in rig.text
    rig.keys("back", "up")  # back on Start; up to the count row …
    rig.keys("up", "up", "up", "right", "right")  # … which lives at the top
    assert "Players: 4" in rig.text
    rig.keys("ok", "ok")
    assert "Board for 4" in rig.text and "+ no tokens" in rig.text and "Box: no towers" in rig.text


def test_random_first_player_is_drawn_and_logged(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("right", "down", "down", "down", "down")
    assert "Starts: youngest" in rig.text
    rig.keys("right", "ok", "ok", "ok")
    first = rig.app.session.options["first"]
    assert 0 <= first < 3
    assert f"{['Red', 'Blue', 'Yellow'][first]}'s turn" in rig.text


# -- the score screen and the turn entry -------------------------------------------------

def test_score_screen_marks_the_weakest_colour_of_everyone(rig: Rig) -> None:
    start_game(rig)
    rig.keys(*turn_keys({"points": {"orange": 3, "purple": 2, "green": 1}}))
    rig.keys(*turn_keys({"points": {"orange": 1, "blue": 2, "green": 1}}))
    assert "Yellow's turn" in rig.text and "R1/20" in rig.text
    assert not any(t.startswith("weakest") for t in rig.app.texts)  # Yellow: all level
    assert "Red weakest blue" in rig.text and "Blue weakest purple" in rig.text
    assert "Red weakest orange" not in rig.text
    assert "OK turn  > standings" in rig.text
    rig.keys(*turn_keys({"points": {"purple": 2}}))
    assert "Red's turn" in rig.text and "R2/20" in rig.text
    assert "weakest blue" in rig.text and "Yellow weakest orange" in rig.text


def test_entry_corrects_before_confirming_and_caps_bonus_spaces(rig: Rig) -> None:
    start_game(rig, players=2)
    rig.keys("ok", "up", "up", "up")
    assert "+3" in rig.app.texts and "=3" in rig.app.texts
    rig.keys("down")
    assert "+2" in rig.app.texts
    rig.keys("long up", "long up")
    assert "ora**" in rig.text and "+4" in rig.app.texts
    rig.keys("long up")
    assert "at most two bonus spaces" in rig.app.message
    rig.keys("ok", "long down")  # close the note; clear the column
    assert "ora" in rig.app.texts and "-" in rig.app.texts
    rig.keys("left", "up", "up", "up", "up", "up", "up", "up", "up", "up")
    assert "+6" in rig.app.texts  # two players: six large towers at most
    rig.keys("back")  # cancel: nothing logged
    assert "Red's turn" in rig.text and rig.store.actions(rig.app.session.game_id) == []


def test_points_lost_to_the_cap_are_shown_before_and_after(rig: Rig) -> None:
    start_game(rig, players=2)
    rig.keys(*turn_keys({"points": {"orange": 18}}), *turn_keys({}))
    rig.keys("ok", "up", "up", "left", "up", "up")  # +2 orange, +2 on all four
    assert "20-2" in rig.app.texts and "2 lost to the cap!" in rig.text
    rig.keys("ok")
    assert rig.app.band.text == "Red lost 2 to the cap (orange 2)." and not rig.app.message
    assert rig.app.session.state.tracks[0] == (20, 2, 2, 2)


def test_holding_back_in_the_entry_undoes_the_last_turn(rig: Rig) -> None:
    start_game(rig)
    rig.keys(*turn_keys({"points": {"blue": 4}}))
    rig.keys("ok", "up", "long back")
    assert "Undo the game's first action?" in rig.text.replace(" | ", " ")
    rig.keys("ok")
    assert "Undone: turn" in rig.text
    assert "Red's turn" in rig.text and rig.app.session.state.tracks[0] == (0, 0, 0, 0)


# -- standings, the early end and the winner -----------------------------------------

def test_standings_and_a_shared_place(rig: Rig) -> None:
    start_game(rig)
    for _ in range(3):
        rig.keys(*turn_keys({"points": {"orange": 1, "purple": 1, "blue": 1, "green": 1}}))
    rig.keys("right")
    assert "Standings" in rig.text and "R2/20" in rig.text
    assert "1= Red" in rig.text and "1= Yellow" in rig.text and "equal on all four" in rig.text
    rig.keys("back")
    assert "Red's turn" in rig.text


def test_ending_early_needs_a_confirm_and_can_be_undone(rig: Rig) -> None:
    start_game(rig)
    rig.keys(*turn_keys({"points": {"orange": 2, "purple": 1, "blue": 1, "green": 1}}))
    rig.keys(*turn_keys({"points": {"orange": 1, "purple": 1, "blue": 1, "green": 1}}))
    rig.keys("long ok")
    assert "Sure?" in rig.text
    rig.keys("back")
    assert "Yellow's turn" in rig.text
    rig.keys("long ok", "ok")
    assert "Game ended" in rig.text and "Red" in rig.app.texts
    assert "highest" in rig.text  # Red and Blue differ only on their highest colour
    rig.keys("ok", "right")  # no turn entry, no standings push after the end
    assert "Game ended" in rig.text
    rig.keys("long back")
    assert "Yellow's turn" in rig.text


def test_four_players_fit_on_the_score_screen(rig: Rig) -> None:
    start_game(rig, players=4)
    assert "Blue" in rig.app.texts and "Yellow" not in rig.app.texts  # names cut to 5
    assert "Yello" in rig.app.texts and "Green" in rig.app.texts
    assert "OK turn  > standings" not in rig.text  # no room for the hint


def test_golden_score_and_winner(rig: Rig, golden) -> None:
    from companion.games.genial.screens import SCREENSHOTS
    from companion.screenshots import render

    SCREENSHOTS["genial-score"](rig.app)
    rig.app.redraw()
    golden("genial-score", rig.frame)
    golden("genial-winner", render("genial-winner"))  # a fresh box: no game set aside


def test_smoke_sweep_every_screen_every_key(rig: Rig) -> None:
    """Each Genial screen, mid-game and after the end, takes every key without a crash
    (the long presses the screens use; the others are the base class's no-ops)."""
    from companion.games.genial.screens import BoardScreen, GenialSetup
    from companion.games.genial.screens.result import StandingsScreen
    from companion.games.genial.screens.score import TurnEntry

    keys = ["up", "down", "left", "right", "ok", "back", "roll"]
    screens = [None, TurnEntry, StandingsScreen,
               lambda ctx: BoardScreen(ctx, ["Ann", "Bob"], True), GenialSetup]
    for finished in (False, True):
        rig.app.start_game("genial", {"players": ["Ann", "Bob", "Cy"]})
        for _ in range(60 if finished else 4):
            rig.app.play({"type": "turn", "points": {"orange": 1}})
        for make in screens:
            for key in [*keys, "long up", "long down", "long ok", "long back"]:
                rig.app.show_game()
                rig.app.message = None
                if make is not None and not (finished and make in (TurnEntry, StandingsScreen)):
                    rig.app.push(make(rig.app))
                rig.keys(key)
                assert rig.text  # something is on the screen


def test_a_game_ended_early_names_the_last_round_played(rig: Rig) -> None:
    """Issue 21: after 7 full rounds the winner's title said "R8"."""
    rig.app.start_game("genial", {"players": ["Ann", "Bob"]})
    for _turn in range(14):                           # 7 rounds of 2 turns
        rig.app.play({"type": "turn", "points": {"orange": 1}})
    rig.app.play({"type": "end_early"})
    rig.app.show_game()
    rig.app.render()
    assert rig.app.session.over
    assert "R7" in rig.app.texts and "R8" not in rig.app.texts
    assert genial_rules.rounds_played(rig.app.session.state) == 7


def test_every_die_shows_before_the_first_roll(rig: Rig) -> None:
    """Issue 21: with 4-6 dice only 3 blank dice showed before the first roll."""
    from companion.ui import widgets

    drawn: list[int] = []
    real = widgets.die_face
    rig.app.start_game("dice_roller", {"players": ["Table"], "count": 6})
    try:
        widgets.die_face = lambda p, x, y, size, v: (drawn.append(size), real(p, x, y, size, v))
        rig.app.render()
    finally:
        widgets.die_face = real
    assert len(drawn) == 6 and min(drawn) >= 10
