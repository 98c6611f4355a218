"""The roster in the action log: the people who sit at the table, kept with the games
(:class:`Roster`: the store keeps one, :attr:`companion.log.store.Store.roster`, and
answers for it: ``store.add_player``).

A person keeps their ``uuid`` whatever their name becomes; names follow the roster's
rules (:mod:`companion.core.roster`), compared case- and width-insensitively.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> store.add_player("Ann").name, store.player("ANN").name
('Ann', 'Ann')
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from companion.core import roster
from companion.core.errors import AlikeName, BadName, RosterError
from companion.log.imported_plays import ImportedPlays


@dataclass(frozen=True)
class Player:
    """One person on the roster. ``uuid`` never changes, whatever the name becomes."""

    id: int
    uuid: str
    name: str
    colour: str | None
    created: str
    last_played: str | None
    hidden: bool

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> Player:
        """The entry of a row of :data:`_PLAYER`'s columns, in that order."""
        id_, uuid, name, colour, created, last_played, hidden = row
        return cls(id_, uuid, name, colour, created, last_played, bool(hidden))


_PLAYER = "SELECT id, uuid, name, colour, created, last_played, hidden FROM players"


@dataclass(frozen=True)
class Merge:
    """One merge as it was made (:meth:`Roster.merge`): the entry merged away and the
    one kept, each as it was before, and the seats (game, seat) that moved: what
    :meth:`Roster.unmerge` needs to split them again."""

    gone: Player
    kept: Player
    seats: tuple[tuple[int, int], ...]
    #: The seats (imported play, seat) of a BG Stats group's plays that moved with it.
    imported: tuple[tuple[int, int], ...] = ()


#: A player's colour is a word ("red", "#c0392b"), shown in a terminal's column.
MAX_COLOUR = 24


def _colour(colour: Any) -> str | None:
    """``colour`` as saved (spaces trimmed; None or "" for none), or :class:`BadName`
    when it is not short plain text: an escape code would reach ``players list``."""
    import unicodedata

    if colour is None:
        return None
    text = str(colour).strip(" ")
    if len(text) > MAX_COLOUR or any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn")
                                     or c in "\u2028\u2029" for c in text):
        raise BadName("A colour is at most {most} characters of plain text (no control or "
                      "invisible characters).", most=MAX_COLOUR)
    return text or None


def utc_now(clock: Callable[[], float] = time.time) -> str:
    """The time for the log: always UTC (screens and exports show it as local time)."""
    return datetime.fromtimestamp(clock(), UTC).isoformat(timespec="seconds")


class Log(Protocol):
    """What the roster needs of the log it is kept in (:class:`~companion.log.store.Store`):
    its connection and clock, one write, and several writes all or nothing."""

    _db: sqlite3.Connection
    clock: Callable[[], float]
    imported: ImportedPlays

    def _write(self, sql: str, args: tuple[Any, ...], event: str) -> sqlite3.Cursor: ...

    def _transaction(self, event: str) -> AbstractContextManager[None]: ...


