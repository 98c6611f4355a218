"""Guards ``[sound] mode = "off"`` as the default, not a switch that unplugs the buzzer.

hardware/README.md: '"off" silences it, and the timer's setup can change the mode for one
game'. So with a buzzer on a pin and ``mode = "off"`` in the config, the timer's setup
starts at Sound: off, and choosing "on" there makes the buzzer chirp — it used to stay
silent, because no buzzer was opened at all.
"""

from __future__ import annotations

from companion.config.file import from_mapping
from companion.games.turn_timer.screens import FakeClock
from tests.games.turn_timer.test_rules import T0, open_timer, timer_rig


def test_sound_off_in_the_config_can_be_turned_on_for_one_game() -> None:
    clock = FakeClock(T0)
    rig = timer_rig(clock, {"sound": {"pin": 18, "mode": "off"}})
    try:
        rig.open_game("turn_timer")
        rig.keys(*["down"] * 5)  # the Sound row
        assert "off" in rig.text
        rig.keys("right")  # off → on
        rig.keys("ok", "ok")  # to Start, start
        assert rig.app.session.options["sound"] == "on"
        rig.keys("ok", "ok")  # the clock starts; the turn passes: a chirp
        assert rig.sounder is not None
        rig.sounder.wait()
        assert [s.state for s in rig.factory.pin(18).states[1:]] == [0.5, 0.0]
    finally:
        rig.close()


def test_sound_off_in_the_config_stays_silent_when_left_alone() -> None:
    clock = FakeClock(T0)
    rig = timer_rig(clock, {"sound": {"pin": 18, "mode": "off"}})
    try:
        open_timer(rig)
        assert rig.app.session.options["sound"] == "off"
        rig.keys("ok", "ok")  # the clock starts; the turn passes
        if rig.sounder is not None:
            rig.sounder.wait()
        assert len(rig.factory.pin(18).states) <= 1  # never sounded
    finally:
        rig.close()


def test_a_config_without_a_pin_claims_no_pin() -> None:
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.hw.buzzer import open_sounder

    factory = MockFactory(pin_class=MockPWMPin)
    try:
        assert open_sounder(from_mapping({"sound": {"mode": "on"}}), pin_factory=factory) is None
        assert not factory.pins
    finally:
        factory.reset()
