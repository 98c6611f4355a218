"""Finished games out of the log, as every record and export reads them.

A play's players come in their seats as set up, with the start player marked, under
their roster names of today (a renamed or merged player appears under the name they
have now). What a play means is each game's own word, from its declaration
(:class:`companion.config.registry.GameInfo`): a tool's session (the dice roller) and
a solo game played for a score (Brikks) have no winner, and the options naming the
start player, the seats or a shelf game are those the game names in its ``records``.
The duration is the time the game was played: the stretches it sat set aside while
another game was played (:meth:`companion.log.store.Store.pauses`) are left out.

The plays a BG Stats group brought in (:mod:`companion.records.group_import`) are plays
too, marked ``imported``, among the box's own by when they started; their seats are the
roster's people of today (by the UUID they took), others guests under the file's name.
A box play of a game the group's file had carries that game's BG Stats UUID
(``game_uuid``), so the box's exports land on the group's games.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> game = store.new_game("brikks", {"players": ["Ann"]})
>>> store.finish(game, {"places": [["Ann"]], "scores": {"Ann": 67}, "winners": ["Ann"]})
>>> (play,) = plays(store)
>>> play.winners, play.places, play.scores
([], [], {'Ann': 67})
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from companion.config import registry
from companion.config.registry import GameInfo, Records
from companion.core import roster
from companion.core.localtime import local
from companion.core.ranking import numbered, ranked
from companion.log.imported_plays import BgGame, BgLocation, ImportedPlay
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
    #: Brought in from a BG Stats group's export: never sent back to BG Stats.
    imported: bool = False
    #: The BG Stats UUID of the group's game this play is of (from an import), if any.
    game_uuid: str | None = None
    #: Where an imported play was (the file's place), if it says.
    place: str | None = None
    #: The places of the group's files, the most played at first: the box's exports
    #: name the group's place (:func:`companion.records.bgstats.place`).
    group_places: tuple[BgLocation, ...] = ()

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


@dataclass(frozen=True)
class _Group:
    """The games and places of the BG Stats files brought in, to name a box play's."""

    by_key: dict[str, str]
    by_bgg: dict[int, str]
    by_name: dict[str, str]
    places: tuple[BgLocation, ...]

    @classmethod
    def of(cls, games: list[BgGame], places: list[BgLocation]) -> _Group:
        by_key: dict[str, str] = {}
        by_bgg: dict[int, str] = {}
        by_name: dict[str, str] = {}
        for g in games:  # the first a file listed keeps a key, an id, a name
            if g.box_key is not None:
                by_key.setdefault(g.box_key, g.uuid)
            if g.bgg_id:
                by_bgg.setdefault(g.bgg_id, g.uuid)
            by_name.setdefault(roster.name_key(g.name), g.uuid)
        return cls(by_key, by_bgg, by_name, tuple(places))

    def game(self, key: str, title: str, bgg_id: int | None, shelf: bool) -> str | None:
        """The group's game UUID for a box play: by the box's game it matched, then by
        BoardGameGeek id, then by name."""
        if not shelf and key in self.by_key:
            return self.by_key[key]
        info = registry.find(key)
        bgg = bgg_id or (None if shelf or info is None else info.bgg_id)
        if bgg and bgg in self.by_bgg:
            return self.by_bgg[bgg]
        titles = [title] if shelf else [title, *registry.names(key)]
        return next((self.by_name[roster.name_key(t)] for t in titles
                     if roster.name_key(t) in self.by_name), None)


_NO_GROUP = _Group({}, {}, {}, ())


def _play(r: GameRecord, people: dict[int, Any], pauses: list[tuple[str, str | None]],
          group: _Group = _NO_GROUP) -> Play:
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
    title = shelf.get("title") or registry.title(r.kind)
    return Play(
        id=r.id, key=r.kind, game=title,
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
        tool=bool(info is not None and info.tool),
        game_uuid=group.game(r.kind, title, shelf.get("bgg_id") or None, bool(shelf)),
        group_places=group.places)


