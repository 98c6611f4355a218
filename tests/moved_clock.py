"""The whole suite on another day, at another hour, in another time zone.

``travel("2028-02-29T23:50 America/Los_Angeles")`` moves the process's clock there (it
ticks on from that moment) and its local zone to that one, through time-machine, which
changes ``time.time``, ``datetime.now`` and ``time.localtime`` for every caller, the
box's default clocks included; it returns the function that brings the clock back.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import time_machine


def moment(spec: str) -> datetime:
    """``"2027-01-01T00:05 Pacific/Kiritimati"`` as an aware datetime in that zone.

    >>> moment("2027-01-01T00:05 Pacific/Kiritimati").isoformat()
    '2027-01-01T00:05:00+14:00'
    """
    stamp, _, zone = spec.partition(" ")
    return datetime.fromisoformat(stamp).replace(tzinfo=ZoneInfo(zone or "UTC"))


def travel(spec: str) -> Callable[[], None]:
    """Move the clock and the local zone to ``spec`` (see :func:`moment`); time-machine
    sets ``TZ`` too, so a command the tests start runs in the same zone."""
    traveller = time_machine.travel(moment(spec), tick=True)
    traveller.start()
    return traveller.stop
