"""Guards issue 21 for the rest of Brain Robbery: on mock pins, the turn card's cards, brain,
XP and car, a fight of five or more (paged), the "+1 XP" names after a fight (paged when
long) and where to put a new board are all drawn in 12 px type; goldens in both languages."""

from __future__ import annotations

import pytest

from companion.games.brain_robbery import rules
from companion.games.brain_robbery.screens.pages import SECONDS
from companion.testing import Clock, Rig

ROSTER = ("Red", "Blue", "Yellow", "Green", "Purple", "Orange", "Black")
READABLE = {"text", "bold", "medium", "large", "huge"}


def fonts(rig: Rig) -> dict[str, str]:
    """Every text on the last frame and the font it was drawn in."""
    return {d.text: d.font for d in rig.app.painter.drawn}


def start(rig: Rig, seats: int = 4) -> None:
    """Menu → New game → Brain Robbery → ``seats`` players → Start → deal → put down."""
    rig.keys("ok")
    games = [item.split(" (")[0] for item in rig.app.top.items()]
    rig.keys(*["down"] * games.index("Brain Robbery"), "ok")
    more = seats - 4
    rig.keys(*(["right"] * more if more > 0 else ["left"] * -more), "ok", "ok")
    assert len(rig.app.session.state.players) == seats


def state(rig: Rig) -> rules.State:
    return rig.app.session.state


def choose(rig: Rig, action: str) -> None:
    """UP/DOWN on an action line until ``action`` is chosen."""
    for _ in range(10):
        if action in rig.text:
            return
        rig.keys("down")
    raise AssertionError(f"{action!r} never offered: {rig.text}")


def test_the_turn_card_reads_cards_brain_xp_and_car_in_12_px(rig: Rig) -> None:
    start(rig)
    rig.keys("ok", "ok")  # deal, put the board down
    rig.keys("ok", "down", "down", "ok")  # edit the mover → Brain: Run 1, Hit 2, IQ 5
    rig.keys("right", "down", "right", "right", "down", *["right"] * 5, "ok", "ok", "back")
    mover = state(rig).mover
    assert mover.brain == rules.Brain(1, 2, 5)
    rig.keys("up")  # a card more in hand
    drawn = fonts(rig)
    assert drawn["Cards 2"] == drawn["R1 H2 IQ5"] == drawn["XP 0"] == "text"
    assert drawn["Caboose"] == "bold"  # the car, in the title bar
    assert drawn[mover.name] == "bold" and not rig.app.painter.cut
    # the dice count is read from the seat too (12 px); the round is a label
    assert drawn["2 dice +1"] == "text" and drawn["round 1"] == "small"


def test_a_fight_of_six_pages_its_fighters_in_12_px() -> None:
    rig = Rig(clock=Clock(), players=ROSTER)
    start(rig, seats=6)
    rig.keys("ok", "ok", "roll", "ok", "ok")  # deal, put down; stay on the Caboose
    choose(rig, "Fight!")
    rig.keys("ok", "roll")  # everyone ticked: the mover attacks the other five
    fight = state(rig).fight
    assert len(fight.fighters) == 6

    def page() -> dict[str, str]:
        drawn = fonts(rig)
        shown = {n: drawn[n] for n in fight.fighters if n in drawn}
        assert 0 < len(shown) <= 4 and set(shown.values()) == {"text"}, drawn
        totals = [str(t) for n, t in zip(fight.fighters, state(rig).fight.totals, strict=True)
                  if n in shown]
        assert {drawn[t] for t in totals} == {"text"}
        return shown

    first = page()
    assert list(first) == list(fight.fighters[:4])
    rig.later(SECONDS)  # the next page turns by itself
    assert list(page()) == list(fight.fighters[4:])
    rig.later(SECONDS)
    assert list(page()) == list(fight.fighters[:4])

    last = fight.fighters[-1]  # a card's Hit for the last fighter shows the last page
    choose(rig, f"+Hit: {last}")
    rig.keys("ok", "right", "right", "ok")
    assert rig.store.actions(rig.app.session.game_id)[-1] == {
        "type": "hit_card", "player": last, "hit": 3}
    assert last in page()
    rig.close()


