"""Seat names the box writes itself, as a person reads them in the language in use.

A seat nobody from the roster sits in is a guest: new games name it in the language
in use ("Guest 2", 「ゲスト2」), and logs from before Japanese keep "Guest 2"; the dice
games' one seat is "Table", which is nobody. The log keeps what was written; these are
translated where a finished game is shown.

>>> shown("Guest 2"), shown("Table"), shown("Ann")
('Guest 2', 'Table', 'Ann')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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


#: The mark a name cut short ends with: 「山田…」, "Alexan." ("Ann B." for Ann Baker).
CUT_JA, CUT_LATIN = "…", "."


def _japanese(name: str) -> bool:
    """True for a name written in kana or kanji (its cut mark is 「…」, its family first)."""
    return any(ord(ch) >= 0x2E80 for ch in name)


def family_given(name: str) -> tuple[str, str] | None:
    """A Japanese name's family and given names ("山田 一郎" → 山田, 一郎), else None.

    >>> family_given("山田 一郎"), family_given("ゆい"), family_given("Ann Baker")
    (('山田', '一郎'), None, None)
    """
    family, _space, given = name.partition(" ")
    return (family, given) if given and _japanese(name) else None


def cut(name: str, fits: Callable[[str], bool]) -> str | None:
    """The longest start of ``name`` that ``fits`` with the mark of a cut name after it
    (never a space before the mark), or None when not even one character does.

    >>> cut("Ann Baker", lambda text: len(text) <= 6), cut("山田 一郎", lambda t: len(t) <= 3)
    ('Ann B.', '山田…')
    """
    mark = CUT_JA if _japanese(name) else CUT_LATIN
    for end in range(len(name) - 1, 0, -1):
        start = name[:end].rstrip()
        if start and fits(start + mark):
            return start + mark
    return None


def short_name(name: str, fits: Callable[[str], bool],
               table: Sequence[str] = ()) -> tuple[str, bool]:
    """``name`` as shown where the whole one may not fit, and whether it is a cut start.

    Never characters dropped from the middle: the whole name when it ``fits``; a
    guest's short seat name (:func:`shortened`); at a table where another player has the
    same family name, the given name alone (「一郎」 and 「花子」 for 山田 一郎 and 山田 花子,
    as a Japanese family says); else the longest start that fits with a mark that it is
    cut (「佐藤…」, "Ann B." and "Ann K." for Ann Baker and Ann King).

    >>> short_name("山田 一郎", lambda t: len(t) <= 3, ["山田 一郎", "山田 花子"])
    ('一郎', False)
    >>> short_name("Ann Baker", lambda t: len(t) <= 6)
    ('Ann B.', True)
    """
    if fits(name):
        return name, False
    guest = shortened(name, fits)
    if guest is not None:
        return guest, False
    parts = family_given(name)
    if parts is not None and fits(parts[1]) and any(
            other != name and (family_given(other) or ("", ""))[0] == parts[0]
            for other in table):
        return parts[1], False
    short = cut(name, fits)
    if short is not None:
        return short, True
    mark = CUT_JA if _japanese(name) else CUT_LATIN
    return (name[0] if fits(name[0]) else mark), True


def called(names: Sequence[str]) -> list[str]:
    """The players' ``names`` as the table calls them where room is short: the given name
    of a family name two of them share, every other name whole.

    >>> called(["山田 一郎", "山田 花子", "佐藤 健太"])
    ['一郎', '花子', '佐藤 健太']
    """
    families = [family_given(name) for name in names]
    shared = {f[0] for f in families if f and sum(1 for g in families if g and g[0] == f[0]) > 1}
    return [f[1] if f and f[0] in shared else name
            for name, f in zip(names, families, strict=True)]


def calls(names: Sequence[str]) -> dict[str, str]:
    """Each of the players' ``names`` → what the table calls them (:func:`called`).

    >>> calls(["山田 一郎", "山田 花子"])["山田 一郎"]
    '一郎'
    """
    return dict(zip(names, called(names), strict=True))


def table_names(names: Sequence[str], fits: Callable[[str], bool]) -> list[tuple[str, bool]]:
    """Each of the players' ``names`` as :func:`short_name` shows it at this table, with
    whether it is a cut start. Two shown alike (Alexandra and Alexander, both "Alex.")
    get their seat number in front ("1Ale.", "2Ale.").

    >>> [s for s, _cut in table_names(["山田 一郎", "山田 花子", "ゆい"], lambda t: len(t) <= 3)]
    ['一郎', '花子', 'ゆい']
    """
    shown = [short_name(name, fits, names) for name in names]
    alike = {s for s, _c in shown if [t for t, _d in shown].count(s) > 1}
    return [(f"{seat}{s}" if fits(f"{seat}{s}") else
             (cut(f"{seat}{name}", fits) or str(seat)), True) if s in alike else (s, c)
            for seat, (name, (s, c)) in enumerate(zip(names, shown, strict=True), 1)]


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
