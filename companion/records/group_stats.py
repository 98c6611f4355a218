"""The group's stats: who plays and wins most, win share, streaks, personal bests and
head-to-head, for the whole group and game by game, counted from the finished plays
(:func:`companion.records.plays.plays`, the box's own and those brought in from BG
Stats alike).

A person is a roster player (their UUID), under their name of today; guests count in a
game's plays but are nobody's stats. A play that could be won (it has places: not a
tool's session, not a solo game played for a score) is a *contest*: win share is wins
over contests, a streak is wins in a row over a person's contests in the order the plays
were played (their start, then their id), and head-to-head compares two people's places
in the contests they both played. A personal best is the highest score (the lowest, for a
shelf game whose lowest score wins).

A shelf game (the score pad's) is a game of its own, named by its BoardGameGeek id, else
its title (:func:`game_id`).

>>> from companion.records.plays import Play
>>> def play(n, ann, ben, won):
...     return Play(n, "genial", "Genial", f"2026-10-0{n}T20:00:00+00:00",
...                 f"2026-10-0{n}T21:00:00+00:00", ["Ann", "Ben"],
...                 scores={"Ann": ann, "Ben": ben}, places=[[won], [{"Ann": "Ben",
...                 "Ben": "Ann"}[won]]], winners=[won], uuids={"Ann": "A", "Ben": "B"})
>>> group = count([play(1, 9, 5, "Ann"), play(2, 8, 6, "Ann"), play(3, 4, 7, "Ben")])
>>> [(t.name, t.plays, t.wins, t.longest, t.run) for t in group.ranking()]
[('Ann', 3, 2, 2, 0), ('Ben', 3, 1, 1, 1)]
>>> genial = group.games["genial"]
>>> genial.people["A"].best, genial.pairs[("A", "B")].ahead
(9, [2, 1])
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.config import registry
from companion.core.localtime import local
from companion.records.plays import Play


def game_id(play: Play) -> str:
    """What names ``play``'s game on the stats pages: its key (``genial``), or for a
    shelf game its BoardGameGeek id (``bgg-1234``), else its key and title.

    >>> game_id(Play(1, "genial", "Genial", "", "", []))
    'genial'
    >>> game_id(Play(1, "score_pad", "Azul", "", "", [], bgg_id=230802))
    'bgg-230802'
    >>> game_id(Play(1, "score_pad", "Azul", "", "", []))
    'score_pad:Azul'
    """
    info = registry.find(play.key)
    if info is not None and not info.records.shelf:
        return play.key
    if play.bgg_id:
        return f"bgg-{play.bgg_id}"
    return play.key if info is None else f"{play.key}:{play.game}"


def _score(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value


@dataclass
class Line:
    """One person's count, over one game or all of them."""

    uuid: str
    name: str
    plays: int = 0
    #: Plays that could be won (they have places).
    contests: int = 0
    wins: int = 0
    #: The personal best score (None: no score kept).
    best: float | None = None
    #: The longest run of wins in a row, and the run going on at the latest play.
    longest: int = 0
    run: int = 0

    @property
    def share(self) -> float | None:
        """Wins over plays that could be won (None when there were none)."""
        return self.wins / self.contests if self.contests else None


@dataclass
class Pair:
    """Two people's contests together: ``ahead[0]`` how often the first (in
    :attr:`Game.pairs`' key) finished ahead of the second, ``ahead[1]`` the other way
    round, ``tied`` when they shared a place."""

    together: int = 0
    ahead: list[int] = field(default_factory=lambda: [0, 0])
    tied: int = 0


@dataclass
class Game:
    """One game's stats: its plays (guests' too) and each person's line."""

    id: str
    title: str
    key: str
    highest_wins: bool = True
    plays: int = 0
    last: str = ""
    people: dict[str, Line] = field(default_factory=dict)
    #: (uuid, uuid) in sorted order → their head-to-head.
    pairs: dict[tuple[str, str], Pair] = field(default_factory=dict)

    def ranking(self) -> list[Line]:
        """Its players, most wins first, then most plays, then by name."""
        return _ranked(self.people.values())


@dataclass
class Group:
    """Every play counted: the group's lines and each game's stats."""

    plays: int = 0
    people: dict[str, Line] = field(default_factory=dict)
    games: dict[str, Game] = field(default_factory=dict)
    #: (uuid, uuid) in sorted order → their head-to-head over every game.
    pairs: dict[tuple[str, str], Pair] = field(default_factory=dict)

    def ranking(self) -> list[Line]:
        """Everyone, most wins first, then most plays, then by name."""
        return _ranked(self.people.values())

    def most_played(self) -> list[Game]:
        """The games, most played first (then the latest played first, then by title)."""
        by_title = sorted(self.games.values(), key=lambda g: g.title.casefold())
        by_last = sorted(by_title, key=lambda g: g.last, reverse=True)
        return sorted(by_last, key=lambda g: -g.plays)

    def against(self, uuid: str) -> list[tuple[str, int, int, int, int]]:
        """``uuid``'s head-to-head with each other person: (their uuid, contests together,
        times ``uuid`` finished ahead, behind, tied), most contests together first."""
        out = []
        for (a, b), pair in self.pairs.items():
            if uuid in (a, b):
                mine, theirs = (0, 1) if a == uuid else (1, 0)
                other = b if a == uuid else a
                out.append((other, pair.together, pair.ahead[mine], pair.ahead[theirs],
                            pair.tied))
        return sorted(out, key=lambda row: (-row[1], self.people[row[0]].name.casefold()))


