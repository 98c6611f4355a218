"""Guards the optional buzzer (companion/hw/buzzer.py) on gpiozero mock pins: the notes
of each sound and mode, the plain buzzer, silence without a pin, mode "off" as only a
default, and a pin that cannot be used (one line on stderr, no sound, no crash)."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config.file import from_mapping
from companion.hw.buzzer import SOUNDS, Sounder, open_sounder


@pytest.fixture
def factory():
    f = MockFactory(pin_class=MockPWMPin)
    yield f
    f.reset()


def test_each_sound_plays_its_notes_on_a_piezo(factory, monkeypatch) -> None:
    tones: list[float] = []
    original = MockPWMPin._set_frequency
    monkeypatch.setattr(MockPWMPin, "_set_frequency",
                        lambda pin, v: (v is not None and tones.append(v), original(pin, v)))
    waits: list[float] = []
    sounder = Sounder(18, pin_factory=factory, sleep=waits.append)
    tones.clear()
    try:
        for mode in ("on", "quiet"):
            for name, notes in SOUNDS[mode].items():
                tones.clear()
                waits.clear()
                sounder.play(name, mode)
                sounder.wait()
                assert tones == [n[0] for n in notes], (mode, name)
                assert waits == [t for n in notes for t in n[1:] if t], (mode, name)
        sounder.play("turn", "off")
        sounder.wait()
        with pytest.raises(ValueError, match="no sound 'fanfare'"):
            sounder.play("fanfare")
    finally:
        sounder.close()
    assert factory.pin(18).states[-1].state == 0.0


def test_a_plain_buzzer_is_switched_on_and_off(factory) -> None:
    sounder = Sounder(12, tonal=False, pin_factory=factory, sleep=lambda s: None)
    try:
        sounder.play("warning")
        sounder.wait()
        assert [s.state for s in factory.pin(12).states[1:]] == [1.0, 0.0] * 3
    finally:
        sounder.close()


def test_no_pin_means_no_device(factory) -> None:
    assert open_sounder(from_mapping({}), pin_factory=factory) is None
    assert not factory.pins  # no pin was even claimed


def test_mode_off_opens_the_buzzer_but_plays_nothing_in_that_mode(factory) -> None:
    off = from_mapping({"sound": {"pin": 18, "mode": "off"}})
    sounder = open_sounder(off, pin_factory=factory, sleep=lambda s: None)
    try:
        assert sounder is not None  # a game may still ask for "on"
        sounder.play("turn", "off")
        sounder.wait()
        assert len(factory.pin(18).states) == 1  # untouched since it was opened
    finally:
        sounder.close()


def test_a_pin_that_cannot_be_used_leaves_the_box_silent(capsys) -> None:
    plain_pins = MockFactory()  # no PWM: a TonalBuzzer cannot run here
    try:
        config = from_mapping({"sound": {"pin": 18}})
        assert open_sounder(config, pin_factory=plain_pins) is None
        err = capsys.readouterr().err
        assert err.startswith("companion: no sound: the buzzer on GPIO18 cannot be used")
        assert err.count("\n") == 1
    finally:
        plain_pins.reset()
