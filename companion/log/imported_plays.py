"""A BG Stats group's plays in the action log (schema 6): kept apart from the box's own
games, each under its BG Stats UUID, so a second import of the same file (or of a newer
export) adds only the plays that are new.

The games and places of the file are kept under their BG Stats UUIDs too
(:meth:`ImportedPlays.games`, :meth:`ImportedPlays.locations`): the box's own exports name
them, so BG Stats files the box's plays under the group's games and place.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> game = BgGame("0A000000-0000-4000-8000-000000000001", "Azul", 230802)
>>> seat = {"uuid": None, "name": "Ann", "score": "12", "winner": True, "rank": 1,
...         "start": True}
>>> one = NewPlay("0B000000-0000-4000-8000-000000000001", game.uuid,
...               "2025-01-05T19:00:00+00:00", 40, None, [seat])
>>> store.imported.add([game], [], [one]), store.imported.add([game], [], [one])
(1, 0)
>>> [(p.game.name, p.players[0]["name"]) for p in store.imported.plays()]
[('Azul', 'Ann')]
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core import roster


@dataclass(frozen=True)
class BgGame:
    """A game of a BG Stats file: its UUID there, name, BoardGameGeek id (0: none), win
    rule, and the key of the box's game it is (None: a game the box has no rules for)."""

    uuid: str
    name: str
    bgg_id: int = 0
    highest_wins: bool = True
    box_key: str | None = None


@dataclass(frozen=True)
class BgLocation:
    """A place of a BG Stats file, with how many of the log's imported plays were there."""

    uuid: str
    name: str
    plays: int = 0


@dataclass(frozen=True)
class NewPlay:
    """A play to bring in: its BG Stats UUID, its game's, when it started (UTC, ISO),
    minutes played, its place's UUID and its seats (dicts: ``uuid`` of a roster player or
    None for a guest, ``name``, ``score``, ``winner``, ``rank``, ``start``)."""

    uuid: str
    game: str
    started: str
    minutes: int
    location: str | None
    players: list[dict[str, Any]]


@dataclass(frozen=True)
class ImportedPlay:
    """A play brought in, as the log holds it."""

    id: int
    uuid: str
    game: BgGame
    started: str
    minutes: int
    location: str | None
    players: list[dict[str, Any]]


class Log(Protocol):
    """What this needs of the log (:class:`~companion.log.store.Store`)."""

    _db: sqlite3.Connection

    def _transaction(self, event: str) -> AbstractContextManager[None]: ...


def _game(row: tuple[Any, ...]) -> BgGame:
    return BgGame(row[0], row[1], int(row[2] or 0), bool(row[3]), row[4])


