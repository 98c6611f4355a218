"""Reading a long history a page at a time: the newest plays a page needs, or every play
in chunks, through the same :func:`companion.records.plays.plays` as the exports.

>>> from companion.log.store import Store
>>> from companion.app.session import GameSession
>>> store = Store.open(":memory:")
>>> for _n in range(3):
...     game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
...     _ = game.apply({"type": "end_early"})
>>> [p.id for p in every_play(store, chunk=2)]
[3, 2, 1]
>>> [p.id for p in newest_plays(store, 1, lambda p: p.id < 3)]
[2]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.records.plays import Play, plays


class Newest:
    """A store as :func:`companion.records.plays.plays` reads it, holding only its
    newest ``limit`` finished games: a page of History costs its own plays, not the
    whole log's."""

    def __init__(self, store: Any, limit: int, before: int | None = None) -> None:
        self.store = store
        self.rows = store.history(limit, before=before)

    def seat_players(self) -> Any:
        return self.store.seat_players([r.id for r in self.rows])

    def history(self, _limit: int) -> Any:
        return self.rows

    def pauses(self) -> Any:
        return self.store.pauses()


def every_play(store: Any, chunk: int = 500) -> Iterator[Play]:
    """Every finished play, newest first, read ``chunk`` games at a time: counting over
    ten thousand games never holds them all at once."""
    before = None
    while True:
        window = Newest(store, chunk, before)
        if not window.rows:
            return
        yield from plays(window)  # type: ignore[arg-type]
        before = window.rows[-1].id


def newest_plays(store: Any, wanted: int, keep: Any) -> list[Play]:
    """The newest ``wanted`` plays that ``keep`` keeps, looking back further only as far
    as it must (a filter on a rare player reads more of the log)."""
    limit = wanted
    while True:
        window = Newest(store, limit)
        found = [r for r in plays(window) if keep(r)]  # type: ignore[arg-type]
        if len(found) >= wanted or len(window.rows) < limit:
            return found[:wanted]
        limit *= 4
