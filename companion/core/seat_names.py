"""Seat names the box writes itself, as a person reads them in the language in use.

A seat nobody from the roster sits in is a guest: new games name it in the language
in use ("Guest 2", 「ゲスト2」), and logs from before Japanese keep "Guest 2"; the dice
games' one seat is "Table", which is nobody. The log keeps what was written; these are
translated where a finished game is shown.

>>> shown("Guest 2"), shown("Table"), shown("Ann")
('Guest 2', 'Table', 'Ann')
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import roster
from companion.core.i18n import N_, _

#: A guest seat's name ("Guest 2", 「ゲスト2」).
GUEST = N_("Guest {n}")


def guest(seat: int) -> str:
    """The name of a guest in seat ``seat`` (0-based), in the language in use."""
    return _(GUEST).format(n=seat + 1)


def shortened(name: str, fits: Callable[[str], bool]) -> str | None:
    """A guest's name shorter where the whole one does not fit: "Guest2", else "G2"
    (「ゲスト2」, else 「客2」), the first that ``fits``; None for anybody else or when
    neither fits. Cut at the end, 「ゲスト2」 would read 「ゲス」, a rude word.

    >>> shortened("Guest 2", lambda text: len(text) <= 3), shortened("Ann", bool)
    ('G2', None)
    """
    seat = roster.guest_seat(name)
    if seat is None:
        return None
    return next((short for short in (name.replace(" ", ""), _("G{n}").format(n=seat))
                 if fits(short)), None)


def is_nobody(name: str) -> bool:
    """True for the seat names that are no person at all (the dice games' "Table")."""
    return roster.name_key(name) in roster.NOT_PEOPLE


def shown(name: str) -> str:
    """``name`` as shown: the box's own seat names ("Guest 2", 「ゲスト2」, "Table") in
    the language in use."""
    seat = roster.guest_seat(name)
    if seat is not None:
        return _(GUEST).format(n=seat)
    if name == "Table":
        return _("Table")
    return name
