"""Finished games out of the log, as every record and export reads them.

A play's players come in their seats as set up, with the start player marked, under
their roster names of today (a renamed or merged player appears under the name they
have now). What a play means is each game's own word, from its declaration
(:class:`companion.config.registry.GameInfo`): a tool's session (the dice roller) and
a solo game played for a score (Brikks) have no winner, and the options naming the
start player, the seats or a shelf game are those the game names in its ``records``.
The duration is the time the game was played: the stretches it sat set aside while
another game was played (:meth:`companion.log.store.Store.pauses`) are left out.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> game = store.new_game("brikks", {"players": ["Ann"]})
>>> store.finish(game, {"places": [["Ann"]], "scores": {"Ann": 67}, "winners": ["Ann"]})
>>> (play,) = plays(store)
>>> play.winners, play.places, play.scores
([], [], {'Ann': 67})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from companion.config import registry
from companion.config.registry import GameInfo, Records
from companion.core.localtime import local
from companion.core.ranking import numbered, ranked
from companion.log.store import GameRecord, Store
from companion.records import result_text


@dataclass(frozen=True)
class Play:
    """One finished game as the records and exports see it."""

    id: int
    key: str
    game: str
    started: str
    finished: str
    players: list[str]
    scores: dict[str, Any] = field(default_factory=dict)
    places: list[list[str]] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    start_player: str | None = None
    detail: str = ""
    #: From a shelf game's options (the score pad): its BoardGameGeek id and win rule.
    bgg_id: int | None = None
    highest_wins: bool = True
    #: Roster UUIDs of the players who are on the roster (guests are absent).
    uuids: dict[str, str] = field(default_factory=dict)
    #: Seconds the game was played: start to finish, less the time it sat set aside.
    played: int | None = None
    #: A tool's session (the dice roller), not a play of a game.
    tool: bool = False

    @property
    def duration_min(self) -> int:
        """Whole minutes played (the time set aside left out)."""
        if self.played is not None:
            return max(0, round(self.played / 60))
        return max(0, round(_between(self.started, self.finished) / 60))

    @property
    def scores_decide(self) -> bool:
        """Whether the scores alone give these places (highest first, equal ones shared)."""
        if not self.scores or any(self.scores.get(n) is None for n in self.players):
            return False
        try:
            by_score = ranked({n: self.scores[n] for n in self.players})
        except TypeError:  # scores that do not compare
            return False
        return [sorted(p) for p in by_score] == [sorted(p) for p in self.places]

    def rank(self, player: str) -> int:
        """1 for the winners, then each place counting the players before it (1, 1, 3);
        0 when the game gives no places."""
        return next((n for n, name in numbered(self.places) if name == player), 0)


def _between(start: str, end: str) -> float:
    return (local(end) - local(start)).total_seconds()


def played_seconds(started: str, finished: str,
                   pauses: list[tuple[str, str | None]]) -> int:
    """Seconds from ``started`` to ``finished`` less the ``pauses`` (each cut to that
    stretch; one never resumed lasts to the finish).

    >>> played_seconds("2026-11-27T20:00:00+00:00", "2026-11-27T20:10:00+00:00",
    ...                [("2026-11-27T20:01:00+00:00", "2026-11-27T20:08:00+00:00")])
    180
    """
    start, end = local(started), local(finished)
    total = (end - start).total_seconds()
    for since, until in pauses:
        lo, hi = max(local(since), start), min(local(until or finished), end)
        if hi > lo:
            total -= (hi - lo).total_seconds()
    return max(0, round(total))


def _start_player(records: Records, options: dict[str, Any], result: dict[str, Any],
                  players: list[str]) -> str | None:
    """Who started: the result's ``starter`` (a game that draws its starter during
    play), else the option the game names for it (a seat index or a name), else seat 1."""
    chosen = result.get("starter")
    if isinstance(chosen, str) and chosen in players:
        return chosen
    named = options.get(records.starter) if records.starter else None
    if isinstance(named, int) and not isinstance(named, bool) and 0 <= named < len(players):
        return players[named]
    if isinstance(named, str) and named in players:
        return named
    return players[0] if players else None


def _seats(records: Records, options: dict[str, Any]) -> list[str]:
    """The players in their seats as set up: the option the game names for them where
    it turned its player list round for the rules, else ``players``."""
    players = [str(p) for p in options.get("players", [])]
    seats = options.get(records.seats) if records.seats else None
    if isinstance(seats, list) and sorted(map(str, seats)) == sorted(players):
        return [str(s) for s in seats]
    return players


def _shelf(records: Records, options: dict[str, Any]) -> dict[str, Any]:
    """The shelf game a play was of (the score pad's ``shelf`` option), or {}."""
    shelf = options.get(records.shelf) if records.shelf else None
    return shelf if isinstance(shelf, dict) and isinstance(shelf.get("title"), str) else {}


def counts_a_win(info: GameInfo | None, players: int) -> bool:
    """Whether a play of this game with this many players can be won: not a tool's
    session, not a solo game played for a score.

    >>> counts_a_win(registry.find("brikks"), 1), counts_a_win(registry.find("brikks"), 2)
    (False, True)
    >>> counts_a_win(registry.find("dice_roller"), 1)
    False
    """
    if info is None:
        return True
    return not info.tool and (players > 1 or info.solo_wins)


def _play(r: GameRecord, people: dict[int, Any], pauses: list[tuple[str, str | None]]) -> Play:
    info = registry.find(r.kind)
    records = info.records if info is not None else Records()
    result = r.result or {}
    shelf = _shelf(records, r.options)
    names = [str(n) for n in r.options.get("players", [])]
    now = {name: people[i].name for i, name in enumerate(names) if i in people}

    def name(n: Any) -> Any:
        return now.get(n, n)

    seats = _seats(records, r.options)
    start = _start_player(records, r.options, result, names)
    wins = counts_a_win(info, len(names))
    finished = r.finished or r.started
    return Play(
        id=r.id, key=r.kind, game=shelf.get("title") or registry.title(r.kind),
        bgg_id=shelf.get("bgg_id") or None, highest_wins=not shelf.get("lowest_wins"),
        started=r.started, finished=finished,
        players=[name(n) for n in seats],
        scores={name(k): v for k, v in result.get("scores", {}).items()},
        places=[[name(n) for n in place] for place in result.get("places", [])] if wins else [],
        winners=[name(n) for n in result.get("winners", [])] if wins else [],
        start_player=name(start) if start is not None else None,
        detail=result_text.detail(result, r.kind),
        uuids={people[i].name: people[i].uuid for i in range(len(names)) if i in people},
        played=played_seconds(r.started, finished, pauses),
        tool=bool(info is not None and info.tool))


def plays(store: Store, *, since: date | None = None, game: str | None = None,
          newest: int | None = None, before: int | None = None) -> list[Play]:
    """Every finished game, newest first; with ``since`` only those started on that
    local day or later, with ``game`` only those of that game key. ``newest`` reads only
    the newest that many finished games (of id below ``before``, when given): a page of
    a long history costs its own plays, not the whole log's.

    >>> store = Store.open(":memory:")
    >>> for n in range(3):
    ...     store.finish(store.new_game("brikks", {"players": ["Ann"]}), {})
    >>> [p.id for p in plays(store, newest=2)], [p.id for p in plays(store, before=2)]
    ([3, 2], [1])
    """
    rows = store.history(100_000 if newest is None else newest, before=before)
    seats = store.seat_players(None if newest is None and before is None
                               else [r.id for r in rows])
    pauses = store.pauses()
    out = []
    for r in rows:
        if game is not None and r.kind != game:
            continue
        if since is not None and local(r.started).date() < since:
            continue
        out.append(_play(r, seats.get(r.id, {}), pauses.get(r.id, [])))
    return out


def plays_by_end(store: Store, *, newest: int,
                 before: tuple[str, int] | None = None) -> list[Play]:
    """The ``newest`` plays in the order they ended, the last to end first (History's
    order), ended before ``before`` (a play's ``(finished, id)``) when given.

    >>> from itertools import count
    >>> store = Store.open(":memory:", clock=count(1_800_000_000, 60).__next__)
    >>> first, second = store.new_game("brikks", {}), store.new_game("brikks", {})
    >>> store.finish(second, {})
    >>> store.finish(first, {})
    >>> [p.id for p in plays_by_end(store, newest=5)]
    [1, 2]
    """
    rows = store.history_by_end(newest, before=before)
    seats = store.seat_players([r.id for r in rows])
    pauses = store.pauses()
    return [_play(r, seats.get(r.id, {}), pauses.get(r.id, [])) for r in rows]
