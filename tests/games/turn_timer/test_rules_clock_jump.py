"""Guards issue 36: the turn timer measures durations on the monotonic clock. A wall
clock that jumps by three days mid-turn (NTP on a Pi without a real-time clock) is not
charged to the player whose turn it is, nor is a jump of 30 seconds back or 3 minutes
forward; old logs (actions with ``"at"`` only) replay to the totals they always had."""

from __future__ import annotations

import pytest

from companion.config.file import from_mapping
from companion.games.turn_timer import rules
from companion.games.turn_timer.screens import FakeClock
from companion.log.store import Store
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


def _running_rig(wall: FakeClock, steady: Clock, **kw) -> Rig:
    rig = Rig(wall_clock=wall, clock=steady, players=("Red", "Blue"), config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}}), **kw)
    rig.open_game("turn_timer")
    rig.keys("ok", "ok")  # Start
    rig.keys("ok")  # the clocks start: Red's turn
    return rig


@pytest.mark.parametrize("jump", [-30.0, 180.0])
def test_a_small_clock_jump_while_running_is_nobodys_turn(jump: float) -> None:
    """A 30-second correction back, or 3 minutes forward: under any threshold, still
    nobody's turn, on screen and in the log."""
    wall, steady = FakeClock(T0), Clock()
    rig = _running_rig(wall, steady)
    try:
        wall.now += 4
        steady.now += 4
        wall.now += jump  # the network sets the clock
        rig.app.next_frame_now()
        assert "0:04" in rig.text, rig.text
        wall.now += 6
        steady.now += 6
        rig.keys("ok")  # Blue's turn
        assert rig.app.session.state.used[:2] == (10.0, 0.0)
        assert rig.store.actions(rig.app.session.game_id)[-1]["ran"] == 10.0
    finally:
        rig.close()


def test_an_old_style_log_replays_to_the_same_totals(tmp_path) -> None:
    """Actions stamped before ``"ran"`` (``"at"`` only), as an older box wrote them: the
    totals are the differences of their times, as they always were."""
    db = str(tmp_path / "companion.db")
    store = Store.open(db)
    game = store.new_game("turn_timer", {"players": ["Ann", "Bob"], "budget": 0,
                                         "sound": "off"})
    for kind, at in (("start", T0), ("pass", T0 + 30), ("pause", T0 + 42.5),
                     ("resume", T0 + 900), ("pass", T0 + 905), ("pass", T0 + 900)):
        store.append(game, {"type": kind, "at": at})
    store.close()
    wall, steady = FakeClock(T0 + 5000), Clock()
    rig = Rig(db=db, wall_clock=wall, clock=steady, config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}}))
    try:
        state = rig.app.session.state
        assert state.used == (30.0, 17.5) and state.current == 1 and state.running
        steady.now += 3  # the box carries on the new way: Bob's turn, 3 s
        rig.keys("ok")
        assert rig.app.session.state.used == (30.0, 20.5)
    finally:
        rig.close()
