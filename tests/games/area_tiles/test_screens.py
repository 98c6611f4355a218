"""Guards the Area Tiles screens end to end on mock pins: setup, area entry with fixes,
undo and a restart, and the result pages (winner, fewer-areas tie-break, draw)."""

from __future__ import annotations

from pathlib import Path

from companion.config.file import from_mapping
from companion.config.registry import position
from companion.games.area_tiles import rules
from companion.testing import Clock, Rig

#: The people on the roster (the ``rig`` fixture seats them); they play red, blue, yellow.
ROSTER = ("Ann", "Ben", "Cleo")


def open_setup(rig: Rig) -> None:
    """Start menu → New game → Area Tiles."""
    rig.keys("ok", *["down"] * position("area_tiles"), "ok")
    assert "Area Tiles" in rig.text and "setup" in rig.text


def area(rig: Rig, blocks: int, symbol_steps: int = 0) -> None:
    """In the area editor (on 4 blocks, no symbol): set a size and a symbol, OK."""
    rig.keys(*["up"] * (blocks - rules.MIN_BLOCKS), *["right"] * symbol_steps, "ok")


def state(rig: Rig) -> rules.State:
    return rig.app.session.state


def test_three_players_with_fixes_undo_and_restart_reach_the_winner(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db, seed=3, players=ROSTER)
    open_setup(rig)
    rig.presses = 0  # count from the setup screen (the menu grows as games are added)
    assert {"Players: 3", "Red: Ann", "Blue: Ben", ">> Start <<"} <= set(rig.app.texts)
    setup = rig.app.top  # Start keeps the bottom row; the fourth seat is a DOWN away
    assert "Yellow: Cleo" in [setup.line(row) for row in setup.rows()]
    rig.keys("ok", "ok")  # OK jumps to Start, OK starts
    options = rig.store.game(rig.app.session.game_id).options
    assert options["starts"] == "random" and options["first"] in ("Ann", "Ben", "Cleo")
    assert options["colours"] == ["red", "blue", "yellow"] and options["short"] is False
    assert "24" in rig.app.texts and "starts:" in rig.text and options["first"] in rig.app.texts

    rig.keys("ok")  # every tile is down: scoring
    assert "Ann's areas" in rig.text and "1/3" in rig.text and "OK add area  <> player" in rig.text
    rig.keys("ok")  # + new area
    assert "Ann's areas | 1/3" in rig.text and "OK add area  <> symbol" in rig.text
    assert "no 4+ group" in rig.text
    rig.keys(*["up"] * 6)
    assert rig.app.texts[2:5] == ["10", "=", "6"]  # the points show live
    rig.keys("ok")
    assert rig.app.texts[2] == "4"  # back at 4 for the next one
    area(rig, 7, symbol_steps=2)  # a Ben symbol group in Ann's area
    area(rig, 5)  # a mistake …
    rig.keys("long back")  # … undone
    assert "Undone: new area" in rig.text  # a band: the next key acts as usual
    rig.keys("back")  # leaves the editor
    assert [a.blocks for a in state(rig).areas[0]] == [10, 7]
    assert "Next: Ben" in rig.text and "9" in rig.app.texts  # cursor on next; 6 + 3 area pts
    rig.keys("up", "up", "ok")  # correct area 2: 7 → 8 blocks
    assert "OK fix  <> symbol" in rig.text and rig.app.texts[2] == "7"
    rig.keys("up", "ok")
    assert state(rig).areas[0] == (rules.Area(10), rules.Area(8, "Ben"))
    presses_before_restart = rig.presses
    rig.close()

    # the box restarts mid-entry: the game resumes by itself
    rig = Rig(db=db, seed=8, players=ROSTER, clock=Clock())
    assert "Resumed Area Tiles: only what had OK is kept." in rig.app.band.text
    rig.later(2.1)  # the band goes by itself
    assert "Ann's areas" in rig.text and "8 blk = 3" in rig.text
    rig.keys("down", "ok")  # + new area → Next: Ben
    assert "Ben's areas" in rig.text and "2/3" in rig.text
    rig.keys("ok")
    area(rig, 9, symbol_steps=2)
    area(rig, 12)
    area(rig, 4)
    area(rig, 6, symbol_steps=3)  # Cleo's symbol
    rig.keys("back", "ok")  # next: Cleo
    assert "Cleo's areas" in rig.text and "3/3" in rig.text
    rig.keys("ok")
    area(rig, 13)
    area(rig, 8, symbol_steps=1)
    rig.keys("back")
    assert "OK finish" in rig.text
    rig.keys("ok")
    assert "Sure?" in rig.text and "Areas: Ann 2, Ben 4," in rig.text
    rig.keys("ok")
    to_winner = presses_before_restart + rig.presses

    expected = rules.score({"Ann": [10, 8], "Ben": [9, 12, 4, 6], "Cleo": [13, 8]},
                           ["Ben", "Ben", "Cleo", "Ann"])
    assert dict(expected.totals) == {"Ann": 6 + 3 + 3, "Ben": 3 + 1 + 1 + 1 + 3 + 6,
                                     "Cleo": 0 + 3 + 3 + 3}
    assert rules.is_over(state(rig)) and rig.store.history()[0].result["winners"] == ["Ben"]
    assert "Ben wins" in rig.text and "15 points" in rig.text and "next: Ann 12" in rig.text
    rig.keys("right")  # the table
    assert rig.text == ("Scores | 2/5 > | Ann | 9+3 = | 12 | Ben | 6+9 = | 15 | Cleo | 3+6 = | 9"
                        " | area + bonus = total")
    rig.keys("right", "right")  # Ben's page
    assert "Ben: 4 areas" in rig.text and "15" in rig.app.texts and "Symbols | 6" in rig.text
    # 8 areas with a fix, an undo and a restart: setup to winner in 75 presses, of which
    # 47 are UP/RIGHT setting sizes and symbols (the undo notice no longer takes a key)
    assert to_winner == 75


