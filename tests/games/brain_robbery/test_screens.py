"""Guards the Brain Robbery screens on mock pins: deal, turns with new cars and the box's own
decoupling loop, undo and resume, entered (physical) dice for movement, checks and combat,
the fight, the IQ end, the train picture, goldens, and a key sweep over every phase."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.brain_robbery import rules
from companion.games.brain_robbery import screens as ui
from companion.owner.screenshots import make_app, press
from companion.testing import Rig

#: The roster the setups offer, seat by seat (the names these tests expect).
ROSTER = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange", "Black")


def start(rig: Rig, fewer_players: int = 1) -> None:
    """Menu → New game → Brain Robbery → setup (4 players minus ``fewer``) → Start → deal."""
    rig.keys("ok")
    games = [item.split(" (")[0] for item in rig.app.top.items()]
    rig.keys(*["down"] * games.index("Brain Robbery"), "ok")
    assert "Brain Robbery" in rig.text and "setup" in rig.text
    rig.keys(*["left"] * fewer_players, "ok", "ok")  # fewer seats, OK jumps to Start, Start
    assert "deal" in rig.text and " starts" in rig.text and " > " in rig.text


def state(rig: Rig) -> rules.State:
    return rig.app.session.state


def logged(rig: Rig) -> list[dict]:
    return rig.store.actions(rig.app.session.game_id)


def new_car_and_stop(rig: Rig) -> None:
    """On the move screen: New car, back from its reveal, Stop on the suggested car."""
    rig.keys("down")
    assert "New car" in rig.text
    rig.keys("ok")
    assert "counters on brain spaces" in rig.text
    rig.keys("ok", "ok")
    assert "Stop on" in rig.text and "OK stop + check" in rig.text


def read_reveal(rig: Rig) -> list[str]:
    """Step through the decoupling reveal; returns what each step said."""
    seen = [rig.text]
    while "OK done" not in rig.text:
        rig.keys("ok")
        seen.append(rig.text)
    rig.keys("ok")
    return seen


def test_deal_names_first_player_seat_order_and_board(rig: Rig) -> None:
    start(rig)
    s = state(rig)
    first = rig.app.session.options["first"]
    assert rig.app.session.options["starts"] == "random"
    assert s.players[first].name in rig.text
    fonts = {d.text: d.font for d in rig.app.painter.drawn}
    starts = f"{s.players[first].name} starts"
    assert fonts[starts] in ("medium", "text")  # who starts, and the seat order, in 12 px+
    assert {f for t, f in fonts.items() if " > " in t} == {"text"}
    rig.keys("ok")
    s = state(rig)
    car = s.train[-1]
    assert logged(rig)[-1] == {"type": "setup", "first": first, "board": car.board,
                               "side": car.side}
    assert f"{car.board}{car.side}" in rig.text and "the Caboose" in rig.text
    rig.keys("ok")
    assert s.mover.name in rig.text and "ROLL" in rig.text


def test_turns_with_decoupling_undo_and_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db, seed=1, players=ROSTER)
    start(rig)
    rig.keys("ok", "ok")  # deal, put the board down
    red, blue, yellow = (p.name for p in state(rig).players)
    assert state(rig).mover.name == red

    # Turn 1: roll, a new car, stop on the old front car; the box's check holds.
    rig.keys("roll")
    assert state(rig).phase == rules.MOVING and f"{red} moves" in rig.text
    new_car_and_stop(rig)
    rig.keys("ok")
    move = logged(rig)[-1]
    assert move["type"] == "move" and move["checks"] and "entered" not in move
    assert rules.decoupling_done(3, move["checks"])
    steps = read_reveal(rig)
    assert "Check roll 1" in steps[0] and len(steps) == len(move["checks"]) + 1
    rig.keys("ok")  # End turn
    assert state(rig).mover.name == blue

    # Turn 2: the check uncouples the Caboose; Yellow, still on it, goes behind the train.
    rig.keys("roll")
    new_car_and_stop(rig)
    rig.keys("ok")
    event = state(rig).event
    assert event.removed and event.removed[0].label == "Caboose"
    assert yellow in event.stranded and state(rig).player(yellow).car is None
    drawn = {d.text: d.font for d in rig.app.painter.drawn}
    assert drawn["Caboose: back to pile"] == "text"  # read from the seats: 12 px
    steps = read_reveal(rig)
    assert "Caboose: back to pile" in steps[0] and "<4" in steps[0]
    assert "Behind the train" in steps[-1] and yellow in steps[-1]
    assert "1 car off, 1 behind" in rig.text
    assert {d.text: d.font for d in rig.app.painter.drawn}["1 car off, 1 behind"] == "text"
    rig.keys("ok")  # End turn
    assert state(rig).mover.name == yellow and "behind" in rig.text

    # Undo: hold BACK takes back the end of Blue's turn; again from the train screen.
    rig.keys("long back")
    assert "Undone: end of turn" in rig.text  # a band: nothing to close
    assert state(rig).mover.name == blue and "End turn" in rig.text
    rig.keys("ok", "up")  # Yellow's turn again; UP gives Yellow a card
    assert state(rig).player(yellow).hand == 1
    rig.keys("right", "long back")  # undo from the train screen returns to the game
    assert "Undone: hand" in rig.text
    assert state(rig).player(yellow).hand == 0 and yellow in rig.text and "ROLL" in rig.text
    actions = logged(rig)
    rig.close()

    # Restart: the game comes back on Yellow's turn, with the same train.
    rig = Rig(db=db, seed=7, players=ROSTER)
    assert state(rig).mover.name == yellow and "2 dice" in rig.text and "behind" in rig.text
    assert logged(rig) == actions
    rig.keys("roll", "ok", "ok")  # roll, Stop, stop on the rear car: no new car, no check
    assert logged(rig)[-1] == {"type": "move", "car": state(rig).train[0].board,
                               "break": False, "checks": []}
    assert "End turn" in rig.text
    rig.keys("ok")
    assert state(rig).mover.name == red and state(rig).round == 2
    rig.close()


def test_a_quiet_turn_takes_four_presses(rig: Rig) -> None:
    start(rig)
    rig.keys("ok", "ok")
    before, turn = rig.presses, state(rig).turn
    rig.keys("roll", "ok", "ok", "ok")  # ROLL, Stop, stop where I am, End turn
    assert state(rig).turn == turn + 1 and rig.presses - before == 4


def test_entered_dice_run_the_move_and_the_decoupling_loop(rig: Rig, golden) -> None:
    start(rig)
    rig.keys("ok", "ok")
    rig.keys("long roll")  # Red has 1 card and no brain: one die to enter
    assert "Move: " in rig.text and "die 1" in rig.text
    rig.keys("up", "up", "ok")
    assert logged(rig)[-1] == {"type": "move_roll", "dice": [3], "entered": True}
    assert "3" in rig.app.texts
    golden("brain_robbery-move", rig.frame)
    new_car_and_stop(rig)
    rig.keys("long roll")  # throw the check dice yourself, one at a time
    assert "Check roll 1" in rig.text and "vs 3 cars" in rig.text
    rig.keys("ok")  # a 1: less than 3, the Caboose is off
    assert "Check roll 2" in rig.text and "vs 2 cars" in rig.text
    rig.keys("up", "ok")  # a 2: not less than 2, the check ends
    move = logged(rig)[-1]
    assert move["checks"] == [1, 2] and move["entered"] is True
    s = state(rig)
    assert [c.label for c in s.event.removed] == ["Caboose"] and rules.CABOOSE in s.pile
    assert set(s.event.stranded) == {p.name for p in s.players} - {s.mover.name}
    steps = read_reveal(rig)
    assert "<3" in steps[0] and ">=2" in steps[1] and "Behind the train" in steps[2]
    rig.keys("right")
    assert "Train 2 cars" in rig.text
    golden("brain_robbery-train", rig.frame)


def test_fight_with_entered_dice_names_the_attacker_on_a_tie(rig: Rig) -> None:
    start(rig, fewer_players=0)
    rig.keys("ok", "ok")
    attacker = state(rig).mover.name
    rig.keys("roll", "ok", "ok")  # stay on the Caboose with everyone
    rig.keys("down", "down")
    assert "Fight!" in rig.text
    rig.keys("ok", "down", "ok", "down", "ok")  # untick the 2nd and 3rd: one defender
    defender = [n for n in rules.pawns_on(state(rig), 1) if n != attacker][0]
    rig.keys("long roll")  # one die each
    assert "Fight dice" in rig.text
    rig.keys("up", "up", "right", "up", "up", "ok")  # both roll 3
    fight = logged(rig)[-1]
    assert fight == {"type": "fight", "fighters": [defender],
                     "dice": {attacker: [3], defender: [3]}, "entered": True}
    assert "Fight" in rig.text and f"lead {attacker}" in rig.text
    fonts = {d.text: d.font for d in rig.app.painter.drawn}
    assert fonts[attacker] == fonts[defender] == "text"  # both fighters named in 12 px
    rig.keys("down", "down")  # to "All pass"
    assert "All pass: result" in rig.text
    rig.keys("ok")
    s = state(rig)
    assert s.fight.winner == attacker and s.player(defender).xp == 1
    assert "The fight is won by" in rig.text and f"+1 XP: {defender}" in rig.text


def test_end_game_scores_iq_and_names_the_winner(rig: Rig) -> None:
    start(rig)
    rig.keys("ok", "ok")
    rig.keys("ok", "down", "down", "ok")  # edit the mover → Brain
    assert "'s brain" in rig.text
    rig.keys("down", "down", "right", "right", "right", "ok")  # IQ 3, then to Save
    rig.keys("ok")
    mover = state(rig).mover
    assert mover.brain == rules.Brain(0, 0, 3)
    rig.keys("back", "long ok", "ok")  # back to the turn, hold OK, yes
    assert "IQ in your head" in rig.text and "IQ 3" in rig.text
    rig.keys("down", "right", "right", "up")  # the next seat claims IQ 2, back up
    rig.keys("ok", "ok")  # OK jumps to Finish, Finish
    assert rig.app.session.over and "Game over" in rig.text
    assert mover.name in rig.text and "wins with IQ 3" in rig.text
    assert rig.store.history()[0].result["winners"] == [mover.name]
    fonts = {d.text: d.font for d in rig.app.painter.drawn}
    assert fonts[mover.name] in ("large", "medium") and fonts["wins with IQ 3"] == "text"
    rig.keys("down")  # every player's final IQ, a 12 px row each
    fonts = {d.text: d.font for d in rig.app.painter.drawn}
    names = [pl.name for pl in state(rig).players]
    shown = [n for n in names if n in fonts]
    assert len(shown) == min(3, len(names)) and {fonts[n] for n in shown} == {"text"}
    assert fonts["3"] == "text" and fonts["2"] == "text"  # the IQs 3 and 2, readable too


def test_engine_break_spaces_shrink_the_train_until_the_game_ends(rig: Rig) -> None:
    start(rig)
    rig.keys("ok", "ok")
    app = rig.app

    def roll() -> None:
        app.play({"type": "move_roll", "dice": [3] * rules.dice_needed(state(rig))})

    first_board, second = state(rig).train[1].board, state(rig).pile[0]
    roll()  # scenario: the Caboose is uncoupled, then drawn again as the Engine
    app.play({"type": "new_car", "board": second, "side": "A"})
    app.play({"type": "move", "car": first_board, "checks": [1, 6]})
    app.play({"type": "end_turn"})
    roll()
    app.play({"type": "new_car", "board": rules.CABOOSE, "side": "A"})
    rig.keys("ok", "right", "right", "up")  # Stop, walk to the Engine, a Break space
    assert "Stop on Engine" in rig.text and "BREAK" in rig.text
    rig.keys("ok")
    assert logged(rig)[-1]["break"] is True and state(rig).event.broken.board == first_board
    steps = read_reveal(rig)
    assert "Break space!" in steps[0] and "out of game" in steps[0]
    for _ in range(6):  # every next mover stops on a Break until the Engine is alone
        rig.keys("ok", "roll", "ok", "right", "right", "right", "up", "ok")
        if state(rig).phase == rules.SCORING:
            break
        read_reveal(rig)
    assert [c.label for c in state(rig).train] == ["Engine"]
    assert "IQ in your head" in rig.text and "only the Engine" in state(rig).end_reason


def test_nobody_wins_with_cheese(rig: Rig) -> None:
    start(rig)
    rig.keys("ok", "ok", "long ok", "ok", "up", "ok")  # end at once; Finish is the last row
    assert "Nobody" in rig.text and "best IQ 0" in rig.text


@pytest.mark.parametrize("scene", sorted(ui.SCREENSHOTS))
def test_every_key_on_every_scene_is_safe(scene: str) -> None:
    keys = ["UP", "DOWN", "LEFT", "RIGHT", "OK", "ROLL", "BACK"]
    for key in keys + [f"long {k}" for k in keys]:
        app = make_app()
        app.start()
        ui.SCREENSHOTS[scene](app)
        press(app, key, "OK", "DOWN", "OK", "long BACK", "OK")
        app.redraw()
        assert app.texts


def test_golden_readable_end_fight_and_deal(golden) -> None:
    """#21: the names and numbers read across the table, in 12 px, in both languages."""
    from companion.owner.screenshots import render

    for name in ("brain_robbery-end", "brain_robbery-end-iqs", "brain_robbery-combat",
                 "brain_robbery-deal"):
        golden(name, render(name))
        golden(f"{name}-ja", render(name, "ja"))
