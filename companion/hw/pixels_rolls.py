"""Which of a Pixels die's reports are rolls that count, and when a die has gone.

A die reports its state again and again (:mod:`companion.hw.pixels_messages`); the table
wants one thing: "the red d6 landed on 4". Only a die seen moving and then at rest after
a proper roll (the die's own ``rolled``) lands. A die picked up and put down (``on_face``
after handling), one leaning on something (``crooked``), or one already at rest when the
box first sees it gives no landing. A die not heard from for :data:`GONE_AFTER` seconds
has gone (battery, range) and says so once; heard again, it is back.

>>> from companion.hw.pixels_messages import Advertisement
>>> def ad(state, face=None):
...     return Advertisement(7, "d6", 0, 6, state, face, 80, False, 0)
>>> rolls = Rolls()
>>> steps = [("on_face", 2), ("handling", None), ("rolling", None), ("rolled", 5)]
>>> for t, (state, face) in enumerate(steps):
...     print(state, rolls.seen(ad(state, face), t))
on_face []
handling [Moving(pixel_id=7, state='handling')]
rolling [Moving(pixel_id=7, state='rolling')]
rolled [Landed(pixel_id=7, face=5)]
>>> rolls.tick(4 + GONE_AFTER + 1)
[Gone(pixel_id=7)]
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.hw.pixels_messages import Advertisement, IAmADie, RollState

#: Seconds without a word from a die before it is taken as gone.
GONE_AFTER = 8.0


@dataclass(frozen=True)
class Landed:
    """A proper roll came to rest on ``face`` (the printed value)."""

    pixel_id: int
    face: int


@dataclass(frozen=True)
class Moving:
    """The die is being handled or rolls."""

    pixel_id: int
    state: str


@dataclass(frozen=True)
class Tilted:
    """The die came to rest on no face (leaning on something): roll it again."""

    pixel_id: int


@dataclass(frozen=True)
class Gone:
    """Nothing heard from the die for :data:`GONE_AFTER` seconds."""

    pixel_id: int


@dataclass(frozen=True)
class Back:
    """A die that had gone is heard again."""

    pixel_id: int


Event = Landed | Moving | Tilted | Gone | Back


@dataclass
class _Die:
    state: str
    face: int | None
    heard: float
    moved: bool = False
    gone: bool = False


class Rolls:
    """Turns each die's reports into :data:`Event`\\ s; one per change."""

    def __init__(self, gone_after: float = GONE_AFTER) -> None:
        self.gone_after = gone_after
        self._dice: dict[int, _Die] = {}

    def seen(self, report: Advertisement | IAmADie | RollState, now: float,
             pixel_id: int | None = None) -> list[Event]:
        """What ``report`` (from the die ``pixel_id``: an advertisement or a connected
        die's message) changes, at monotonic time ``now``."""
        who = pixel_id if pixel_id is not None else getattr(report, "pixel_id", None)
        if who is None:
            return []
        die = self._dice.get(who)
        out: list[Event] = []
        if die is None:  # first heard: whatever it shows was not seen rolling
            self._dice[who] = _Die(report.state, report.face, now)
            return out
        if die.gone:
            die.gone = False
            out.append(Back(who))
        die.heard = now
        if report.state == die.state == "rolled" and report.face != die.face \
                and report.face is not None:
            # rolled again between two reports (adverts come every so often): the new
            # face can only come from a roll, a hand puts a die down "on face"
            die.face = report.face
            out.append(Landed(who, report.face))
            return out
        if report.state == die.state:
            return out
        die.state, die.face = report.state, report.face
        if report.state in ("handling", "rolling"):
            die.moved = True
            out.append(Moving(who, report.state))
        elif report.state == "rolled" and die.moved and report.face is not None:
            die.moved = False
            out.append(Landed(who, report.face))
        elif report.state == "crooked":
            out.append(Tilted(who))
        elif report.state == "on_face":
            die.moved = False  # put down by hand: no roll
        return out

    def tick(self, now: float) -> list[Event]:
        """The dice that went quiet by ``now`` (each said once)."""
        out: list[Event] = []
        for who, die in self._dice.items():
            if not die.gone and now - die.heard > self.gone_after:
                die.gone = True
                out.append(Gone(who))
        return out
