"""What a Pixels smart die says over Bluetooth, as data: its advertisement and messages.

Pure parsing of bytes, no Bluetooth: the back end hands over what BlueZ received and gets
values back. Written from the Pixels communications protocol (GameWithPixels' published
"Pixels Communications Protocol" and the firmware's message tables it points to); the
tables below are the protocol's own, each with a doctest.

The advertisement (sent while no one is connected) carries two parts:

======================  ====  ============================================
manufacturer data       1 B   LED count
                        1 B   design: die type (high 4 bits), colour (low 4)
                        1 B   roll state (:data:`ROLL_STATES`)
                        1 B   face index (0-based; :func:`face_value` reads it)
                        1 B   battery: level in % (low 7 bits), charging (high bit)
service data            4 B   Pixel Id (little-endian, unique to each die)
                        4 B   firmware build time (UNIX seconds)
======================  ====  ============================================

>>> ad = advertisement(bytes([6, 0x21, 1, 4, 0x80 | 73]),
...                    (0x2A3B4C5D).to_bytes(4, "little") + (1_700_000_000).to_bytes(4, "little"))
>>> ad.die_type, ad.state, ad.face, ad.battery, ad.charging, hex(ad.pixel_id)
('d6', 'rolled', 5, 73, True, '0x2a3b4c5d')

A connected die sends a message at every change; the first byte names it:

>>> message(bytes([3, 5, 2]), "d20")
RollState(state='on_face', face=3)
>>> message(bytes([34, 87, 2]), "d20")
Battery(level=87, state='charging')

Anything else is refused with one sentence (:class:`DiceMessageError`), never a
traceback:

>>> message(bytes([3, 9]), "d6")
Traceback (most recent call last):
...
companion.hw.pixels_messages.DiceMessageError: a Pixels message 3 (roll state) needs 3 bytes; 2 came
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import CompanionError, Translatable, Word
from companion.core.i18n import N_

#: The die's kind (the design byte's high 4 bits).
DIE_TYPES = {0: "unknown", 1: "d4", 2: "d6", 3: "d8", 4: "d10", 5: "d00", 6: "d12",
             7: "d20", 8: "d6pipped", 9: "d6fudge"}
#: Faces of each kind, as printed.
FACES = {"d4": (1, 2, 3, 4), "d6": tuple(range(1, 7)), "d6pipped": tuple(range(1, 7)),
         "d6fudge": (-1, 0, 1), "d8": tuple(range(1, 9)), "d10": tuple(range(10)),
         "d00": tuple(range(0, 100, 10)), "d12": tuple(range(1, 13)),
         "d20": tuple(range(1, 21))}
#: What the die is doing. ``rolled``: it came to rest on a face after a roll that looked
#: like one; ``on_face``: at rest without having rolled (picked up and put down, or never
#: moved); ``crooked``: at rest on no face (leaning on something).
ROLL_STATES = {0: "unknown", 1: "rolled", 2: "handling", 3: "rolling", 4: "crooked",
               5: "on_face"}
#: The battery's state in a :class:`Battery` message.
BATTERY_STATES = {0: "ok", 1: "low", 2: "charging", 3: "done", 4: "bad_charging", 5: "error"}
#: Message ids the box reads or sends.
WHO_ARE_YOU, I_AM_A_DIE, ROLL_STATE, BLINK, BATTERY_LEVEL = 1, 2, 3, 29, 34
#: The Pixels service (advertised) and its two characteristics.
SERVICE = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
NOTIFY = "6e400001-b5a3-f393-e0a9-e50e24dcca9e"
WRITE = "6e400002-b5a3-f393-e0a9-e50e24dcca9e"


class DiceMessageError(Translatable, CompanionError, ValueError):
    """Bytes from a die that are not a message the protocol describes."""


@dataclass(frozen=True)
class Advertisement:
    """What a die in range tells everyone: who it is, what it shows, its battery."""

    pixel_id: int
    die_type: str
    colour: int
    leds: int
    state: str
    face: int | None
    battery: int
    charging: bool
    built: int


@dataclass(frozen=True)
class RollState:
    """A connected die's roll state and the face up (None while rolling or crooked)."""

    state: str
    face: int | None


@dataclass(frozen=True)
class Battery:
    """A connected die's battery level (%) and state (:data:`BATTERY_STATES`)."""

    level: int
    state: str


@dataclass(frozen=True)
class IAmADie:
    """A connected die's answer to WhoAreYou."""

    pixel_id: int
    die_type: str
    leds: int
    state: str
    face: int | None
    battery: int
    battery_state: str


def face_value(index: int, die_type: str) -> int:
    """The printed value of face ``index`` (0-based, as the die counts) of a die of
    ``die_type``: a d10 reads 0-9, a d00 tens, a fudge die -1/0/+1, others 1 up. A Pixels
    d4 reports faces as its six-sided insides do: indices 2, 3 and 5 are 2, 3 and 4, the
    others 1.

    >>> [face_value(i, "d6") for i in range(6)], [face_value(i, "d10") for i in (0, 9)]
    ([1, 2, 3, 4, 5, 6], [0, 9])
    >>> [face_value(i, "d00") for i in (0, 3, 9)], [face_value(i, "d4") for i in range(6)]
    ([0, 30, 90], [1, 1, 2, 3, 1, 4])
    >>> face_value(20, "d20")
    Traceback (most recent call last):
    ...
    companion.hw.pixels_messages.DiceMessageError: a d20 has no face number 21 (it has 1 to 20)
    """
    if die_type == "d4":
        return {2: 2, 3: 3, 5: 4}.get(index, 1) if 0 <= index < 6 else _no_face(index, die_type)
    faces = FACES.get(die_type)
    if faces is None:
        raise DiceMessageError("a die of unknown type cannot name its faces")
    if die_type == "d6fudge":
        index = index // 2  # six faces, two of each value
    if not 0 <= index < len(faces):
        return _no_face(index, die_type)
    return faces[index]


