"""Guards the Genial Spezial screens through mock pins: setup, turns entered in place on
the score table, corrections, undo, resume, standings, the end and the winner.

The long test plays a whole 3-player game of 20 rounds by pressing buttons only (with a
bonus space, a large-tower bonus, a correction, an undo and a restart on the way) and
counts the presses each turn takes; another measures the turns issue 21 names.
"""

from __future__ import annotations

import itertools
import statistics
from pathlib import Path
from typing import Any

from PIL import ImageChops

from companion.games.genial import rules
from companion.games.genial import rules as genial_rules
from companion.testing import Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Red", "Blue", "Yellow", "Green")

#: The arrow that scores each colour on the score table.
ARROW = {"orange": "up", "purple": "right", "blue": "down", "green": "left"}


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
    assert "OK=go" in rig.text and f"large on {players}" in rig.text
    rig.keys("ok")
    assert "Red's turn" in rig.app.texts


def turn_keys(spec: dict[str, Any]) -> list[str]:
    """The presses that enter ``spec`` on the score table and confirm it.

    ``spec``: ``{"points": {...}, "all": n}``: a colour's arrow per point, hold OK per
    large-tower point, then OK.
    """
    keys = [ARROW[symbol] for symbol, n in spec.get("points", {}).items() for _ in range(n)]
    return keys + ["long ok"] * spec.get("all", 0) + ["ok"]


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
    (1, 0): {"points": {"blue": 2}},                              # + a bonus space on blue
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
        shown_round = f"R{rnd}/20" if rnd < 10 else f"{rnd}/20"  # "R10/20" runs into ↑
        assert f"{players[seat]}'s turn" in score_screen(rig) and shown_round in rig.text
        if n == 21:  # a wrong turn, confirmed, then taken back by holding BACK
            rig.keys(*turn_keys({"points": {"blue": 5}}))
            assert f"{players[(seat + 1) % 3]}'s turn" in rig.text
            rig.keys("long back")
            assert "Undone: Red's turn" in rig.text
            assert f"{players[seat]}'s turn" in score_screen(rig)
        if n == 30:  # the box restarts: the game comes back by itself
            rig.close()
            rig = Rig(db=db, seed=7, players=ROSTER)
            assert f"{players[seat]}'s turn" in rig.text and "11/20" in rig.app.texts
        if n == 40:  # standings one (long) press away, and back
            rig.keys("long right")
            assert "Standings" in rig.text
            rig.keys("back")
        before = rig.presses
        keys = turn_keys(spec)
        if n == 7:  # a slip corrected before confirming: a wrong arrow, taken back
            keys = keys[:-1] + ["right", "back", "ok"]
        rig.keys(*keys)
        preview = rules.preview(expected, action_of(spec, players[seat]))
        if preview.lost_total:
            assert rig.app.band.text == f"Cap: {players[seat]} lost {preview.lost_total}"
            lost_seen += 1  # a band: the next OK already opens the next turn
        presses.append(rig.presses - before)
        expected = rules.step(expected, action_of(spec, players[seat]))
        assert rig.app.session.state.tracks == expected.tracks, f"turn {n + 1}"

    state = rig.app.session.state
    assert rules.is_over(state) and state.tracks == expected.tracks
    assert lost_seen == sum(1 for t in state.turns if t.lost_total) == 3
    assert state.turns[3].points == (0, 0, 2, 0) and state.turns[13].all == 2
    # the winner screen: Blue wins on the lowest; Red beats Yellow on the 2nd-lowest
    assert "Game over" in rig.text and "Blue" in rig.app.texts
    assert "wins on the lowest | colour: orange 12 vs | Red's green 10." in rig.text
    rig.keys("down", "down", "down")
    assert "1. Blue" in rig.text and "2. Red" in rig.text
    rig.keys("down")
    assert "^ 2nd-low: pur 11>10" in rig.text and "3. Yellow" in rig.text
    assert rig.store.history()[0].result["winners"] == ["Blue"]
    typical = statistics.median(presses)
    assert typical <= 4, presses  # these turns score 1-3 points: one press each + OK
    print(f"presses per turn: median {typical}, min {min(presses)}, max {max(presses)}, "
          f"mean {statistics.mean(presses):.1f}")
    rig.close()


# -- setup -------------------------------------------------------------------------------