def _places(seats: list[dict[str, Any]], names: list[str]) -> list[list[str]]:
    """An imported play's places: by BG Stats' ranks where it gives them, else its
    winners first and the others after."""
    ranks: list[int] = [s["rank"] if isinstance(s.get("rank"), int) else 0 for s in seats]
    if any(r > 0 for r in ranks):
        return [[n for n, r in zip(names, ranks, strict=True) if r == rank]
                for rank in sorted({r for r in ranks if r > 0})]
    winners = [n for n, s in zip(names, seats, strict=True) if s.get("winner") is True]
    others = [n for n in names if n not in winners]
    return [winners, others] if winners and others else [winners] if winners else []


def _imported(p: ImportedPlay, everyone: dict[str, str]) -> Play:
    """An imported play as a :class:`Play`: its seats under the roster's names of today
    (a person no longer on the roster, merged away, a guest under the file's name)."""
    names, uuids = [], {}
    for s in p.players:
        uuid = s.get("uuid")
        name = everyone.get(uuid, str(s.get("name", "?"))) if isinstance(uuid, str) \
            else str(s.get("name", "?"))
        names.append(name)
        if isinstance(uuid, str) and uuid in everyone:
            uuids[name] = uuid
    finished = (local(p.started) + timedelta(minutes=p.minutes)).isoformat(timespec="seconds")
    key = p.game.box_key or p.game.name
    return Play(
        id=-p.id, key=key, game=registry.title(key) if p.game.box_key else p.game.name,
        started=p.started, finished=finished, players=names,
        scores={n: s.get("score") for n, s in zip(names, p.players, strict=True)},
        places=_places(p.players, names),
        winners=[n for n, s in zip(names, p.players, strict=True) if s.get("winner") is True],
        start_player=next((n for n, s in zip(names, p.players, strict=True)
                           if s.get("start") is True), None),
        bgg_id=p.game.bgg_id or None, highest_wins=p.game.highest_wins, uuids=uuids,
        played=p.minutes * 60, imported=True, game_uuid=p.game.uuid, place=p.location)


def imported(store: Store, *, since: date | None = None,
             game: str | None = None) -> list[Play]:
    """The plays a BG Stats group brought in, newest first (filtered as :func:`plays`):
    what a reader of the box's plays page by page (``newest``/``before``) adds once."""
    everyone = {p.uuid: p.name for p in store.players(hidden=True)}
    out = []
    for p in store.imported.plays():
        if game is not None and (p.game.box_key or p.game.name) != game:
            continue
        if since is not None and local(p.started).date() < since:
            continue
        out.append(_imported(p, everyone))
    return out


def plays(store: Store, *, since: date | None = None, game: str | None = None,
          newest: int | None = None, before: int | None = None) -> list[Play]:
    """Every finished game, newest first, the imported plays among them by when they
    started; with ``since`` only those started on that local day or later, with ``game``
    only those of that game key. ``newest`` reads only the newest that many of the box's
    finished games (of id below ``before``, when given; imported plays are not among
    them): a page of a long history costs its own plays, not the whole log's.

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
    group = _Group.of(store.imported.games(), store.imported.locations())
    out = []
    for r in rows:
        if game is not None and r.kind != game:
            continue
        if since is not None and local(r.started).date() < since:
            continue
        out.append(_play(r, seats.get(r.id, {}), pauses.get(r.id, []), group))
    if newest is not None or before is not None:
        return out
    brought = imported(store, since=since, game=game)
    if not brought:
        return out
    # the box's own keep their order (the log's); the imported ones go in by start
    return list(heapq.merge(out, brought, key=lambda r: local(r.started), reverse=True))


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
    group = _Group.of(store.imported.games(), store.imported.locations())
    return [_play(r, seats.get(r.id, {}), pauses.get(r.id, []), group) for r in rows]
