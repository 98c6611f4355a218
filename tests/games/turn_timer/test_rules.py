"""Guards the turn timer: clocks computed from logged timestamps (never from the rules'
own clock), pause and undo, the count-down warning and its buzzer on gpiozero mock pins,
and a SIGKILL in the middle of a turn that loses nothing."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockPWMPin

from companion.config.file import from_mapping
from companion.core.errors import RuleError
from companion.games.turn_timer import rules
from companion.games.turn_timer.screens import FakeClock
from companion.records.plays import plays as read_plays
from companion.testing import Rig

ROOT = Path(__file__).resolve().parents[3]
T0 = 1_700_000_000.0

#: The people on the box's roster, offered for seats 1, 2, … in this order.
ROSTER = ("Red", "Blue", "Yellow", "Green", "Purple")


def play(actions, **options):
    state = rules.new_game({"players": ["Ann", "Bob", "Cy"], **options})
    for a in actions:
        state = rules.step(state, a)
    return state


def test_an_old_log_without_ran_adds_up_turns_and_ignores_a_clock_set_back() -> None:
    s = play([{"type": "start", "at": T0}, {"type": "pass", "at": T0 + 30},
              {"type": "pass", "at": T0 + 50}, {"type": "pass", "at": T0 + 45}])
    assert s.used == (30.0, 20.0, 0.0)  # Cy's clock ran backwards: no time, none taken
    assert s.current == 0 and s.turns == (1, 1, 1) and s.turn == 4
    assert rules.clock(s, 0, ran=10) == 40.0
    assert rules.clock(s, 1, ran=10) == 20.0


def test_pause_stops_the_running_clock_and_resume_restarts_it() -> None:
    s = play([{"type": "start", "at": T0}, {"type": "pause", "at": T0 + 10},
              {"type": "resume", "at": T0 + 500}])
    assert rules.clock(s, 0, ran=3) == 13.0
    with pytest.raises(RuleError, match="already"):
        rules.step(s, {"type": "resume", "at": T0 + 504})
    paused = rules.step(s, {"type": "pause", "at": T0 + 505})
    with pytest.raises(RuleError, match="resume them before passing"):
        rules.step(paused, {"type": "pass", "at": T0 + 506})


@pytest.mark.parametrize("action", [{"type": "start"}, {"type": "start", "at": "noon"},
                                    {"type": "start", "at": float("nan")}])
def test_an_action_without_a_usable_timestamp_is_refused(action) -> None:
    with pytest.raises(RuleError, match="needs the time"):
        play([action])


def test_bad_setup_is_refused() -> None:
    with pytest.raises(RuleError, match="2–8 players"):
        rules.new_game({"players": ["Ann"]})
    with pytest.raises(RuleError, match="budget"):
        rules.new_game({"players": ["Ann", "Bob"], "budget": -5})


def timer_rig(clock: FakeClock, config: dict | None = None, mono: FakeClock | None = None,
              **kw) -> Rig:
    """A rig whose wall clock is ``clock``, and its monotonic clock ``mono`` (or, when not
    given, the same clock)."""
    return Rig(wall_clock=clock, clock=mono or clock, players=ROSTER, config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}, **(config or {})}), **kw)


def open_timer(rig: Rig, *setup: str) -> None:
    """Through the menu: New game, Turn timer, setup keys, Start."""
    rig.open_game("turn_timer")
    rig.keys(*setup)
    rig.keys("ok", "ok")  # OK on any row jumps to Start; OK starts


def test_the_screen_stamps_actions_and_shows_the_clock() -> None:
    clock = FakeClock(T0)
    rig = timer_rig(clock)
    try:
        open_timer(rig)
        assert "OK starts the clock" in rig.text
        rig.keys("ok")                                   # start: Red's turn
        clock.now += 65.3
        rig.app.next_frame_now()                         # a second passes on the box
        assert "Red" in rig.text and "1:05" in rig.text
        rig.keys("ok")                                   # Blue's turn
        assert rig.store.actions(rig.app.session.game_id)[-1] == {
            "type": "pass", "at": T0 + 65.3, "ran": 65.3}
        clock.now += 7
        rig.keys("back")                                 # pause
        clock.now += 600                                 # a long break costs nothing
        assert "PAUSED" in rig.text and "0:07" in rig.text
        rig.keys("ok")                                   # resume
        clock.now += 1
        rig.keys("down")
        assert "Red | 1:05" in rig.text and "Blue | 0:08" in rig.text
        rig.keys("back", "long back")                    # undo the resume (a band says so)
        assert rig.app.session.state.paused
        rig.keys("ok", "long ok", "ok")                  # resume, stop, confirm
        assert "Time used" in rig.text
        play = read_plays(rig.store)[0]
        assert play.game == "Turn timer" and "Red 1:05 (1 turn)" in play.detail
        assert play.winners == []
    finally:
        rig.close()


def test_the_warning_and_the_time_out_sound_on_the_buzzer(monkeypatch) -> None:
    frequencies: list[float | None] = []
    original = MockPWMPin._set_frequency

    def record(pin, value):
        if value is not None:
            frequencies.append(value)
        original(pin, value)

    monkeypatch.setattr(MockPWMPin, "_set_frequency", record)
    clock = FakeClock(T0)
    rig = timer_rig(clock, {"sound": {"pin": 18}})
    frequencies.clear()  # gpiozero's own PWM set-up
    try:
        open_timer(rig, "down", "down", "down", "down", "right")   # Clock: 1 min each
        assert rig.app.session.options == {"players": ["Red", "Blue", "Yellow"],
                                           "budget": 60, "sound": "on"}
        rig.keys("ok", "ok")                             # start; pass to Blue: a chirp
        rig.sounder.wait()
        assert frequencies == [2000.0]
        for step in (45.2, 4.0, 1.0):                    # 14 s left, 10 s, 9 s
            clock.now += step
            rig.app.next_frame_now()
        rig.sounder.wait()
        assert frequencies == [2000.0] + [2800.0] * 3
        assert "0:10" in rig.text
        clock.now += 10                                   # time is up
        rig.app.next_frame_now()
        rig.sounder.wait()
        assert frequencies[-1] == 1400.0 and len(frequencies) == 5
        assert "0:00" in rig.text
        clock.now += 1                                    # over time: no more sounds
        rig.app.next_frame_now()
        rig.sounder.wait()
        assert "-0:01" in rig.text and len(frequencies) == 5
        states = [s.state for s in rig.factory.pin(18).states[1:]]
        assert states == [0.5, 0.0] * 5                 # every note stopped again
    finally:
        rig.close()


def test_quiet_and_off_on_the_setup_screen(monkeypatch) -> None:
    clock = FakeClock(T0)
    rig = timer_rig(clock, {"sound": {"pin": 18, "buzzer": "plain", "mode": "quiet"}})
    try:
        open_timer(rig)
        assert rig.app.session.options["sound"] == "quiet"
        rig.keys("ok", "ok")
        rig.sounder.wait()
        assert [s.state for s in rig.factory.pin(18).states[1:]] == [1.0, 0.0]
    finally:
        rig.close()
    rig = timer_rig(clock, {"sound": {"pin": 18}})
    try:
        open_timer(rig, *["down"] * 5, "right", "right")  # Sound: on → quiet → off
        assert rig.app.session.options["sound"] == "off"
        rig.keys("ok", "ok")
        rig.sounder.wait()
        assert len(rig.factory.pin(18).states) == 1   # never sounded
    finally:
        rig.close()


def test_without_a_buzzer_the_box_is_silent() -> None:
    rig = timer_rig(FakeClock(T0))
    try:
        assert rig.sounder is None and rig.app.sound is None
        open_timer(rig)
        assert rig.app.session.options["sound"] == "off"
        rig.keys("ok", "ok")                               # no buzzer, no error
    finally:
        rig.close()


CHILD = textwrap.dedent("""
    import sys, time
    from companion.config import registry
    from companion.config.file import from_mapping
    from companion.testing import Rig

    now = [float(sys.argv[2])]
    rig = Rig(db=sys.argv[1], wall_clock=lambda: now[0], clock=lambda: now[0],
              players=("Red", "Blue", "Yellow"),
              config=from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100}}))
    rig.keys("ok", *["down"] * registry.position("turn_timer"), "ok", "up", "ok")
    rig.keys("ok")              # Red's clock starts
    now[0] += 30
    rig.keys("ok")              # Blue's turn, 30 s after
    now[0] += 12.5              # Blue thinks...
    rig.app.next_frame_now()
    print("ready", rig.text, flush=True)
    time.sleep(120)
""")


def test_sigkill_mid_turn_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(T0)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=ROOT)
    try:
        line = child.stdout.readline()
        assert line.startswith("ready") and "Blue" in line and "0:12" in line, \
            line + child.stderr.read()
        child.send_signal(signal.SIGKILL)
        assert child.wait(10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
        child.stdout.close()
        child.stderr.close()
    # The box comes back with its wall clock three days behind (no real-time clock):
    # Blue's clock goes on from what the log holds, the start of her turn.
    clock, mono = FakeClock(T0 - 3 * 86400), FakeClock(12.0)
    rig = timer_rig(clock, mono=mono, db=str(db))
    try:
        state = rig.app.session.state
        assert state.current == 1 and state.used[0] == 30.0 and state.running
        assert "Blue" in rig.text and "0:00" in rig.text  # no gap charged, of any size
        clock.now += 86400 + 5                           # NTP answers; 5 s pass
        mono.now += 5
        rig.app.next_frame_now()
        assert "Blue" in rig.text and "0:05" in rig.text, rig.text
        rig.keys("down")
        assert "Red | 0:30" in rig.text and "Blue | 0:05" in rig.text
    finally:
        rig.close()
