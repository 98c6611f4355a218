"""Issue 47: the smart dice's Bluetooth back end, driven through bleak itself against a
mocked BlueZ on a private bus: dice appear, roll, land, are picked up, tilt, drop out and
come back; a box without Bluetooth says why in one sentence."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from companion.hw import pixels_messages as pm
from companion.hw.pixels_radio import DiceRadio
from companion.hw.pixels_rolls import Back, Event, Gone, Landed, Moving, Rolls, Tilted
from tests.hw.bluez_mock import BlueZ, bluez_fixture  # noqa: F401 (the fixture)

RED, BLUE = 0x1A2B3C4D, 0x0BADF00D


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(name="radio")
def radio_fixture(bluez: BlueZ) -> Iterator[tuple[DiceRadio, FakeClock]]:
    clock = FakeClock()
    radio = DiceRadio(clock=clock, rolls=Rolls(gone_after=8.0))
    assert radio.start() is None
    try:
        yield radio, clock
    finally:
        radio.stop()


def wait_for(radio: DiceRadio, wanted: Callable[[list[Event]], bool],
             seconds: float = 10.0) -> list[Event]:
    seen: list[Event] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen += radio.poll()
        if wanted(seen):
            return seen
        time.sleep(0.02)
    raise AssertionError(f"not seen in {seconds} s; saw {seen}")


def test_dice_appear_in_range_with_their_type_and_battery(bluez: BlueZ, radio) -> None:
    radio, _clock = radio
    bluez.add_die(RED, "red d6", "d6", battery=73)
    bluez.add_die(BLUE, "blue d20", "d20", battery=40)
    deadline = time.monotonic() + 10
    while len(radio.in_range()) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    found = {d.ad.pixel_id: (d.name, d.ad.die_type, d.ad.battery) for d in radio.in_range()}
    assert found == {RED: ("red d6", "d6", 73), BLUE: ("blue d20", "d20", 40)}


def test_a_die_rolls_and_lands_and_a_picked_up_or_tilted_one_counts_no_roll(
        bluez: BlueZ, radio) -> None:
    radio, _clock = radio
    bluez.add_die(RED, "red d6", "d6")
    wait_for(radio, lambda _s: bool(radio.in_range()))
    bluez.advertise(RED, "d6", "rolling")
    bluez.advertise(RED, "d6", "rolled", index=3)
    seen = wait_for(radio, lambda s: any(isinstance(e, Landed) for e in s))
    assert seen == [Moving(RED, "rolling"), Landed(RED, 4)]
    # picked up and put down: moving, but no landing
    bluez.advertise(RED, "d6", "handling")
    bluez.advertise(RED, "d6", "on_face", index=5)
    bluez.advertise(RED, "d6", "rolling")
    bluez.advertise(RED, "d6", "crooked")
    seen = wait_for(radio, lambda s: any(isinstance(e, Tilted) for e in s))
    assert seen == [Moving(RED, "handling"), Moving(RED, "rolling"), Tilted(RED)]
    bluez.advertise(RED, "d6", "rolling")
    bluez.advertise(RED, "d6", "rolled", index=0)
    assert wait_for(radio, lambda s: any(isinstance(e, Landed) for e in s))[-1] == \
        Landed(RED, 1)


def test_a_die_that_drops_out_is_gone_once_and_back_when_heard(bluez: BlueZ, radio) -> None:
    radio, clock = radio
    bluez.add_die(RED, "red d6", "d6")
    wait_for(radio, lambda _s: bool(radio.in_range()))
    clock.now += 9  # nothing heard for longer than gone_after
    assert radio.poll() == [Gone(RED)] and radio.poll() == []
    assert radio.in_range() == []
    bluez.advertise(RED, "d6", "on_face", index=2, battery=60)
    assert wait_for(radio, lambda s: bool(s)) == [Back(RED)]


def test_an_unreadable_advertisement_is_one_sentence_and_no_event(bluez: BlueZ,
                                                                  radio) -> None:
    radio, _clock = radio
    bluez.add_die(RED, "red d6", "d6")
    wait_for(radio, lambda _s: bool(radio.in_range()))
    bluez.advertise(RED, "d6", "rolling", manufacturer=bytes([6, 0x21, 9, 0, 50]))
    deadline = time.monotonic() + 10
    while not radio.unreadable and time.monotonic() < deadline:
        time.sleep(0.02)
    assert radio.unreadable == ["a die's roll state is 0 to 5, not 9"]
    assert radio.poll() == []


def test_no_bluetooth_daemon_is_one_sentence(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path) -> None:
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", f"unix:path={tmp_path}/no-bus")
    radio = DiceRadio()
    why = radio.start()
    radio.stop()
    assert why == "Bluetooth is not running on this box (the bluetooth service); smart dice " \
        "cannot be read."


@pytest.mark.parametrize("bluez", [False], indirect=True)
def test_no_adapter_is_one_sentence(bluez: BlueZ) -> None:
    radio = DiceRadio()
    why = radio.start()
    radio.stop()
    assert why == "This box has no Bluetooth adapter for smart dice; they can be keyed in " \
        "as any dice."


def test_bluetooth_turned_off_is_one_sentence(bluez: BlueZ) -> None:
    bluez.power(False)
    radio = DiceRadio()
    why = radio.start()
    radio.stop()
    assert why == "Bluetooth is off: turn it on (bluetoothctl power on) to read smart dice."


def test_the_die_whose_face_counted_blinks(bluez: BlueZ, radio) -> None:
    radio, _clock = radio
    bluez.add_die(RED, "red d6", "d6")
    char = bluez.give_gatt(RED)
    wait_for(radio, lambda _s: bool(radio.in_range()))
    radio.blink(RED).result(20)
    assert radio.unblinked == []
    sent = bluez.written(char)
    assert sent[0] == pm.BLINK and sent == pm.blink(2, 600, 0x0000FF00)