class ImportedPlays:
    """The imported plays' reads and writes in log ``log`` (counted and backed up as any
    change to it)."""

    def __init__(self, log: Log) -> None:
        self._log = log

    @property
    def _db(self) -> sqlite3.Connection:
        return self._log._db

    def known(self, uuids: Collection[str]) -> set[str]:
        """Which of these play UUIDs are in the log already."""
        found: set[str] = set()
        listed = list(uuids)
        for first in range(0, len(listed), 500):
            found.update(r[0] for r in self._db.execute(
                "SELECT uuid FROM imported_plays WHERE uuid IN (SELECT value FROM "
                "json_each(?))", (json.dumps(listed[first:first + 500]),)))
        return found

    def add(self, games: Iterable[BgGame], locations: Iterable[BgLocation],
            plays: Iterable[NewPlay]) -> int:
        """Keep the file's games and places (a newer file's name for one replaces the
        older) and the plays not in the log yet, all in one transaction; returns how many
        plays were added."""
        added = 0
        with self._log._transaction("imported"):
            for g in games:
                self._db.execute(
                    "INSERT INTO bgstats_games (uuid, name, key, bgg_id, highest_wins, "
                    "box_key) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (uuid) DO UPDATE SET "
                    "name = excluded.name, key = excluded.key, bgg_id = excluded.bgg_id, "
                    "highest_wins = excluded.highest_wins, box_key = excluded.box_key",
                    (g.uuid, g.name, roster.name_key(g.name), g.bgg_id, int(g.highest_wins),
                     g.box_key))
            for place in locations:
                self._db.execute(
                    "INSERT INTO bgstats_locations (uuid, name, key) VALUES (?, ?, ?) "
                    "ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, key = excluded.key",
                    (place.uuid, place.name, roster.name_key(place.name)))
            for p in plays:
                cur = self._db.execute(
                    "INSERT OR IGNORE INTO imported_plays (uuid, game, started, minutes, "
                    "location, players) VALUES (?, ?, ?, ?, ?, ?)",
                    (p.uuid, p.game, p.started, p.minutes, p.location,
                     json.dumps(p.players, ensure_ascii=False)))
                added += cur.rowcount
        return added

    def renumber(self, moves: Iterable[tuple[str, str]]) -> int:
        """Seats of roster players whose UUID is about to change, ``(old, new)``, follow
        them (a later import gives a player another UUID): their imported plays stay
        theirs. Done before the roster changes: a power cut between the two leaves the
        seats under the new UUID, which the same import taken again gives the player.
        Returns how many plays changed."""
        changed = self._moved(moves)
        if changed:
            with self._log._transaction("imported"):
                self._db.executemany("UPDATE imported_plays SET players = ? WHERE id = ?",
                                     changed)
        return len(changed)

    def follow(self, old: str, new: str) -> tuple[tuple[int, int], ...]:
        """Inside the caller's transaction: the seats of UUID ``old`` become ``new``'s (a
        merge on the roster: the imported plays of the person merged away are then the
        kept person's). Returns the seats moved, (play id, seat index), for :meth:`seat`
        to put back (a merge undone)."""
        if old == new:
            return ()
        moved: list[tuple[int, int]] = []
        for row_id, text in self._db.execute("SELECT id, players FROM imported_plays"):
            try:
                seats = json.loads(text)
            except (TypeError, ValueError, RecursionError):
                continue
            if isinstance(seats, list):
                moved += [(row_id, n) for n, seat in enumerate(seats)
                          if isinstance(seat, dict) and seat.get("uuid") == old]
        self.seat(moved, new)
        return tuple(moved)

    def seat(self, seats: Iterable[tuple[int, int]], uuid: str) -> None:
        """Inside the caller's transaction: give the seats (play id, seat index) to UUID
        ``uuid``; a seat no longer there is passed over."""
        by_play: dict[int, list[int]] = {}
        for row_id, n in seats:
            by_play.setdefault(row_id, []).append(n)
        for row_id, places in by_play.items():
            row = self._db.execute("SELECT players FROM imported_plays WHERE id = ?",
                                   (row_id,)).fetchone()
            try:
                players = json.loads(row[0]) if row else None
            except (TypeError, ValueError, RecursionError):
                continue
            if not isinstance(players, list):
                continue
            for n in places:
                if 0 <= n < len(players) and isinstance(players[n], dict):
                    players[n]["uuid"] = uuid
            self._db.execute("UPDATE imported_plays SET players = ? WHERE id = ?",
                             (json.dumps(players, ensure_ascii=False), row_id))

    def _moved(self, moves: Iterable[tuple[str, str]]) -> list[tuple[str, int]]:
        """(seats rewritten, play id) for every play with a seat of a UUID in ``moves``."""
        moved = {old: new for old, new in moves if old != new}
        changed: list[tuple[str, int]] = []
        if not moved:
            return changed
        for row_id, text in self._db.execute("SELECT id, players FROM imported_plays"):
            try:
                seats = json.loads(text)
            except (TypeError, ValueError, RecursionError):
                continue
            if not isinstance(seats, list):
                continue
            hit = False
            for seat in seats:
                if isinstance(seat, dict) and seat.get("uuid") in moved:
                    seat["uuid"], hit = moved[seat["uuid"]], True
            if hit:
                changed.append((json.dumps(seats, ensure_ascii=False), row_id))
        return changed

    def games(self) -> list[BgGame]:
        """The games of the files brought in."""
        return [_game(r) for r in self._db.execute(
            "SELECT uuid, name, bgg_id, highest_wins, box_key FROM bgstats_games ORDER BY "
            "rowid")]

    def locations(self) -> list[BgLocation]:
        """The places of the files brought in, the one most played at first."""
        return [BgLocation(*r) for r in self._db.execute(
            "SELECT l.uuid, l.name, (SELECT COUNT(*) FROM imported_plays p WHERE p.location "
            "= l.uuid) AS n FROM bgstats_locations l ORDER BY n DESC, l.rowid")]

    def count(self) -> int:
        """How many plays were brought in."""
        return int(self._db.execute("SELECT COUNT(*) FROM imported_plays").fetchone()[0])

    def plays(self) -> list[ImportedPlay]:
        """Every play brought in, newest first (by when it started). A row whose seats
        do not read (a hand edit) is left out."""
        games = {g.uuid: g for g in self.games()}
        places = {p.uuid: p.name for p in self.locations()}
        out = []
        for r in self._db.execute(
                "SELECT id, uuid, game, started, minutes, location, players FROM "
                "imported_plays ORDER BY started DESC, id DESC"):
            try:
                seats = json.loads(r[6])
            except (TypeError, ValueError, RecursionError):
                continue
            game = games.get(r[2])
            if not isinstance(seats, list) or game is None \
                    or not all(isinstance(s, dict) for s in seats):
                continue
            out.append(ImportedPlay(r[0], r[1], game, r[3], int(r[4] or 0),
                                    places.get(r[5]), seats))
        return out
