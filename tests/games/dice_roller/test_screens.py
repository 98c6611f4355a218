"""Guards the walking skeleton end to end: mock pins → keys → screens → log → display."""

from __future__ import annotations

from pathlib import Path

from companion.testing import Rig


def start_roller(rig: Rig) -> None:
    rig.keys("ok")            # start menu: New game
    assert "Dice roller" in rig.text
    rig.keys("ok")            # game list: Dice roller


def test_menu_lists_every_game(rig: Rig) -> None:
    rig.keys("ok")
    for _ in range(7):
        rig.keys("down")
        seen = rig.text
        assert "New game" in seen
    names = set()
    for _ in range(7):
        names.update(rig.app.texts)
        rig.keys("down")
    assert {"Dice roller", "Genial Spezial", "Brikks", "Brain Robbery",
            "4-Colour Stones", "Brain Crush", "Area Tiles"} <= {n.split(" (")[0] for n in names}


def test_pressing_pins_reaches_a_dice_result_on_the_display(rig: Rig) -> None:
    start_roller(rig)
    assert "Dice 2d6" in rig.text and "#0" in rig.text
    rig.keys("roll")
    state = rig.app.session.state
    assert len(state.rolls) == 1
    a, b = state.last
    assert rig.text.split(" | ")[:2] == ["Dice 2d6", "#1"]
    assert str(a + b) in rig.app.texts  # the total, drawn big
    # the frame on the luma dummy device is the one the app rendered
    assert rig.frame.tobytes() == rig.app.render().tobytes()
    assert rig.store.actions(rig.app.session.game_id)[-1] == {"type": "roll", "dice": [a, b]}


def test_ok_rolls_too_and_count_changes_are_logged(rig: Rig) -> None:
    start_roller(rig)
    rig.keys("up", "up", "ok")
    assert rig.app.session.state.count == 4 and len(rig.app.session.state.last) == 4
    assert "Dice 4d6" in rig.text
    rig.keys("down", "down", "down", "down")
    assert rig.app.session.state.count == 1  # never below one die


def test_undo_by_holding_back(rig: Rig) -> None:
    start_roller(rig)
    rig.keys("roll", "roll")
    first = rig.app.session.state.rolls[0]
    rig.keys("long back")
    assert "Undone: roll" in rig.text
    assert rig.app.session.state.rolls == (first,)
    assert len(rig.store.actions(rig.app.session.game_id)) == 1


def test_histogram_is_one_press_away(rig: Rig) -> None:
    start_roller(rig)
    for _ in range(12):
        rig.keys("roll")
    rig.keys("right")  # the chart, in place of the dice: title, total and hint line stay
    assert rig.text.startswith("Dice 2d6 | #12") and "<dice" in rig.text
    assert type(rig.app.top).__name__ == "RollerScreen"
    rig.keys("roll")  # rolling goes on while the chart shows, its total on the right
    total = str(sum(rig.app.session.state.last))
    assert "#13" in rig.text and rig.app.texts[-2] == total and not rig.app.animating
    rig.keys("left")
    assert "Dice 2d6" in rig.text and ">chart" in rig.text


def test_restart_resumes_where_it_was(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    first = Rig(db=db, seed=5)
    start_roller(first)
    first.keys("roll", "roll")
    rolls = first.app.session.state.rolls
    first.close()
    second = Rig(db=db, seed=9)
    assert "Dice 2d6" in second.text and "#2" in second.text
    assert second.app.session.state.rolls == rolls
    second.keys("back")
    assert "To Dice roller" in second.text
    second.close()


def test_ending_the_session_puts_it_in_history(rig: Rig) -> None:
    start_roller(rig)
    rig.keys("roll", "long ok")
    assert "Sure?" in rig.text
    rig.keys("ok")
    assert "Session over" in rig.text
    assert len(rig.store.history()) == 1
    rig.keys("back", "down", "ok")  # start menu → History
    assert "History" in rig.text and any("Dice roller" in t for t in rig.app.texts)


def test_rule_error_is_a_message_not_a_crash(rig: Rig) -> None:
    start_roller(rig)
    rig.app.play({"type": "roll", "dice": [9, 9]})
    rig.app.redraw()
    assert "each die shows 1 to | 6." in rig.text  # wrapped in a message box
    rig.keys("up")  # the next key only closes the message
    assert rig.app.session.state.count == 2


def test_golden_screens(rig: Rig, golden) -> None:
    golden("menu", rig.frame)
    start_roller(rig)
    rig.keys("roll")
    golden("dice", rig.frame)


def test_physical_dice_are_entered_logged_and_counted(rig: Rig) -> None:
    start_roller(rig)
    rig.keys("roll")                      # one drawn roll
    rig.keys("long roll")                 # key in the table's own dice
    assert "Your dice" in rig.text
    rig.keys("up", "up", "right", "up", "up", "up", "up", "up", "ok")   # 3 and 6
    state = rig.app.session.state
    assert state.last == (3, 6) and state.entered == (False, True)
    assert rig.store.actions(rig.app.session.game_id)[-1] == \
        {"type": "roll", "dice": [3, 6], "entered": True}
    assert "Dice 2d6 (yours)" in rig.text and "9" in rig.app.texts
    rig.keys("right")                     # the chart counts both kinds
    assert "#2" in rig.text and "<dice" in rig.text and "9" in rig.app.texts


def test_a_failing_screen_is_a_message_not_a_dead_box(rig: Rig) -> None:
    """Outside the tests (strict off) a bug in a screen leaves the box running."""
    start_roller(rig)
    rig.keys("roll")
    rig.app.strict = False

    def broken() -> None:
        raise KeyError("oops")

    rig.app.top.key_up = broken
    rig.keys("up")
    assert "Sorry, that" in rig.text and len(rig.app.slips) == 1
    rig.keys("ok")                       # closes the message
    rig.keys("roll")                     # and the game goes on
    assert len(rig.app.session.state.rolls) == 2

    def broken_render(p) -> None:
        raise ValueError("cannot draw")

    rig.app.top.render = broken_render
    rig.app.redraw()
    assert "Table Companion" in rig.text and len(rig.app.slips) == 2


def test_chart_golden_every_count(rig: Rig, golden) -> None:
    """The chart in place of the dice, for 1-6 dice: whole bars, the fair-dice marks
    beside or above them, axis numbers that never touch; the total stays on the right."""
    start_roller(rig)
    rig.keys("down")
    for count in range(1, 7):
        for _ in range(30):
            rig.keys("roll")
        rig.keys("right")
        assert rig.app.texts[-2] == str(sum(rig.app.session.state.last))
        golden(f"dice-chart-{count}d6", rig.frame)
        rig.keys("left", "up")


def test_up_to_three_dice_keep_their_place(rig: Rig) -> None:
    """Adding a die draws one more die; the others stay where they were (cheap on the
    OLED): the left two dice's outlines are the same pixels with 2 and with 3 dice."""
    start_roller(rig)
    two = rig.frame.convert("1").crop((0, 16, 59, 46))
    rig.keys("up")
    assert "Dice 3d6" in rig.text and "ROLL" in rig.app.texts
    assert rig.frame.convert("1").crop((0, 16, 59, 46)).tobytes() == two.tobytes()
    rig.keys("roll")
    last = rig.app.session.state.last
    assert rig.app.texts[2:6] == [*map(str, last), str(sum(last))]
