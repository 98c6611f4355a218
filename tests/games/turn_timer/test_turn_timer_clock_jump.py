"""Guards issue 36: the turn timer measures durations on the monotonic clock. A wall
clock that jumps by three days mid-turn (NTP on a Pi without a real-time clock) is not
charged to the player whose turn it is."""

from __future__ import annotations

from companion.config.file import from_mapping
from companion.games.turn_timer import rules
from companion.games.turn_timer.screens import FakeClock
from companion.testing import Clock, Rig

T0 = 1_700_000_000.0


def test_a_three_day_clock_jump_is_nobodys_turn() -> None:
    wall, steady = FakeClock(T0), Clock()
    rig = Rig(wall_clock=wall, clock=steady, players=("Red", "Blue"), config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}}))
    try:
        rig.open_game("turn_timer")
        rig.keys("ok", "ok")  # Start
        rig.keys("ok")  # the clocks start: Red's turn

        def passes(seconds: float, jump: float = 0.0) -> None:
            wall.now += seconds + jump
            steady.now += seconds

        passes(5)
        passes(5, jump=3 * 86400)  # the network sets the clock
        rig.keys("ok")  # Blue's turn
        passes(7, jump=-86400)  # and back again
        rig.keys("ok")
        state = rig.app.session.state
        assert state.used[:2] == (10.0, 7.0), state.used
        assert rules.shown(rules.clock(state, 0, T0)) == "0:10"
    finally:
        rig.close()