def _ranked(lines: Iterable[Line]) -> list[Line]:
    return sorted(lines, key=lambda t: (-t.wins, -t.plays, t.name.casefold(), t.uuid))


def when(play: Play) -> tuple[datetime, int]:
    """The order plays are counted in: when each started, then its id."""
    return local(play.started or play.finished), play.id


@dataclass(frozen=True, slots=True)
class Seat:
    """One roster player in a :class:`Compact` play: their UUID and name, whether they
    won, their place (0: the play gives none) and score."""

    uuid: str
    name: str
    won: bool
    rank: int
    score: float | None


@dataclass(frozen=True, slots=True)
class Compact:
    """What counting needs of a play, and no more (a long log is held this way while
    it is put in order): :func:`compact` makes it."""

    when: tuple[datetime, int]
    game: str
    title: str
    key: str
    highest_wins: bool
    finished: str
    contest: bool
    seats: tuple[Seat, ...]


def compact(play: Play) -> Compact:
    """``play`` as counting reads it: its roster players only (guests are nobody's
    stats), names and UUIDs shared with the plays before it.

    >>> from companion.records.plays import Play
    >>> c = compact(Play(1, "genial", "Genial", "2026-10-01T20:00:00+00:00", "", ["Ann",
    ...     "Guest"], places=[["Guest"], ["Ann"]], uuids={"Ann": "A"}))
    >>> c.contest, c.seats
    (True, (Seat(uuid='A', name='Ann', won=False, rank=2, score=None),))
    """
    seats = tuple(Seat(sys.intern(play.uuids[n]), sys.intern(n), n in play.winners,
                       play.rank(n), _score(play.scores.get(n)))
                  for n in dict.fromkeys(play.players) if n in play.uuids)
    return Compact(when(play), sys.intern(game_id(play)), sys.intern(play.game),
                   sys.intern(play.key), play.highest_wins, play.finished,
                   bool(play.places), seats)


def _add(line: Line, won: bool, contest: bool, score: float | None,
         highest_wins: bool) -> None:
    line.plays += 1
    if contest:
        line.contests += 1
        line.wins += won
        line.run = line.run + 1 if won else 0
        line.longest = max(line.longest, line.run)
    if score is not None and (line.best is None or (
            score > line.best if highest_wins else score < line.best)):
        line.best = score


def _meet(pairs: dict[tuple[str, str], Pair], ranks: dict[str, int]) -> None:
    people = sorted(ranks)
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            pair = pairs.setdefault((a, b), Pair())
            pair.together += 1
            if ranks[a] < ranks[b]:
                pair.ahead[0] += 1
            elif ranks[b] < ranks[a]:
                pair.ahead[1] += 1
            else:
                pair.tied += 1


def count(rows: Iterable[Play | Compact]) -> Group:
    """The group's stats from ``rows`` (in any order: they are counted in the order
    :func:`when` gives)."""
    group = Group()
    for play in ordered(rows):
        add(group, play)
    return group


def ordered(rows: Iterable[Play | Compact]) -> list[Compact]:
    """``rows`` as :class:`Compact` plays, in the order they were played."""
    return sorted((r if isinstance(r, Compact) else compact(r) for r in rows),
                  key=lambda c: c.when)


def add(group: Group, play: Play | Compact) -> None:
    """Count ``play`` into ``group`` (after every play that started before it)."""
    c = play if isinstance(play, Compact) else compact(play)
    game = group.games.setdefault(c.game, Game(c.game, c.title, c.key, c.highest_wins))
    game.plays += 1
    game.last = max(game.last, c.finished)
    group.plays += 1
    ranks = {}
    for seat in c.seats:
        for lines in (group.people, game.people):
            line = lines.setdefault(seat.uuid, Line(seat.uuid, seat.name))
            _add(line, seat.won, c.contest, seat.score if lines is game.people else None,
                 c.highest_wins)
        if c.contest and seat.rank:
            ranks[seat.uuid] = seat.rank
    if len(ranks) > 1:
        _meet(game.pairs, ranks)
        _meet(group.pairs, ranks)


#: The kinds of record a person can hold in a game (:func:`records`).
MOST_WINS, BEST_SCORE, LONGEST_STREAK = "wins", "best", "streak"


@dataclass(frozen=True)
class Held:
    """A game's record: ``what`` (:data:`MOST_WINS`, :data:`BEST_SCORE`,
    :data:`LONGEST_STREAK`), its value and everyone who holds it (a tie names them all)."""

    game: str
    what: str
    value: float
    holders: tuple[str, ...]


def records(game: Game) -> list[Held]:
    """Game ``game``'s records: most wins, best score, longest winning streak (none
    where nobody has one: no wins, no scores).

    >>> g = Game("genial", "Genial", "genial", people={"A": Line("A", "Ann", wins=2,
    ...          best=9, longest=2), "B": Line("B", "Ben", wins=2, best=5, longest=1)})
    >>> [(r.what, r.value, r.holders) for r in records(g)]
    [('wins', 2, ('A', 'B')), ('best', 9, ('A',)), ('streak', 2, ('A',))]
    """
    out = []
    lines = list(game.people.values())
    for what, value in ((MOST_WINS, lambda t: t.wins), (BEST_SCORE, lambda t: t.best),
                        (LONGEST_STREAK, lambda t: t.longest)):
        found = {t.uuid: value(t) for t in lines if value(t) is not None}
        if what != BEST_SCORE:
            found = {u: v for u, v in found.items() if v}
        if not found:
            continue
        top = (max if what != BEST_SCORE or game.highest_wins else min)(found.values())
        out.append(Held(game.id, what, top, tuple(sorted(u for u, v in found.items()
                                                         if v == top))))
    return out
