"""Reading a long history a page at a time: the newest plays a page needs, or every play
in chunks, through the same :func:`companion.records.plays.plays` as the command line
and the exports.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> for _n in range(3):
...     store.finish(store.new_game("brikks", {"players": ["Ann"]}), {})
>>> [p.id for p in every_play(store, chunk=2)]
[3, 2, 1]
>>> [p.id for p in newest_plays(store, 1, lambda p: p.id < 3)]
[2]
>>> [p.id for p in plays_after(store, 1)]
[3, 2]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.log.store import Store
from companion.records.plays import Play, plays, plays_by_end


def every_play(store: Store, chunk: int = 500) -> Iterator[Play]:
    """Every finished play, newest first, read ``chunk`` games at a time: counting over
    ten thousand games never holds them all at once."""
    before = None
    while True:
        window = plays(store, newest=chunk, before=before)
        if not window:
            return
        yield from window
        before = window[-1].id


def newest_plays(store: Store, wanted: int, keep: Callable[[Play], bool]) -> list[Play]:
    """The newest ``wanted`` plays that ``keep`` keeps, looking back further only as far
    as it must (a filter on a rare player reads more of the log)."""
    limit = wanted
    while True:
        window = plays(store, newest=limit)
        found = [r for r in window if keep(r)]
        if len(found) >= wanted or len(window) < limit:
            return found[:wanted]
        limit *= 4


def ended_plays(store: Store, wanted: int, keep: Callable[[Play], bool], *,
                before: tuple[str, int] | None = None) -> tuple[list[Play], bool]:
    """The ``wanted`` plays that ``keep`` keeps, the last to end first, ended before
    ``before`` (a play's ``(finished, id)``) when given, and whether older ones are
    kept too (a page of History and whether it links to the next)."""
    limit, found = wanted + 1, []
    while True:
        window = plays_by_end(store, newest=limit, before=before)
        found += [r for r in window if keep(r)]
        if len(found) > wanted or len(window) < limit:
            return found[:wanted], len(found) > wanted
        before, limit = (window[-1].finished, window[-1].id), limit * 4


def plays_after(store: Store, last_id: int, first: int = 8) -> Iterator[Play]:
    """The finished plays of id above ``last_id``, newest first, read ``first`` games,
    then four times as many, and so on, until an older one comes."""
    before, limit = None, first
    while True:
        window = plays(store, newest=limit, before=before)
        fresh = [r for r in window if r.id > last_id]
        yield from fresh
        if len(fresh) < len(window) or len(window) < limit:
            return
        before, limit = fresh[-1].id, limit * 4
