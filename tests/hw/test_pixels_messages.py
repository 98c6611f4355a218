"""Issue 47: a Pixels die's advertisement and messages read from bytes, built here from
the protocol's tables (every die type, every roll state, battery and charging), and
anything malformed or short refused in one sentence, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import i18n
from companion.hw import pixels_messages as pm
from companion.hw.pixels_messages import DiceMessageError

#: The protocol's die types by their design byte's high 4 bits, with the printed faces a
#: die of each kind reports for face indices 0, 1, ... (a d4 reports as its six-sided
#: insides: indices 2, 3, 5 are 2, 3, 4; the rest 1).
TYPES = {1: ("d4", [1, 1, 2, 3, 1, 4]), 2: ("d6", [1, 2, 3, 4, 5, 6]),
         3: ("d8", list(range(1, 9))), 4: ("d10", list(range(10))),
         5: ("d00", list(range(0, 100, 10))), 6: ("d12", list(range(1, 13))),
         7: ("d20", list(range(1, 21)))}
STATES = {0: "unknown", 1: "rolled", 2: "handling", 3: "rolling", 4: "crooked", 5: "on_face"}
AT_REST = {"rolled", "on_face"}


def ad_bytes(die: int, state: int, index: int, battery: int, *, pixel_id: int = 0xDEADBEEF,
             leds: int = 6, colour: int = 3, built: int = 1_700_000_000) -> tuple[bytes, bytes]:
    return (bytes([leds, die << 4 | colour, state, index, battery]),
            pixel_id.to_bytes(4, "little") + built.to_bytes(4, "little"))


@pytest.mark.parametrize("code", sorted(TYPES))
@pytest.mark.parametrize("state", sorted(STATES))
def test_every_die_type_and_roll_state_from_the_advertisement(code: int, state: int) -> None:
    kind, faces = TYPES[code]
    for index, printed in enumerate(faces):
        ad = pm.advertisement(*ad_bytes(code, state, index, 64))
        assert (ad.die_type, ad.state, ad.pixel_id, ad.colour) == (kind, STATES[state],
                                                                   0xDEADBEEF, 3)
        # a face counts only where the die rests on it
        assert ad.face == (printed if STATES[state] in AT_REST else None)


@pytest.mark.parametrize("battery,level,charging", [(0, 0, False), (100, 100, False),
                                                    (0x80 | 5, 5, True), (0x80 | 100, 100, True)])
def test_battery_level_and_charging_from_the_top_bit(battery: int, level: int,
                                                     charging: bool) -> None:
    ad = pm.advertisement(*ad_bytes(2, 5, 0, battery))
    assert (ad.battery, ad.charging) == (level, charging)


@pytest.mark.parametrize("state", sorted(STATES))
def test_roll_state_messages_for_every_state(state: int) -> None:
    got = pm.message(bytes([pm.ROLL_STATE, state, 4]), "d6")
    assert got == pm.RollState(STATES[state], 5 if STATES[state] in AT_REST else None)


@pytest.mark.parametrize("code,name", sorted(pm.BATTERY_STATES.items()))
def test_battery_messages_for_every_battery_state(code: int, name: str) -> None:
    assert pm.message(bytes([pm.BATTERY_LEVEL, 42, code]), "d20") == pm.Battery(42, name)


def test_i_am_a_die_names_the_die_and_its_face() -> None:
    data = (bytes([pm.I_AM_A_DIE, 20, 3, 7]) + bytes(4) + (0x01020304).to_bytes(4, "little")
            + bytes(2) + bytes(4) + bytes([1, 19, 88, 0]))
    assert pm.message(data, "unknown") == pm.IAmADie(0x01020304, "d20", 20, "rolled", 20,
                                                     88, "ok")


@pytest.mark.parametrize("data,sentence", [
    (b"", "an empty message came from a die"),
    (bytes([3, 1]), "a Pixels message 3 (roll state) needs 3 bytes; 2 came"),
    (bytes([34, 50]), "a Pixels message 34 (battery level) needs 3 bytes; 2 came"),
    (bytes([2]) + bytes(10), "a Pixels message 2 (I am a die) needs 22 bytes; 11 came"),
    (bytes([3, 9, 0]), "a die's roll state is 0 to 5, not 9"),
    (bytes([3, 1, 6]), "a d6 has no face number 7 (it has 1 to 6)"),
])
def test_short_and_malformed_messages_are_one_sentence(data: bytes, sentence: str) -> None:
    with pytest.raises(DiceMessageError) as caught:
        pm.message(data, "d6")
    assert str(caught.value) == sentence
    ja = caught.value.translated(lambda m: i18n.package_translator("companion").gettext(m, "ja"))
    assert ja != sentence and "\n" not in ja  # said in Japanese too


@pytest.mark.parametrize("manufacturer,service", [
    (bytes(4), bytes(8)), (bytes(5), bytes(7)), (bytes([6, 0x20, 1, 0, 9]), bytes(8)),
])
def test_short_or_nameless_advertisements_are_one_sentence(manufacturer: bytes,
                                                           service: bytes) -> None:
    with pytest.raises(DiceMessageError):
        pm.advertisement(manufacturer, service)


@given(st.binary(max_size=40), st.sampled_from(sorted(pm.FACES) + ["unknown"]))
def test_any_bytes_give_a_message_or_one_sentence(data: bytes, die: str) -> None:
    try:
        pm.message(data, die)
    except DiceMessageError as err:
        assert str(err) and "\n" not in str(err)


@given(st.binary(max_size=8), st.binary(max_size=10))
def test_any_advertisement_bytes_give_a_die_or_one_sentence(manufacturer: bytes,
                                                            service: bytes) -> None:
    try:
        pm.advertisement(manufacturer, service)
    except DiceMessageError as err:
        assert str(err) and "\n" not in str(err)


def test_blink_is_the_protocols_fourteen_bytes() -> None:
    data = pm.blink(3, 1000, 0x00FF8000, 0b1, 0, True)
    assert data[0] == 29 and len(data) == 14
    assert int.from_bytes(data[2:4], "little") == 1000
    assert int.from_bytes(data[4:8], "little") == 0x00FF8000 and data[-1] == 1