def _no_face(index: int, die_type: str) -> int:
    faces = FACES[die_type]
    raise DiceMessageError("a {die} has no face number {n} (it has {low} to {high})",
                           die=die_type, n=index + 1, low=faces[0], high=faces[-1])


def _face(index: int, die_type: str, state: str) -> int | None:
    """The face up where the die is at rest on one; None otherwise."""
    if state not in ("rolled", "on_face") or die_type == "unknown":
        return None
    return face_value(index, die_type)


def _state(value: int) -> str:
    try:
        return ROLL_STATES[value]
    except KeyError:
        raise DiceMessageError("a die's roll state is 0 to 5, not {value}", value=value) \
            from None


def advertisement(manufacturer: bytes, service: bytes) -> Advertisement:
    """The die's state from its advertisement's manufacturer data (5 bytes) and the
    Pixels service's data (8 bytes).

    >>> advertisement(bytes([20, 0x70, 3, 0, 50]), bytes([1]) + bytes(7)).face is None  # rolling
    True
    >>> advertisement(bytes([20, 0x70, 1, 0]), bytes(8))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    companion.hw.pixels_messages.DiceMessageError: a Pixels advertisement needs 5 bytes ...
    """
    if len(manufacturer) < 5 or len(service) < 8:
        raise DiceMessageError("a Pixels advertisement needs 5 bytes of manufacturer data and "
                               "8 of service data; {m} and {s} came",
                               m=len(manufacturer), s=len(service))
    leds, design, state_byte, index, battery = manufacturer[:5]
    die_type = DIE_TYPES.get(design >> 4, "unknown")
    state = _state(state_byte)
    pixel_id = int.from_bytes(service[:4], "little")
    if pixel_id == 0:
        raise DiceMessageError("a Pixels advertisement names no die (its Pixel Id is 0)")
    return Advertisement(pixel_id=pixel_id, die_type=die_type, colour=design & 0x0F,
                         leds=leds, state=state, face=_face(index, die_type, state),
                         battery=battery & 0x7F, charging=bool(battery & 0x80),
                         built=int.from_bytes(service[4:8], "little"))


_NAMES = {I_AM_A_DIE: Word(N_("I am a die")), ROLL_STATE: Word(N_("roll state")),
          BATTERY_LEVEL: Word(N_("battery level"))}
_SIZES = {I_AM_A_DIE: 22, ROLL_STATE: 3, BATTERY_LEVEL: 3}


def message(data: bytes, die_type: str) -> RollState | Battery | IAmADie | None:
    """A message a connected die of ``die_type`` sent; None for one the box does not use
    (the protocol has dozens).

    >>> message(bytes([3, 3, 0]), "d6")
    RollState(state='rolling', face=None)
    >>> message(bytes([42, 1]), "d6") is None
    True
    >>> message(b"", "d6")
    Traceback (most recent call last):
    ...
    companion.hw.pixels_messages.DiceMessageError: an empty message came from a die
    """
    if not data:
        raise DiceMessageError("an empty message came from a die")
    kind = data[0]
    if kind not in _SIZES:
        return None
    if len(data) < _SIZES[kind]:
        raise DiceMessageError("a Pixels message {kind} ({name}) needs {size} bytes; {got} came",
                               kind=kind, name=_NAMES[kind], size=_SIZES[kind], got=len(data))
    if kind == ROLL_STATE:
        state = _state(data[1])
        return RollState(state, _face(data[2], die_type, state))
    if kind == BATTERY_LEVEL:
        return Battery(min(data[1], 100), BATTERY_STATES.get(data[2], "error"))
    # IAmADie: id, LEDs, colour, die type (firmware of 2023 on; 0 before), data set hash
    # (4), Pixel Id (4), free flash (2), build time (4), roll state, face index, battery
    # level, battery state
    told = DIE_TYPES.get(data[3], "unknown")
    die = told if told != "unknown" else die_type
    state = _state(data[18])
    return IAmADie(pixel_id=int.from_bytes(data[8:12], "little"), die_type=die, leds=data[1],
                   state=state, face=_face(data[19], die, state), battery=min(data[20], 100),
                   battery_state=BATTERY_STATES.get(data[21], "error"))


def blink(count: int = 3, duration_ms: int = 1000, colour: int = 0x00FFFFFF,
          faces: int = 0xFFFFFFFF, fade: int = 255, loop: bool = False) -> bytes:
    """The Blink message that makes a die flash (the die whose result counts).

    >>> blink(2, 800, 0x00FF00).hex(" ")
    '1d 02 20 03 00 ff 00 00 ff ff ff ff ff 00'
    """
    return (bytes([BLINK, count & 0xFF]) + (duration_ms & 0xFFFF).to_bytes(2, "little")
            + (colour & 0xFFFFFFFF).to_bytes(4, "little")
            + (faces & 0xFFFFFFFF).to_bytes(4, "little") + bytes([fade & 0xFF, int(loop)]))