def test_the_xp_names_after_a_fight_read_in_12_px_and_page_when_long() -> None:
    rig = Rig(clock=Clock(), players=ROSTER)
    start(rig, seats=6)
    rig.keys("ok", "ok", "roll", "ok", "ok")
    choose(rig, "Fight!")
    rig.keys("ok", "roll")
    choose(rig, "All pass: result")
    rig.keys("ok")
    s = state(rig)
    losers = [n for n in s.fight.fighters if n != s.fight.winner]
    assert "The fight is won by" in rig.text and len(losers) == 5
    seen: list[str] = []
    while True:  # the pages turn by themselves until the first comes back
        lines = [t for t in fonts(rig) if t.startswith("+1 XP: ")]
        assert len(lines) == 1 and fonts(rig)[lines[0]] == "text" and not rig.app.painter.cut
        if seen and lines[0] == seen[0]:
            break
        seen.append(lines[0])
        rig.later(SECONDS)
    assert len(seen) > 1
    names = " ".join(line.removeprefix("+1 XP: ") for line in seen).split()
    assert names == losers  # every loser named once, in order, over the pages
    assert all(s.player(n).xp == 1 for n in losers)
    assert "End turn" in rig.text
    rig.keys("ok", "roll", "ok", "ok")  # the next turn ends its move with no fight
    assert state(rig).phase == rules.AFTER and "+1 XP" not in rig.text
    assert rig.app.top.wake_in() is None  # nothing paged: the box sleeps again
    rig.close()


def test_a_short_xp_line_is_one_page(rig: Rig) -> None:
    start(rig, seats=3)
    rig.keys("ok", "ok", "roll", "ok", "ok")
    choose(rig, "Fight!")
    rig.keys("ok", "roll", "up", "ok")  # everyone fights; up from the first: All pass
    s = state(rig)
    losers = [n for n in s.fight.fighters if n != s.fight.winner]
    line = "+1 XP: " + " ".join(losers)
    assert fonts(rig)[line] == "text" and rig.app.top.wake_in() is None


def test_where_to_put_a_board_reads_in_12_px(rig: Rig) -> None:
    start(rig)
    rig.keys("ok")  # deal: the first board goes in front of the Caboose
    car = state(rig).train[-1]
    drawn = fonts(rig)
    assert drawn[f"{car.board}{car.side}"] == "large"
    assert drawn[f"board {car.board} side {car.side}"] == "text"
    assert drawn["in front of"] == drawn["the Caboose"] == "text"
    rig.keys("ok", "roll")
    choose(rig, "New car")
    rig.keys("ok")
    car = state(rig).train[-1]
    drawn = fonts(rig)
    assert drawn[f"board {car.board} side {car.side}"] == drawn["in front"] == "text"
    assert drawn["counters on brain spaces"] == "small"  # an instruction: a label


def test_named_boards_too_long_for_the_rows_page() -> None:
    from companion.config.file import from_mapping

    names = ["Caboose", *(f"The Long Observation Car No {n} With Its Dome" for n in range(2, 9))]
    config = from_mapping({"display": {"driver": "dummy"}, "input": {"hold_ms": 100},
                           "house_rules": {"brain_robbery": {"board_names": names}}})
    rig = Rig(clock=Clock(), config=config)
    start(rig)
    rig.keys("ok")  # deal: the first board, by its owner's long name
    car = state(rig).train[-1]
    rows: list[str] = []
    for _ in range(2):
        drawn = fonts(rig)
        rows += [t for t, f in drawn.items() if f == "text"]
        assert rig.app.top.wake_in() is not None and not rig.app.painter.cut
        rig.later(SECONDS)
    assert " ".join(rows) == f"{names[car.board - 1]} {car.side} in front of the Caboose"
    rig.close()


NAMES = ("brain_robbery-turn", "brain_robbery-board", "brain_robbery-new-car",
         "brain_robbery-fight-many", "brain_robbery-won")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_goldens(golden, language: str) -> None:
    from companion.owner.screenshots import render

    for name in NAMES:
        golden(name + ("-ja" if language == "ja" else ""), render(name, language))


def test_a_two_fighter_fight_reads_its_dice_in_12_px() -> None:
    rig = Rig(clock=Clock(), players=ROSTER)
    start(rig, seats=3)
    rig.keys("ok", "ok", "roll", "ok", "ok")  # deal, put down; stay on the Caboose
    choose(rig, "Fight!")
    rig.keys("ok", "ok", "roll")  # leave one pawn out: the mover against one
    fight = state(rig).fight
    assert len(fight.fighters) == 2
    drawn = fonts(rig)
    for dice in fight.dice:  # how each total came about, beside it
        line = " ".join(map(str, dice))
        assert any(t.startswith(line) and f == "text" for t, f in drawn.items()), drawn
    assert not rig.app.painter.cut
    rig.close()
