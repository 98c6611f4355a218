"""Guards the Brikks screens through mock pins: setup, start blocks, rolls and rerolls,
entered dice, costs, trackers, out, score entry, result, undo and resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.brikks import rules
from companion.games.brikks.screens import BLOCK_BOX, TURN_CELL
from companion.games.brikks.screens.draw import block_geometry
from companion.testing import Clock, Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Red", "Blue", "Yellow", "Green")

KEYS = ("up", "down", "left", "right", "ok", "roll", "back",
        "long up", "long down", "long ok", "long roll")


def state(rig: Rig) -> rules.State:
    return rig.app.session.state


def logged(rig: Rig) -> list[dict]:
    return rig.store.actions(rig.app.session.game_id)


def open_setup(rig: Rig) -> None:
    """Start menu → New game → Brikks (wherever the menu lists it)."""
    rig.keys("ok")
    picker = rig.app.top
    while not picker.items()[picker.index].startswith("Brikks"):
        rig.keys("down")
    rig.keys("ok")
    assert "setup" in rig.text


def setup_row(rig: Rig, label: str) -> None:
    """Move the setup cursor down to the row starting with ``label``."""
    for _ in range(12):
        setup = rig.app.top
        line = [r.line() if r else "Start" for r in setup.rows()][setup.row]
        if line.startswith(label):
            return
        rig.keys("down")
    raise AssertionError(f"no setup row {label!r}")


def start_two(rig: Rig) -> None:
    """A 2-player game, Red starts, Blue on level 3; both start blocks taken."""
    open_setup(rig)
    assert "Energy 2: cross 3+4" in rig.text
    setup_row(rig, "Blue level")
    rig.keys("right")
    setup_row(rig, "Starts")
    rig.keys("right", "ok", "ok")          # Starts: Red, then OK jumps to Start, OK starts
    assert state(rig).players == ("Red", "Blue") and state(rig).levels == (2, 3)
    assert "Blue" in rig.text              # the seat right of the starter picks first
    rig.keys("ok")                         # Blue takes the first free block (white)
    assert "Red" in rig.text and "white" not in rig.text  # the taken block is not offered
    assert "1 to go" in rig.text
    rig.keys("right", "ok")
    assert state(rig).start_blocks == ("green", "white")
    assert "R1 Red" in rig.text and "Red | rolls" in rig.text


def test_setup_shows_energy_for_every_player_count(rig: Rig) -> None:
    open_setup(rig)
    seen = {}
    for n in (2, 3, 4, 1):
        if n != 2:
            rig.keys("right")
        seen[n] = [t for t in rig.app.texts if t.startswith("Energy")][0]
    assert seen == {1: "Energy 5: circle a 5th", 2: "Energy 2: cross 3+4",
                    3: "Energy 3: cross 4", 4: "Energy 4: cross none"}
    assert "solo" in rig.text


def test_three_rounds_with_rerolls_undo_and_restart_then_final_score(tmp_path: Path) -> None:
    db = str(tmp_path / "brikks.db")
    rig = Rig(db=db, seed=3, clock=Clock(), players=ROSTER)
    start_two(rig)
    # round 1: Red rolls and rerolls, tracks a matching circle; Blue rolls
    rig.keys("roll")
    first = state(rig).rolls[-1]
    assert f"col {first.number} · {first.colour}" in rig.text
    assert "1 reroll: UP" in rig.text and ">cost DN out | ROLL Blue" in rig.text
    rig.keys("up")
    second = state(rig).rolls[-1]
    assert second.reroll and "was" in rig.app.texts
    assert f"{first.number}·{first.colour}" in rig.app.texts
    assert logged(rig)[-1]["type"] == "reroll"
    rig.keys("up")                                  # a second reroll is refused
    assert "One reroll per turn" in rig.text
    rig.keys("back")                                # closes the message
    rig.keys("down", "ok", "ok")                    # Players → Red → Circle: same +2
    assert state(rig).trackers[0].energy == 4 and "energy | 4" in rig.text
    rig.keys("back", "back")
    rig.keys("roll")
    assert "R1 Blue" in rig.text and state(rig).turn == 1
    # round 2: Red rolls; undo it and roll again
    rig.keys("roll")
    assert "R2 Red" in rig.text
    rig.keys("long back")                           # it opened round 2: asked first
    assert "Undo back into round 1?" in rig.text.replace(" | ", " ")
    rig.keys("ok")
    assert "Undone: Red's roll" in rig.text              # a band: the next key acts
    assert "R1 Blue" in rig.text and len(state(rig).rolls) == 3
    rig.keys("roll", "up")                          # Red again, with a reroll
    assert "R2 Red" in rig.text and state(rig).rolls[-1].reroll
    rig.keys("roll")                                # Blue
    rolls = state(rig).rolls
    rig.later(2.1)                                  # the undo's band goes by itself
    shown = rig.text
    rig.close()
    # the box restarts: the game comes back exactly where it was
    rig = Rig(db=db, seed=8, players=ROSTER, clock=Clock())
    assert rig.app.band.text == "Resumed Brikks: only what had OK is kept."
    rig.later(2.1)  # the band goes by itself
    assert state(rig).rolls == rolls and rig.text == shown
    # round 3
    rig.keys("roll", "roll")
    assert state(rig).round == 3 and "R3 Blue" in rig.text
    assert len([a for a in logged(rig) if a["type"] in ("roll", "reroll")]) == 8
    # both are out: Players → Red → Out → sure; Blue → Out → sure
    rig.keys("down", "ok", "up", "ok")
    assert "Red | energy" in rig.text and "for good?" in rig.text  # asked on the card
    rig.keys("back")                                # no: the list again
    assert "out" in rig.app.texts and not state(rig).trackers[0].out
    rig.keys("ok")
    assert "for good?" in rig.text
    rig.keys("ok")
    assert "out | Red" in rig.text and "who 1/2" in rig.text
    rig.keys("down", "ok", "up", "ok", "ok")
    assert state(rig).phase == "scoring" and "Red: row 1" in rig.text
    # Red: the rules' worked example, tracked energy prefilled (4 → 2)
    rig.keys(*["long ok"] * 5)                      # rows 1-5 full
    rig.keys(*["up"] * 9, "right", *["up"] * 9)     # rows 6 and 7: 9 marks
    rig.keys("right", "long ok")                    # row 8 full, on to row 9
    rig.keys("down")                                # row 9: 0 wraps to 10 ...
    assert "Red: row 9" in rig.text and "10" in rig.app.texts
    rig.keys("up")                                  # ... and back to 0
    rig.keys("right", *["up"] * 9, "right", "right")  # row 10: 9; row 11: 0
    assert "Red: bonus" in rig.text
    rig.keys(*["up"] * 6, "right")                  # 6 bonus marks
    assert "Red: bombs" in rig.text and "3" in rig.app.texts  # prefilled from the tracker
    rig.keys("down", "down", "right")               # one bomb left
    assert "Red: energy" in rig.text and "4" in rig.app.texts
    rig.keys("down", "down", "ok")
    assert "Red: total" in rig.text and "73" in rig.app.texts
    texts = rig.app.texts
    for label, value in (("rows", "47"), ("bonus", "21"), ("bombs", "4"), ("energy", "1")):
        assert texts[texts.index(label) + 1] == value
    rig.keys("ok")
    assert logged(rig)[-1] == {"type": "score", "player": 0,
                               "rows": [10, 10, 10, 10, 10, 9, 9, 10, 0, 9, 0],
                               "bonus_marks": 6, "bombs_left": 1, "energy_left": 2}
    # Blue never opened the tracker: the score screen asks for bonus, bombs and energy,
    # pre-filled with what the tracker shows (3 bombs, 2 energy), before it totals
    assert "Blue: row 1" in rig.text
    rig.keys("long ok", "long ok", "ok")
    assert "Blue: bonus" in rig.text and "OK keeps each value" in rig.text
    rig.keys("ok")
    assert "Blue: bombs" in rig.text and "3" in rig.app.texts
    rig.keys("ok")
    assert "Blue: energy" in rig.text and "2" in rig.app.texts
    rig.keys("ok")
    blue = 10 + rules.bomb_points(3) + rules.energy_points(2)
    assert "Blue: total" in rig.text and str(blue) in rig.app.texts
    rig.keys("ok")
    assert rules.is_over(state(rig))
    assert logged(rig)[-1] == {"type": "score", "player": 1, "rows": [10, 10] + [0] * 9,
                               "bonus_marks": 0, "bombs_left": 3, "energy_left": 2}
    texts = rig.app.texts
    assert texts[texts.index("1. Red") + 1] == "73"
    assert texts[texts.index("2. Blue") + 1] == str(blue)
    rig.keys("right")                               # each sheet's breakdown
    texts = rig.app.texts
    assert "Red | 1/2" in rig.text and texts[texts.index("bonus") + 1] == "21"
    rig.keys("right")
    assert "Blue | 2/2" in rig.text and str(blue) in rig.app.texts
    assert rig.store.history()[0].result["winners"] == ["Red"]
    rig.close()


def test_physical_dice_show_the_entered_block(rig: Rig) -> None:
    start_two(rig)
    rig.keys("long roll")
    assert "Your dice" in rig.text and "d4 column" in rig.text
    rig.keys("up", "up", "right", "up", "up", "up", "ok")   # d4 3, colour red
    assert "col 3 · red" in rig.text and "own dice" in rig.text
    assert logged(rig)[-1] == {"type": "roll", "number": 3, "colour": "red", "entered": True}
    left, top, cell = block_geometry("red", 3, BLOCK_BOX, TURN_CELL)
    cells = rules.block_cells("red", 3)
    for x in range(3):
        for y in range(2):
            lit = rig.frame.getpixel((left + x * cell + cell // 2, top + y * cell + cell // 2))
            assert bool(lit) == ((x, y) in cells), (x, y)
    # an entered reroll is logged as an entered reroll
    rig.keys("long up", "up", "right", "down", "ok")        # d4 2, colour black
    assert logged(rig)[-1] == {"type": "reroll", "number": 2, "colour": "black",
                               "entered": True}
    assert "col 2 · black" in rig.text and "was | 3·red" in rig.text


def test_costs_and_a_swap_from_the_turn_screen(rig: Rig) -> None:
    start_two(rig)
    rig.keys("right")
    assert "Roll first" in rig.text
    rig.keys("back")
    rig.app.play({"type": "roll", "number": 1, "colour": "yellow"})
    rig.keys("right")
    assert "Red has 2" in rig.text and "col 1 | costs 0" in rig.text
    costs = []
    for _slot in range(5):                         # LEFT/RIGHT: each column, then the swap
        texts = rig.app.texts
        costs.append((texts[texts.index("Red has 2") + 1], texts[texts.index("Red has 2") + 2]))
        rig.keys("right")
    assert costs == [("col 1", "costs 0"), ("col 2", "costs 1"), ("col 3", "costs 2"),
                     ("col 4", "costs 1"), ("swap", "costs 5")]
    assert "col 1 | costs 0" in rig.text          # round again
    rig.keys("right", "ok")                        # turn to column 2 for 1 energy
    assert state(rig).trackers[0].energy == 1 and rules.player_block(state(rig), 0) == (
        "yellow", 2)
    rig.keys("down")                               # Blue's view
    assert "Blue has" in rig.text
    rig.keys("left", "left", "ok")                 # the swap slot: 5 energy, Blue has 2
    assert "Swap Blue" in rig.text
    rig.keys("ok")
    assert "costs 5" in rig.text and state(rig).trackers[1].energy == 2


def test_solo_has_no_reroll_and_shows_the_band(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left", "ok", "ok")                   # 1 player, Start
    assert state(rig).solo
    rig.keys("ok")                                 # the start block
    rig.keys("roll")
    assert "UP reroll" not in rig.text
    rig.keys("up")
    assert "No rerolls in solo." in rig.text
    rig.keys("back", "down", "ok", "up", "ok", "ok")   # out
    rig.keys(*["long ok"] * 11)                    # a perfect sheet of rows: 95
    assert "Red: bonus" in rig.text
    rig.keys("long up", "ok")                      # and a full bonus track: 75
    assert "Red: bombs" in rig.text                # never kept on the box: asked for
    rig.keys("long down", "ok", "long down", "ok", "ok")   # no bombs, no energy left
    assert "Brikks solo" in rig.text and "170" in rig.app.texts
    assert "over 150" in rig.text and "Brikks master | 2000!" in rig.text


def test_duel_last_one_standing(rig: Rig) -> None:
    open_setup(rig)
    setup_row(rig, "Duel")
    rig.keys("right", "ok", "ok", "ok", "ok")      # Duel on, Start, both start blocks
    assert state(rig).duel and state(rig).phase == "play"
    rig.keys("roll", "down", "ok", "up", "ok", "ok")
    assert "is out" in rig.text and "wins?" in rig.text
    rig.keys("ok")
    assert "wins" in rig.text and "last one standing" in rig.text


def test_duel_both_out_compares_full_rows(rig: Rig) -> None:
    open_setup(rig)
    setup_row(rig, "Duel")
    rig.keys("right", "ok", "ok", "ok", "ok", "roll")
    rig.keys("down", "ok", "up", "ok", "ok", "down", "ok")
    assert state(rig).phase == "scoring"
    rig.keys("long ok", *["up"] * 9)               # row 2: 9 marks score nothing in a duel
    assert "0 pts" in rig.app.texts and "full rows | 5" in rig.text
    rig.keys("right", "ok")
    assert "full rows" in rig.text and "5" in rig.app.texts
    rig.keys("ok", "ok", "ok")
    assert rules.is_over(state(rig)) and "duel" in rig.text


def test_random_starter_is_drawn_and_logged(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("right", "down")                      # 3 players
    setup_row(rig, "Starts")
    assert "Starts: random" in rig.text
    rig.keys("ok", "ok")
    options = rig.store.game(rig.app.session.game_id).options
    assert options["starts"] == "random" and options["players"][0] == options["start_player"]


@pytest.mark.parametrize("phase", ["start", "play", "scoring", "over"])
def test_every_key_in_every_phase_never_crashes(tmp_path: Path, phase: str) -> None:
    rig = Rig(db=str(tmp_path / "sweep.db"))
    rig.app.start_game("brikks", {"players": ["Ann", "Ben", "Cy"]})
    if phase != "start":
        for colour in ("red", "blue", "green"):
            rig.app.play({"type": "start_block", "player": rules.next_picker(state(rig)),
                          "colour": colour})
    if phase in ("scoring", "over"):
        rig.app.play({"type": "roll", "number": 4, "colour": "black"})
        for seat in range(3):
            rig.app.play({"type": "out", "player": seat})
    if phase == "over":
        for seat in range(3):
            rig.app.play({"type": "score", "player": seat, "rows": [seat] * 11,
                          "bonus_marks": 1, "bombs_left": 2, "energy_left": 3})
    rig.app.show_game()
    for i, key in enumerate(KEYS):
        rig.keys(key, "ok", "down", "right", key, "ok", "back", "up", "ok", "back")
        rig.keys(*(["long back"] if i % 3 == 0 else []), "back", "back")
        assert rig.app.session.key == "brikks"
        rig.app.show_game()
    rig.close()


def test_golden_roll_screen(rig: Rig, golden) -> None:
    start_two(rig)
    rig.app.play({"type": "roll", "number": 3, "colour": "red"})
    rig.app.redraw()
    golden("brikks-roll", rig.frame)  # the costs: tests/games/brikks/test_screens_readable.py


def test_a_finished_solo_game_reads_in_history(rig: Rig) -> None:
    rig.app.start_game("brikks", {"players": ["Ann"]})
    for action in ({"type": "start_block", "player": 0, "colour": "red"},
                   {"type": "roll", "number": 1, "colour": "red"},
                   {"type": "out", "player": 0}):
        rig.app.play(action)
    rig.app.play({"type": "score", "player": 0, "rows": [10] * 11, "bonus_marks": 0,
                  "bombs_left": 0, "energy_left": 0})
    rig.keys("back", "down", "ok", "ok")         # start menu → History → the game
    rig.keys("down", "down")
    assert "95 points, 90–99:" in rig.app.texts  # the band's dash is drawn, not a crash
    assert rig.app.texts[-2].startswith("Throw")  # the detail wraps, never cut