class Roster:
    """The roster's reads and writes, in the log ``log`` (the store, whose connection,
    writes and clock it uses: a change to the roster is counted and backed up as any)."""

    def __init__(self, log: Log) -> None:
        self._log = log

    @property
    def _db(self) -> sqlite3.Connection:
        return self._log._db  # asked each time: a test may hand the store a failing one

    def players(self, *, hidden: bool = False) -> list[Player]:
        """The roster, most recently played first (by seat in their last game), then
        the never-played in the order they were added; ``hidden`` includes the hidden."""
        rows = self._db.execute(
            "SELECT p.id, p.uuid, p.name, p.colour, p.created, p.last_played, p.hidden, "
            "(SELECT MAX(game_id) FROM seats WHERE player_id = p.id) AS g FROM players p "
            + ("" if hidden else "WHERE p.hidden = 0 ") +
            "ORDER BY g IS NULL, g DESC, (SELECT seat FROM seats "
            "WHERE player_id = p.id AND game_id = g), p.id").fetchall()
        return [Player.from_row(r[:7]) for r in rows]

    def player(self, name: str) -> Player | None:
        """The roster entry called ``name`` (case and width ignored), hidden or not."""
        row = self._db.execute(_PLAYER + " WHERE key = ?", (roster.name_key(name),)).fetchone()
        return Player.from_row(row) if row else None

    def _known(self, name: str) -> Player:
        found = self.player(name)
        if found is None:
            raise RosterError("{name} is not on the roster; companion players list shows it.",
                              name=name)
        return found

    def _free(self, name: str, but: int | None = None) -> str:
        clean = roster.clean_name(name)
        taken = self.player(clean)
        if taken is not None and taken.id != but:
            if taken.hidden:
                raise BadName("{name} (hidden) is already on the roster; choose another name.",
                              name=taken.name)
            raise BadName("{name} is already on the roster; choose another name.",
                          name=taken.name)
        return clean

    def add_player(self, name: str, colour: str | None = None, *,
                   someone_else: bool = False) -> Player:
        """Add ``name`` to the roster, durably; :class:`BadName` says why it cannot be
        (the name, or a ``colour`` that is not short plain text). The one way a person
        joins the roster: the box's keyboard, ``companion players add`` and the page's Add
        all come here, so a name is taken as people write it (a full-width space is a
        space, a decomposed "é" is "é": :func:`~companion.core.roster.clean_name`).

        A name alike to one on the roster ("Chloé" beside "Chloe") is refused
        (:class:`AlikeName`: most likely the same person) unless ``someone_else``.

        >>> from companion.log.store import Store
        >>> store = Store.open(":memory:")
        >>> store.add_player("Chloe").name, store.add_player("山田\u3000一郎").name
        ('Chloe', '山田 一郎')
        >>> store.add_player("Chloe\u0301")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        companion.core.errors.AlikeName: Chloé looks like Chloe, who is on the roster ...
        >>> store.add_player("Chloé", someone_else=True).name
        'Chloé'
        """
        clean = self._free(name)
        colour = _colour(colour)
        if not someone_else:
            alike = roster.near(clean, [r[0] for r in self._db.execute(
                "SELECT name FROM players ORDER BY id")])
            if alike:
                raise AlikeName("{name} looks like {other}, who is on the roster already: "
                                "choose {other}, or add {name} as someone else.",
                                name=clean, other=alike[0])
        self._log._write("INSERT INTO players (uuid, name, key, colour, created) "
                         "VALUES (?, ?, ?, ?, ?)",
                         (roster.new_uuid(), clean, roster.name_key(clean), colour,
                          utc_now(self._log.clock)), "player")
        return self._known(clean)

    def take_uuids(self, people: list[tuple[str, str]]) -> list[Player]:
        """Give each ``(name, uuid)`` its UUID: the roster entry of that name (case and
        width ignored) takes it, a name not on the roster is added with it; all in one
        transaction, or nothing. :class:`BadName` for a name the roster refuses,
        :class:`RosterError` for a UUID another entry has."""
        plan = []
        for name, written in people:
            clean = roster.clean_name(name)
            try:
                uuid = roster.canonical_uuid(written)  # one form, however it was written
            except ValueError:
                raise RosterError("{uuid} is not a UUID; nothing was changed.",
                                  uuid=written) from None
            who = self.player(clean)
            holder = self._db.execute("SELECT name FROM players WHERE uuid = ?",
                                      (uuid,)).fetchone()
            if holder is not None and (who is None or holder[0] != who.name):
                raise RosterError("{uuid} already belongs to {name} on the roster; nothing "
                                  "was changed.", uuid=uuid, name=holder[0])
            plan.append((clean, uuid, who))
        now = utc_now(self._log.clock)
        with self._log._transaction("player"):
            for clean, uuid, who in plan:
                if who is not None:
                    self._db.execute("UPDATE players SET uuid = ? WHERE id = ?", (uuid, who.id))
                else:
                    self._db.execute("INSERT INTO players (uuid, name, key, created) "
                                     "VALUES (?, ?, ?, ?)",
                                     (uuid, clean, roster.name_key(clean), now))
        return [self._known(clean) for clean, _uuid, _who in plan]

    def rename_player(self, name: str, new: str) -> Player:
        """Give a player a new name; every game they played stays theirs."""
        who = self._known(name)
        clean = self._free(new, but=who.id)
        self._log._write("UPDATE players SET name = ?, key = ? WHERE id = ?",
                         (clean, roster.name_key(clean), who.id), "player")
        return self._known(clean)

    def merge_players(self, name: str, into: str) -> Player:
        """Make ``name``'s games ``into``'s and remove ``name`` (one person, two entries)."""
        return self._known(self.merge(name, into).kept.name)

    def merge(self, name: str, into: str) -> Merge:
        """Merge ``name`` into ``into`` (as :meth:`merge_players`) and say what was
        changed: enough to split them again (:meth:`unmerge`).

        >>> from companion.log.store import Store
        >>> store = Store.open(":memory:")
        >>> anne, anna = store.add_player("Anne"), store.add_player("Anna")
        >>> done = store.merge("Anne", "Anna")
        >>> store.player("Anne") is None, done.gone.uuid == anne.uuid
        (True, True)
        >>> store.unmerge(done).uuid == anne.uuid, store.player("Anna").uuid == anna.uuid
        (True, True)
        """
        gone, kept = self._known(name), self._known(into)
        if gone.id == kept.id:
            raise RosterError("{gone} and {kept} are already one entry.",
                              gone=gone.name, kept=kept.name)
        both = self._db.execute(
            "SELECT a.game_id FROM seats a JOIN seats b ON a.game_id = b.game_id "
            "WHERE a.player_id = ? AND b.player_id = ? LIMIT 1", (gone.id, kept.id)).fetchone()
        if both is not None:
            raise RosterError("{gone} and {kept} played each other in game {game}: they are "
                              "two people, not one.", gone=gone.name, kept=kept.name,
                              game=both[0])
        seats = tuple((g, s) for g, s in self._db.execute(
            "SELECT game_id, seat FROM seats WHERE player_id = ? ORDER BY game_id, seat",
            (gone.id,)))
        with self._log._transaction("player"):
            self._db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?",
                             (kept.id, gone.id))
            self._db.execute(
                "UPDATE players SET last_played = NULLIF(MAX(COALESCE(last_played, ''), "
                "COALESCE(?, '')), ''), hidden = 0 WHERE id = ?", (gone.last_played, kept.id))
            self._db.execute("DELETE FROM players WHERE id = ?", (gone.id,))
            # a BG Stats group's plays name people by UUID: the merged one's follow
            moved = self._log.imported.follow(gone.uuid, kept.uuid)
        return Merge(gone, kept, seats, moved)

    def games_of(self, name: str) -> int:
        """How many games ``name`` sits in, finished or not (what a merge would move)."""
        who = self._known(name)
        return int(self._db.execute("SELECT COUNT(*) FROM seats WHERE player_id = ?",
                                    (who.id,)).fetchone()[0])

    def unmerge(self, done: Merge) -> Player:
        """Split a merge again: the entry that was merged away comes back with its
        UUID, name, colour and the seats it had; the kept entry is as it was before
        (its later games stay its own). :class:`RosterError` when that cannot be (its
        name or UUID is on the roster again, the kept entry is gone); nothing changes."""
        gone, kept = done.gone, done.kept
        now = self._db.execute(_PLAYER + " WHERE id = ?", (kept.id,)).fetchone()
        if now is None:
            raise RosterError("{kept} is no longer on the roster, so {gone} cannot be split "
                              "from them again; nothing was changed.",
                              kept=kept.name, gone=gone.name)
        if self._db.execute("SELECT 1 FROM players WHERE uuid = ?", (gone.uuid,)).fetchone():
            raise RosterError("{gone}'s UUID is on the roster again, so the merge cannot be "
                              "undone; nothing was changed.", gone=gone.name)
        clean = self._free(gone.name)
        merged_last = max(kept.last_played or "", gone.last_played or "") or None
        with self._log._transaction("player"):
            taken = self._db.execute("SELECT 1 FROM players WHERE id = ?",
                                     (gone.id,)).fetchone()
            cur = self._db.execute(
                "INSERT INTO players (id, uuid, name, key, colour, created, last_played, "
                "hidden) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (None if taken else gone.id, gone.uuid, clean, roster.name_key(clean),
                 gone.colour, gone.created, gone.last_played, int(gone.hidden)))
            back = cur.lastrowid
            self._db.executemany(
                "UPDATE seats SET player_id = ? WHERE game_id = ? AND seat = ? "
                "AND player_id = ?", [(back, g, s, kept.id) for g, s in done.seats])
            self._log.imported.seat(done.imported, gone.uuid)  # the group's plays too
            # The kept entry's own last game and hidden mark, unless they played since.
            self._db.execute(
                "UPDATE players SET last_played = ?, hidden = ? WHERE id = ? AND "
                "COALESCE(last_played, '') = COALESCE(?, '')",
                (kept.last_played, int(kept.hidden), kept.id, merged_last))
        return self._known(clean)

    def delete_player(self, name: str) -> None:
        """Take a player who sat in no game off the roster (a slip of the keyboard); one
        with games is hidden instead (:meth:`hide_player`), so no game loses a name."""
        who = self._known(name)
        cur = self._log._write("DELETE FROM players WHERE id = ? AND NOT EXISTS "
                               "(SELECT 1 FROM seats WHERE player_id = ?)", (who.id, who.id),
                               "player")
        if cur.rowcount == 0:
            raise RosterError("{name} has played: hide them instead, so their games keep "
                              "their name.", name=who.name)

    def hide_player(self, name: str, hidden: bool = True) -> Player:
        """Leave a player out of the setup (``hidden=False`` brings them back)."""
        who = self._known(name)
        self._log._write("UPDATE players SET hidden = ? WHERE id = ?", (int(hidden), who.id),
                         "player")
        return self._known(who.name)

    def seat_players(self, games: Iterable[int] | None = None) -> dict[int, dict[int, Player]]:
        """game id → seat → the roster entry sitting there (seats of guests are absent);
        of the ``games`` given only, else of every game."""
        out: dict[int, dict[int, Player]] = {}
        only = "" if games is None else " WHERE s.game_id IN (SELECT value FROM json_each(?))"
        for r in self._db.execute(
                "SELECT s.game_id, s.seat, p.id, p.uuid, p.name, p.colour, p.created, "
                "p.last_played, p.hidden FROM seats s JOIN players p ON p.id = s.player_id"
                + only, () if games is None else (json.dumps([int(g) for g in games]),)):
            out.setdefault(r[0], {})[r[1]] = Player.from_row(r[2:9])
        return out
