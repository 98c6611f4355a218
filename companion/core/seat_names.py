"""Seat names the box writes itself, as a person reads them in the language in use.

A seat nobody from the roster sits in is a guest: new games name it in the language
in use ("Guest 2", 「ゲスト2」), and logs from before Japanese keep "Guest 2"; the dice
games' one seat is "Table", which is nobody. The log keeps what was written; these are
translated where a finished game is shown.

>>> shown("Guest 2"), shown("Table"), shown("Ann")
('Guest 2', 'Table', 'Ann')
"""

from __future__ import annotations

import re
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


def first_part(name: str) -> str | None:
    """What a table calls a person by when room is short, else None: the given name of a
    Japanese name (「健一」 for 佐々木 健一), the part before 「・」 of a name written
    with one (「ミヤ」 for ミヤ・ロドリゲス).

    >>> first_part("佐々木 健一"), first_part("ミヤ・ロドリゲス"), first_part("Ann Baker")
    ('健一', 'ミヤ', None)
    """
    parts = family_given(name)
    if parts is not None:
        return parts[1]
    before, dot, _after = name.partition("・")
    return before.strip() if dot and before.strip() else None


def forms(names: Sequence[str]) -> list[list[str]]:
    """The forms a table's names take, each shorter than the one before, one form for
    everybody: whole; the given name where a family name is shared (:func:`called`);
    everybody by :func:`first_part` where they have one."""
    return [list(names), called(names), [first_part(n) or n for n in names]]


def table_names(names: Sequence[str], fits: Callable[[str], bool]) -> list[tuple[str, bool]]:
    """The players' ``names`` as one screen shows them where each has the room ``fits``
    allows, with whether it is a cut start: the one rule of the README for every screen
    and the command line.

    One form for everybody at the table, the first of these in which every name fits
    and no two read alike: the names whole; the given name where a family name is
    shared (「健一」「真理子」「さくら」 beside 「高橋 ゆうこ」); everybody by the given
    name, or the part before 「・」 (「ゆうこ」, 「ミヤ」). A guest too wide is
    "Guest2" or "G2" (「客2」), never cut. Only when none of these fits is a name cut,
    its start with a mark that it is cut (「佐藤…」, "Ann B." and "Ann K."), and two cut
    alike get their seat number in front ("1Ale.", "2Ale.").

    >>> sasaki = ["佐々木 健一", "佐々木 真理子", "高橋 ゆうこ"]
    >>> [s for s, _cut in table_names(sasaki, lambda t: len(t) <= 6)]
    ['健一', '真理子', '高橋 ゆうこ']
    >>> [s for s, _cut in table_names(sasaki, lambda t: len(t) <= 3)]
    ['健一', '真理子', 'ゆうこ']
    >>> table_names(["Ann Baker", "Ann King"], lambda t: len(t) <= 6)
    [('Ann B.', True), ('Ann K.', True)]
    """
    def short(name: str) -> str | None:
        return name if fits(name) else shortened(name, fits)

    shapes = [f for f in forms(names) if len(set(f)) == len(f)] or [list(names)]
    for form in shapes:
        shown = [short(name) for name in form]
        if None not in shown:
            return [(s or "", False) for s in shown]
    shown_cut = [(s, False) if (s := short(name)) is not None else _cut_start(name, fits)
                 for name in shapes[-1]]
    alike = {s for s, _c in shown_cut if [t for t, _d in shown_cut].count(s) > 1}
    return [(f"{seat}{s}" if fits(f"{seat}{s}") else
             (cut(f"{seat}{name}", fits) or str(seat)), True) if s in alike else (s, c)
            for seat, (name, (s, c)) in enumerate(zip(shapes[-1], shown_cut, strict=True), 1)]


def _cut_start(name: str, fits: Callable[[str], bool]) -> tuple[str, bool]:
    short = cut(name, fits)
    if short is not None:
        return short, True
    mark = CUT_JA if _japanese(name) else CUT_LATIN
    return (name[0] if fits(name[0]) else mark), True


def short_name(name: str, fits: Callable[[str], bool],
               table: Sequence[str] = ()) -> tuple[str, bool]:
    """``name`` as :func:`table_names` shows it at ``table`` (the players on the same
    screen, ``name`` among them or not), and whether it is a cut start. Never characters
    dropped from the middle.

    >>> short_name("山田 一郎", lambda t: len(t) <= 3, ["山田 一郎", "山田 花子"])
    ('一郎', False)
    >>> short_name("Ann Baker", lambda t: len(t) <= 6)
    ('Ann B.', True)
    """
    players = list(table) if name in table else [*table, name]
    return table_names(players, fits)[players.index(name)]


def named_lines(lines: Sequence[str], table: Sequence[str],
                fits: Callable[[str], bool]) -> list[tuple[str, bool]]:
    """``lines`` of one screen that name players of ``table``, each made to ``fit``,
    with whether a name in it was cut: the names take the first of :func:`table_names`'
    forms in which every line fits, the same form on every line; only when none does is
    a name cut (its start with a mark) in the lines still too wide.

    >>> table = ["佐々木 健一", "佐々木 真理子"]
    >>> named_lines(["Seat 1: 佐々木 健一", "Seat 2: 佐々木 真理子", "Start"], table,
    ...             lambda t: len(t) <= 12)
    [('Seat 1: 健一', False), ('Seat 2: 真理子', False), ('Start', False)]
    """
    people = [n for n in dict.fromkeys(table) if n]
    if not people or all(fits(line) for line in lines):
        return [(line, False) for line in lines]
    pattern = re.compile("|".join(re.escape(n) for n in sorted(people, key=len, reverse=True)))

    def named(line: str, form: dict[str, str]) -> str:
        return pattern.sub(lambda m: form[m.group(0)], line)

    shapes = [f for f in forms(people) if len(set(f)) == len(f)] or [people]
    for form in shapes:
        shown = [named(line, dict(zip(people, form, strict=True))) for line in lines]
        if all(fits(line) for line in shown):
            return [(line, False) for line in shown]
    last = dict(zip(people, shapes[-1], strict=True))
    out = []
    for line in lines:
        line_now = named(line, last)
        if fits(line_now) or not pattern.search(line):
            out.append((line_now, False))
            continue
        who = pattern.search(line).group(0)  # type: ignore[union-attr]
        before, after = named(line[:line.index(who)], last), named(
            line[line.index(who) + len(who):], last)
        def room(text: str, head: str = before, tail: str = after) -> bool:
            return fits(head + text + tail)

        short = cut(last[who], room) or (CUT_JA if _japanese(who) else CUT_LATIN)
        out.append((before + short + after, True))
    return out


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
