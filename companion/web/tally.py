"""Plays and wins per person, kept between requests and brought up to date by adding the
games finished since: the first Players page after a game ends reads that game, not the
whole log.

The whole log is counted again only when what was counted may have changed: a counted
game reopened (an undo), an old game resumed and finished, a person renamed or merged
(the counts are kept under today's names).

>>> from companion.log.store import Store
>>> from companion.app.session import GameSession
>>> store = Store.open(":memory:")
>>> _ = store.add_player("Ann"); _ = store.add_player("Ben")
>>> def play() -> None:
...     game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
...     _ = game.apply({"type": "turn", "all": 3}); _ = game.apply({"type": "end_early"})
>>> tally = Tally(); play()
>>> [(s.name, s.plays, s.wins) for s in tally.people(store)]
[('Ann', 1, 1), ('Ben', 1, 0)]
>>> play(); [(s.name, s.plays, s.wins) for s in tally.people(store)], tally.recounts
([('Ann', 2, 2), ('Ben', 2, 0)], 1)
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.log.store import Store
from companion.records import stats
from companion.records.plays import Play, imported
from companion.web import chart, reading


def _finished_up_to(store: Store, last_id: int) -> tuple[int, str | None]:
    """How many games of id ``last_id`` or lower are finished, and when the last of them
    was: it changes when one of them is reopened, or resumed and finished again."""
    mark: tuple[int, str | None] = store.finished_mark(up_to=last_id)
    return mark


#: Games read at a time when counting the whole log: what is read is held meanwhile.
CHUNK = 100


class Tally:
    """What :func:`companion.records.stats.people` and :func:`companion.web.chart.months`
    count, kept for one language (a game's name is in it)."""

    def __init__(self) -> None:
        self.by_uuid: dict[str, stats.PersonStats] = {}
        self.months: dict[str, dict[str, list[int]]] = {}
        self.roster: set[tuple[str, str]] = set()
        self.mark: tuple[int, str | None, int] | None = None
        self.last_id = 0
        self.upto: tuple[int, str | None] = (0, None)
        #: How many times the whole log was counted (tests and the benchmark read it).
        self.recounts = 0

    def people(self, store: Store) -> list[stats.PersonStats]:
        """Every roster player who finished a game, most plays first (as
        :func:`companion.records.stats.people`)."""
        roster = {(p.uuid, p.name) for p in store.players(hidden=True)}
        # a group's import adds plays without finishing a game: counted again then
        mark = (*store.finished_mark(), store.imported.count())
        if not self.roster <= roster or self.mark is None:
            self._recount(store)
        elif mark != self.mark:
            if mark[2] != self.mark[2] or _finished_up_to(store, self.last_id) != self.upto:
                self._recount(store)
            else:
                self._add(list(reading.plays_after(store, self.last_id)))
                self.upto = _finished_up_to(store, self.last_id)
        self.roster, self.mark = roster, mark
        return sorted(self.by_uuid.values(),
                      key=lambda s: (-s.plays, -s.wins, s.name.casefold()))

    def _recount(self, store: Store) -> None:
        self.recounts += 1
        self.by_uuid, self.months, self.last_id = {}, {}, 0
        for chunk in _chunks(reading.every_play(store, chunk=CHUNK), CHUNK):
            self._add(chunk)
        self._add(imported(store))  # a BG Stats group's history: counted once
        self.upto = _finished_up_to(store, self.last_id)

    def _add(self, new: list[Play]) -> None:
        for play in new:
            chart.count(self.months, play)
        for person in stats.people(new):
            kept = self.by_uuid.setdefault(person.uuid, stats.PersonStats(person.name,
                                                                          person.uuid))
            kept.plays += person.plays
            kept.wins += person.wins
            kept.last_played = max(kept.last_played, person.last_played)
            for key, line in person.games.items():
                mine = kept.games.setdefault(key, stats.GameLine(key, line.game))
                mine.plays += line.plays
                mine.wins += line.wins
                if isinstance(line.best, int) and (mine.best is None or line.best > mine.best):
                    mine.best = line.best
        self.last_id = max([self.last_id, *(p.id for p in new)])


def _chunks(rows: Iterator[Play], size: int = 500) -> Iterator[list[Play]]:
    chunk: list[Play] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
