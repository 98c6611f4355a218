"""Issue 44: the setup never shows one person in two seats. A person chosen for a seat
while another seat was hidden (fewer players) stayed in that seat, so raising the count
again showed 「Cleo」 twice; and Start's refusal now names the two seats."""

from __future__ import annotations

from companion.testing import Rig
from companion.ui.setup import SetupScreen


def test_raising_the_count_never_shows_one_person_twice() -> None:
    rig = Rig(players=("Ann", "Ben", "Cleo", "Dan"))
    try:
        rig.open_game("brain_crush")
        setup = rig.app.top
        assert isinstance(setup, SetupScreen) and setup.players() == ["Ann", "Ben", "Cleo",
                                                                       "Dan"]
        rig.keys("left", "left")                 # two players
        rig.keys("down", "down", "right")        # seat 2: Cleo, not at the table
        assert setup.players() == ["Ann", "Cleo"]
        rig.keys("up", "up", "right")            # three players again
        assert len(set(setup.players())) == 3, setup.players()
        rig.keys("right")                        # four
        assert len(set(setup.players())) == 4, setup.players()
    finally:
        rig.close()


def test_start_names_the_two_seats_it_refuses() -> None:
    rig = Rig(players=("Ann", "Ben", "Cleo"))
    try:
        rig.open_game("brain_crush")
        setup = rig.app.top
        assert isinstance(setup, SetupScreen)
        seats = setup.seats[: setup.count.value]
        seats[2].index = seats[2].values.index("Ann")  # as a log's last table might
        setup.row = len(setup.rows()) - 1
        rig.keys("ok")
        assert rig.app.top is setup
        message = rig.app.message or ""
        label1, label3 = (s.gettext(s.label) for s in (seats[0], seats[2]))
        assert f"{label1} and {label3} are both Ann" in message, message
    finally:
        rig.close()