def test_two_players_choose_colours_short_game_and_tie_break_on_fewer_areas(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left")  # Players: 2
    assert "Players: 2" in rig.text and "Yellow: Cleo" not in rig.text
    rig.keys("down", "down", "right")  # the Blue seat: Ben → Cleo
    assert "Blue: Cleo" in rig.text
    rig.keys("down")  # the Colours row scrolls in above Start
    assert "Colours: Red+Blue" in rig.text and ">> Start <<" in rig.text
    rig.keys("right")  # Colours: red+blue → red+yellow; the seats follow
    assert "Colours: Red+Yellow" in rig.text and "Yellow: Cleo" in rig.text
    rig.keys("down", "right", "down", "right")  # Tiles: 18 short, Starts: seat 1
    assert "Tiles: 18 short" in rig.text and "Starts: seat 1" in rig.text
    rig.keys("ok", "ok")
    assert state(rig).colours == ("red", "yellow") and state(rig).players == ("Ann", "Cleo")
    assert "18" in rig.app.texts and "each, short" in rig.text and "Ann" in rig.app.texts
    assert "2 players" in rig.text
    rig.keys("ok", "ok")
    area(rig, 10)  # 6 + largest 3 = 9, one area
    rig.keys("back", "ok", "ok")
    area(rig, 7)
    area(rig, 7)  # 3 + 3 + most 3 = 9, two areas
    rig.keys("back", "ok", "ok")
    assert "Ann wins" in rig.text and "9 points" in rig.text
    assert "tie: 1 v 2 areas" in rig.text
    assert rig.store.history()[0].result["detail"].startswith("Ann wins the tie")


def test_a_true_draw_and_undoing_the_finish(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left", "ok", "ok", "ok", "ok")
    area(rig, 7, symbol_steps=2)
    rig.keys("back", "right")  # RIGHT: straight to the next player
    assert "Ben's areas" in rig.text
    rig.keys("ok")
    area(rig, 7, symbol_steps=1)
    rig.keys("back", "ok", "ok")
    assert "Draw" in rig.text and "Ann & Ben" in rig.text and "12 pts, 1 area each" in rig.text
    rig.keys("long back")  # undo the finish: back to the entry
    assert not rules.is_over(state(rig)) and "Ben's areas" in rig.text
    assert rig.store.history() == []


def test_remove_an_area_and_the_size_limit(rig: Rig) -> None:
    open_setup(rig)
    rig.keys("left", *["down"] * 4, "right", "ok", "ok", "ok", "ok")  # 2p short
    assert state(rig).max_blocks == 18 * 2 * 3
    rig.keys("long up", "long up", "long up")
    assert "19" in rig.app.texts and "0" in rig.app.texts  # 13+ is worth nothing
    rig.keys("ok")
    area(rig, 5)
    rig.keys("back", "up", "up", "up")  # from Next: up to the 19-block area
    assert "OK fix  hold OK remove" in rig.text
    rig.keys("long ok")
    assert "Sure?" in rig.text and "Remove Ann's area 1 | (19 blocks)?" in rig.text
    rig.keys("ok")
    assert state(rig).areas[0] == (rules.Area(5),)
    rig.keys("down", "ok")  # + new area: no size past the blocks on the table
    rig.keys(*["long up"] * 21)
    assert state(rig).max_blocks - 5 == 103 and "103" in rig.app.texts


def test_house_rule_sets_the_two_player_colours(tmp_path: Path) -> None:
    config = from_mapping({"display": {"driver": "dummy"}, "input": {"bounce_ms": 20},
                           "house_rules": {"area_tiles": {"two_player_colours": "blue+yellow"}}})
    rig = Rig(db=str(tmp_path / "h.db"), config=config, players=ROSTER)
    open_setup(rig)
    rig.keys("left")
    assert "Blue: Ann" in rig.text and "Yellow: Ben" in rig.text
    rig.keys("ok", "ok")
    assert state(rig).colours == ("blue", "yellow")
    assert rig.store.game(rig.app.session.game_id).options["house_rules"] == {
        "name": "Area Tiles", "two_player_colours": "blue+yellow", "symbol_bonus": "each"}
    rig.close()


def test_every_key_in_every_phase_is_safe(rig: Rig) -> None:
    keys = ("up", "down", "left", "right", "ok", "roll", "long ok", "long back", "back")

    def sweep() -> None:
        for key in keys:
            rig.keys(key)
            if rig.app.message:
                rig.keys("back")
            assert rig.text
        rig.keys("back", "ok")  # back to the game from the start menu
        assert rig.app.session is not None

    open_setup(rig)
    rig.keys("left", "ok", "ok")
    sweep()  # tiles going down (or scoring, if OK began it)
    if state(rig).phase == "playing":
        rig.keys("ok")
    rig.keys("ok", "ok")  # a 4-block area for Ann, in the editor
    sweep()
    while len(rig.app.stack) > 2:  # close the editor and any message
        rig.keys("back")
    rig.keys("right", "ok")  # Ben's list → an area
    for _ in range(3):
        rig.keys("ok")
    rig.keys("back", "ok", "ok")  # finish
    assert rules.is_over(state(rig))
    for key in keys[:4]:
        for _ in range(5):
            rig.keys(key)
    rig.keys("long back", "back")
    assert not rules.is_over(state(rig))