def test_setup_shows_the_board_for_each_player_count(rig: Rig) -> None:
    open_setup(rig)
    assert "Players: 2" in rig.text and "Youngest: Red" in rig.text
    rig.keys("ok", "ok")
    assert "6 large on 2" in rig.app.texts and "10 small" in rig.app.texts
    assert "16 tokens" in rig.app.texts and "OK=go  DOWN=details" in rig.text
    assert "Red" in rig.app.texts and "R1/20" in rig.app.texts  # the score table's frame
    rig.keys("down")  # the rules' own wording
    assert "6 large on spaces 2" in rig.text and "Board for 2" in rig.text
    rig.keys("down", "down")
    assert "Box: light 1 & 2 | tokens (8)" in rig.text and "Box: 4 large, 4 small" in rig.text
    rig.keys("back", "up")  # back on Start; up to the count row …
    rig.keys("up", "up", "up", "right", "right")  # … which lives at the top
    assert "Players: 4" in rig.text
    rig.keys("ok", "ok")
    assert "10 large on 4" in rig.text and "OK=go DN=more" in rig.app.texts  # in a row
    rig.keys("down", "down", "down")
    assert "Box: no towers" in rig.text and "Box: no tokens" in rig.text


def test_random_first_player_is_drawn_and_logged(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("right", "down", "down", "down", "down")
    assert "Starts: youngest" in rig.text
    rig.keys("right", "ok", "ok", "ok")
    first = rig.app.session.options["first"]
    assert 0 <= first < 3
    assert f"{['Red', 'Blue', 'Yellow'][first]}'s turn" in rig.text


# -- the score table: turns entered in place ---------------------------------------------

def test_score_table_marks_the_weakest_colour_of_everyone(rig: Rig) -> None:
    start_game(rig)
    rig.keys(*turn_keys({"points": {"orange": 3, "purple": 2, "green": 1}}))
    rig.keys(*turn_keys({"points": {"orange": 1, "blue": 2, "green": 1}}))
    assert "Yellow's turn" in rig.app.texts and "R1/20" in rig.text
    assert not any(t.startswith("Yellow weakest") for t in rig.app.texts)  # all level
    assert "Red weakest blue" in rig.text and "Blue weakest purple" in rig.text
    assert "Red weakest orange" not in rig.text
    assert "arrow +1  hold OK/tower" in rig.text
    rig.keys(*turn_keys({"points": {"purple": 2}}))
    assert "Red's turn" in rig.app.texts and "R2/20" in rig.text
    assert "Yellow weakest orange" in rig.text


def test_a_point_shows_in_the_title_and_the_row_and_back_takes_it_back(rig: Rig) -> None:
    start_game(rig, players=2)
    rig.keys("up", "up", "down")
    assert "+2" in rig.app.texts and "+1" in rig.app.texts  # orange +2, blue +1
    assert "OK done  BACK take back" in rig.text
    rig.keys("back")  # the last press: blue
    assert "+1" not in rig.app.texts and "+2" in rig.app.texts
    rig.keys("back", "back", "back")  # nothing left to take back: BACK is the start menu
    assert rig.store.actions(rig.app.session.game_id) == []
    assert "Genial Spezial" in rig.text and "New game" in rig.text
    rig.keys("ok")
    assert "Red's turn" in rig.app.texts


def test_a_turn_of_nothing_and_the_large_tower_bonus(rig: Rig) -> None:
    start_game(rig, players=2)
    rig.keys("ok")  # Red scored nothing this turn
    assert rig.store.actions(rig.app.session.game_id) == [
        {"type": "turn", "player": "Red"}]
    rig.keys("up", *["long ok"] * 7)  # two players: six large towers at most
    assert "6 large towers: +6 all" in rig.text
    assert "At most +6 on all four" in rig.app.band.text
    rig.keys("ok")
    assert rig.app.session.state.tracks[1] == (7, 6, 6, 6)


def test_points_lost_to_the_cap_are_shown_before_and_after(rig: Rig) -> None:
    start_game(rig, players=2)
    rig.keys(*turn_keys({"points": {"orange": 18}}), *turn_keys({}))
    rig.keys("up", "up", "long ok", "long ok")  # +2 orange, +2 on all four
    assert "20" in rig.app.texts and "2 lost to the cap!" in rig.text
    rig.keys("ok")
    assert rig.app.band.text == "Cap: Red lost 2" and not rig.app.message
    assert rig.app.session.state.tracks[0] == (20, 2, 2, 2)


def test_holding_back_undoes_the_last_turn_and_drops_the_draft(rig: Rig) -> None:
    start_game(rig)
    rig.keys(*turn_keys({"points": {"blue": 4}}))
    rig.keys("up", "long back")
    assert "Undo the game's first action?" in rig.text.replace(" | ", " ")
    rig.keys("ok")
    assert "Undone: Red's turn" in rig.text
    assert "Red's turn" in rig.app.texts and rig.app.session.state.tracks[0] == (0, 0, 0, 0)
    assert "+1" not in rig.app.texts  # Blue's half-entered point went with the turn


def test_a_press_redraws_only_its_cells(rig: Rig) -> None:
    """Stable layout (issue 18): a point changes the colour's title cell and the row's
    value; a confirmed turn the finished row, the two name cells and the title cells."""
    start_game(rig)
    before = rig.frame.copy()
    rig.keys("down")  # Red: one on blue (the hint line turns to OK and BACK)
    box = ImageChops.difference(before.convert("L"), rig.frame.convert("L")).getbbox()
    assert box is not None and box[1] < 12, box
    before = rig.frame.copy()
    rig.keys("up")  # and one on orange: its title cell and Red's value
    box = ImageChops.difference(before.convert("L"), rig.frame.convert("L")).getbbox()
    assert box is not None and box[2] - box[0] < 22 and box[3] <= 24, box
    before = rig.frame.copy()
    rig.keys("ok")
    above_hint = (0, 0, 128, 56)
    box = ImageChops.difference(before.crop(above_hint).convert("L"),
                                rig.frame.crop(above_hint).convert("L")).getbbox()
    assert box[3] <= 12 + 2 * 12, box  # the title bar and the rows of Red and Blue


def test_turns_take_a_press_per_point_and_one_to_confirm(rig: Rig) -> None:
    """Issue 21: an ordinary turn (two colours, 5 points) within 7 presses: any two-colour
    turn of 5 points is 6; one colour of n points is n + 1; 5-9 points are 6-10."""
    start_game(rig, players=2)
    counts = []
    for a, b in itertools.combinations(rules.SYMBOLS, 2):
        for first in range(1, 5):
            spec = {"points": {a: first, b: 5 - first}}
            before = rig.presses
            rig.keys(*turn_keys(spec))
            counts.append(rig.presses - before)
            assert rig.app.session.actions[-1]["points"] == spec["points"]
    assert set(counts) == {6} and max(counts) <= 7
    for total in range(5, 10):  # ordinary turns: two colours, 5 to 9 points
        before = rig.presses
        rig.keys(*turn_keys({"points": {"orange": total // 2, "green": total - total // 2}}))
        assert rig.presses - before == total + 1
    for n in range(1, 6):  # one colour, one to five points
        before = rig.presses
        rig.keys(*turn_keys({"points": {"purple": n}}))
        assert rig.presses - before == n + 1


def test_board_to_score_table_is_under_50_ms_on_a_100_khz_bus() -> None:
    """Issue 18: the board screen is the score table's frame with the counts where the
    scores go, so OK (start the game) sends at most 540 bus bytes, for 2 and 3 players."""
    from luma.oled.device import ssd1306

    from companion.hw.fakebus import RecordingSerial
    from companion.hw.partial import PartialDisplay

    for players in (2, 3):
        bus = RecordingSerial()
        oled = ssd1306(bus)
        oled.persist = True
        rig = Rig(display=PartialDisplay(oled), players=ROSTER)
        open_setup(rig)
        rig.keys(*["right"] * (players - 2), "ok", "ok")
        assert f"large on {players}" in rig.text
        bus.reset()
        rig.keys("ok")
        assert "Red's turn" in rig.app.texts
        assert bus.bus_bytes <= 540, (players, bus.bus_bytes)
        rig.close()


# -- standings, the early end and the winner -----------------------------------------

def test_standings_and_a_shared_place(rig: Rig) -> None:
    start_game(rig)
    for _ in range(3):
        rig.keys(*turn_keys({"points": {"orange": 1, "purple": 1, "blue": 1, "green": 1}}))
    rig.keys("long left")
    assert "Standings: low..high" in rig.text and "R2/20" in rig.text
    assert "1= Red" in rig.text and "1= Blue" in rig.text and "1= Yellow" in rig.text
    assert "equal on all four" in rig.text
    rig.keys("back")
    assert "Red's turn" in rig.app.texts


def test_standings_keep_the_seats_and_sort_each_row(rig: Rig) -> None:
    """The standings sit on the score table's grid: names in seat order where the
    score table has them, the place, the values lowest first each with its colour's
    arrow, the lowest inverted and the values that broke a tie underlined."""
    start_game(rig)
    for spec in ({"orange": 5, "purple": 6, "blue": 9, "green": 10},
                 {"orange": 7, "purple": 4, "blue": 6, "green": 9},
                 {"orange": 11, "purple": 5, "blue": 7, "green": 9}):
        rig.keys(*turn_keys({"points": spec}))
    table = rig.frame.copy()
    rig.keys("roll")
    texts = rig.app.texts
    # Yellow 5 7 9 11 beats Red 5 6 9 10 on the 2nd-lowest; Blue's lowest is 4
    assert "1. Yellow purple:5 blue:7 green:9 orange:11" in texts
    assert "2. Red orange:5 purple:6 blue:9 green:10" in texts
    assert "3. Blue purple:4 blue:6 orange:7 green:9" in texts
    assert "2nd-low: blu 7>6" in texts
    names = ImageChops.difference(table.crop((0, 0, 38, 56)).convert("L"),
                                  rig.frame.crop((0, 0, 38, 56)).convert("L")).getbbox()
    assert names is None  # the title bar's round and every name stay where they were
    frame = rig.frame.convert("L")
    from companion.games.genial.screens.result import CELL, CELL_X
    lowest = [frame.getpixel((CELL_X + 1, y)) for y in (13, 25, 37)]
    assert lowest == [255, 255, 255]  # inverted: a lit corner
    underline = [frame.getpixel((CELL_X + CELL + 8, y + 11)) for y in (12, 24, 36)]
    assert underline == [255, 0, 255]  # Red's 6 and Yellow's 7 broke their tie
    rig.keys("back")
    assert "Red's turn" in rig.app.texts


def test_standings_switch_is_under_50_ms_on_a_100_khz_bus() -> None:
    """Issue 18: ROLL on the score table and BACK from the standings send at most 540
    bus bytes (50 ms at 100 kHz) through the real PartialDisplay, for 2 and 3 players."""
    from luma.oled.device import ssd1306

    from companion.hw.fakebus import RecordingSerial
    from companion.hw.partial import PartialDisplay

    for players in (["Guest 1", "Guest 2"], ["Ann", "Bob", "Cleo"]):
        bus = RecordingSerial()
        oled = ssd1306(bus)
        oled.persist = True
        rig = Rig(display=PartialDisplay(oled))
        rig.app.start_game("genial", {"players": players, "first": 0})
        for n in range(2 * len(players)):
            spec = {"orange": 5 + n % 3, "purple": 9 - n, "blue": 3 + 2 * n, "green": 8}
            rig.keys(*turn_keys({"points": spec}))
        sent = []
        for key in ("roll", "back"):
            bus.reset()
            rig.keys(key)
            sent.append(bus.bus_bytes)
        assert "Standings: low..high" not in rig.text
        assert max(sent) <= 540, (players, sent)
        rig.close()


def test_ending_early_needs_a_confirm_and_can_be_undone(rig: Rig) -> None:
    start_game(rig)
    rig.keys(*turn_keys({"points": {"orange": 2, "purple": 1, "blue": 1, "green": 1}}))
    rig.keys(*turn_keys({"points": {"orange": 1, "purple": 1, "blue": 1, "green": 1}}))
    rig.keys("roll", "long ok")  # the standings; hold OK there ends the game
    assert "Sure?" in rig.text
    rig.keys("back", "back")
    assert "Yellow's turn" in rig.app.texts
    rig.keys("long down", "long ok", "ok")
    assert "Game ended" in rig.text and "R1" in rig.app.texts and "Red" in rig.app.texts
    assert "highest" in rig.text  # Red and Blue differ only on their highest colour
    rig.keys("ok", "right", "long right")  # no turn, no standings after the end
    assert "Game ended" in rig.text
    rig.keys("long back")
    assert "Yellow's turn" in rig.app.texts


def test_four_players_fit_on_the_score_table(rig: Rig) -> None:
    start_game(rig, players=4)
    assert {"Red", "Blue", "Yellow", "Green"} <= set(rig.app.texts)  # whole names
    assert "arrow +1  hold OK/tower" not in rig.text  # no room for the hint
    assert rig.app.painter.cut == []


def test_golden_score_turn_standings_and_winner(rig: Rig, golden) -> None:
    from companion.owner.screenshots import render

    for name in ("genial-score", "genial-turn", "genial-cap", "genial-standings",
                 "genial-winner", "genial-winner-places", "genial-board"):
        golden(name, render(name))
        golden(f"{name}-ja", render(name, "ja"))


def test_smoke_sweep_every_screen_every_key(rig: Rig) -> None:
    """Each Genial screen, mid-game and after the end, takes every key without a crash
    (the long presses the screens use; the others are the base class's no-ops)."""
    from companion.games.genial.screens import BoardScreen, GenialSetup
    from companion.games.genial.screens.result import StandingsScreen

    keys = ["up", "down", "left", "right", "ok", "back", "roll"]
    screens = [None, StandingsScreen,
               lambda ctx: BoardScreen(ctx, ["Ann", "Bob"], True), GenialSetup]
    for finished in (False, True):
        rig.app.start_game("genial", {"players": ["Ann", "Bob", "Cy"]})
        for _ in range(60 if finished else 4):
            rig.app.play({"type": "turn", "points": {"orange": 1}})
        for make in screens:
            for key in [*keys, "long up", "long down", "long ok", "long back"]:
                rig.app.show_game()
                rig.app.message = None
                if make is not None and not (finished and make is StandingsScreen):
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
