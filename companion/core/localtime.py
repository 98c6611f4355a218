"""Times as the table reads them: the log keeps UTC, screens and exports show local time.

The local time zone is the box's own: ``TZ`` if set, else ``/etc/localtime`` (on a Pi,
``sudo raspi-config`` → Localisation → Timezone).

>>> local("2026-11-22T20:52:01+00:00").utcoffset() is not None  # aware, in the box's zone
True
>>> local("2026-11-22T20:52:01") == local("2026-11-22T20:52:01+00:00")  # no offset: UTC
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, tzinfo

from companion.core import i18n

_zone: tzinfo | None = None  # None: the box's own


@contextmanager
def zone(tz: tzinfo) -> Iterator[None]:
    """Show times in ``tz`` instead of the box's zone (the README's pictures use UTC,
    so they are the same wherever they are made)."""
    global _zone
    outer, _zone = _zone, tz
    try:
        yield
    finally:
        _zone = outer


def local(stamp: str) -> datetime:
    """A logged ISO time as an aware datetime in the local zone (no offset: UTC)."""
    when = datetime.fromisoformat(stamp)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(_zone)


def local_iso(stamp: str) -> str:
    """``2026-11-22T21:52:01+01:00``: local time, with its offset so it stays exact."""
    return local(stamp).isoformat(timespec="seconds")


def seconds(stamp: str) -> str:
    """``2026-11-22 21:52:01``: local time without an offset (BG Stats' ``playDate``)."""
    return local(stamp).strftime("%Y-%m-%d %H:%M:%S")


def minute(stamp: str) -> str:
    """``2026-11-22 21:52``, local."""
    return local(stamp).strftime("%Y-%m-%d %H:%M")


def month_day(stamp: str) -> str:
    """``11-22``: the local date, short enough for a menu line; in Japanese as Babel
    writes it, ``11/22`` (「11-27」 is not how a Japanese date reads, issue 35)."""
    return _written(local(stamp), "%m-%d", "Md")


def month_day_minute(stamp: str) -> str:
    """``11-22 21:52`` (Japanese ``11/22 21:52``): :func:`month_day` and the minute."""
    return f"{month_day(stamp)} {local(stamp).strftime('%H:%M')}"


def day_of_month(stamp: str) -> str:
    """``22``: the local day alone, where a line has no room for the month."""
    return str(local(stamp).day)


def date(stamp: str, *, today: datetime | None = None) -> str:
    """A day the way a card names it: ``2026-11-22`` in English; in Japanese
    ``11/22`` this year and ``2025/11/22`` another (Babel's ``Md``/``yMd``).

    >>> evening = datetime(2026, 11, 22, 20, 52).astimezone()  # 20:52 here, in any zone
    >>> date(evening.isoformat())
    '2026-11-22'
    """
    when = local(stamp)
    now = (today or datetime.now(UTC)).astimezone(when.tzinfo)
    return _written(when, "%Y-%m-%d", "Md" if now.year == when.year else "yMd")


def _written(when: datetime, english: str, skeleton: str) -> str:
    """``when`` as ``strftime(english)`` in English, else as Babel writes ``skeleton``
    in the language in use (Babel is loaded only for that language)."""
    if i18n.language() == "en":
        return when.strftime(english)
    from babel.dates import format_skeleton

    return format_skeleton(skeleton, when, locale=i18n.language())
