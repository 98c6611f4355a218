"""The action log: one SQLite file that is the companion's only mutable state.

Every action a player confirms is appended (and committed, ``synchronous=FULL``) before
the screen acknowledges it; the current game is the replay of its actions, so undo is
"drop the last action" and a restart after a power cut is "replay". Finished games stay
as history.

A file that cannot be read as our database is never deleted: the app builds a new log
from the newest good backup plus every row still readable from the damaged file
(:mod:`companion.log.salvage`), renames the file aside
(``companion.db.corrupt-20261122-014500``) and :attr:`Store.notice` says so once
(:mod:`companion.log.opening` opens the log; one-shot commands never repair it). A log that
counts fewer saved changes than its newest backup (:attr:`Store.generation`: its WAL
file was lost or torn) is set aside and rebuilt the same way.

>>> store = Store.open(":memory:")
>>> game = store.new_game("dice_roller", {"players": ["Table"]})
>>> store.append(game, {"type": "roll", "dice": [4]})
1
>>> [a["type"] for a in store.actions(game)]
['roll']
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from companion.core.errors import StorageError, StorageKind
from companion.core.i18n import N_, Notice, notice_n
from companion.log import opening
from companion.log.imported_plays import ImportedPlays
from companion.log.opening import why as _why
from companion.log.roster_log import _PLAYER as _PLAYER
from companion.log.roster_log import MAX_COLOUR as MAX_COLOUR
from companion.log.roster_log import Merge as Merge
from companion.log.roster_log import Player as Player
from companion.log.roster_log import Roster
from companion.log.roster_log import utc_now as _now
from companion.log.schema import SCHEMA_VERSION as SCHEMA_VERSION
from companion.log.schema import link_seats

#: The games History → Unfinished lists (the partial index ``games_unfinished`` holds them).
_UNFINISHED = "g.finished IS NULL AND g.abandoned = 0"


class DamagedRecord(StorageError):
    """A row of the log that does not read as what it must hold (a damaged card, a
    hand edit): the message names the game; the rest of the log is fine."""

    kind = StorageKind.DAMAGED


def _parsed(text: Any, want: type, game: int, what: str) -> Any:
    """``text`` as JSON of type ``want``, else :class:`DamagedRecord`."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):  # nested too deep: damaged too
        value = None
    if not isinstance(value, want):
        raise DamagedRecord(what, game=game)
    return value


#: Where a finished game's result must hold a mapping or a list (the readers index them).
_RESULT_SHAPES = {"scores": dict, "places": list, "winners": list, "sentences": list}


def _record(r: tuple[Any, ...], strict: bool = False) -> GameRecord:
    try:
        options = _parsed(r[2], dict, r[0], N_("saved game {game} has damaged settings; "
                                              "the other games are fine."))
    except DamagedRecord:
        if strict or r[4] is not None:
            raise
        # Unfinished: still listed (History > Unfinished), where resuming it says what is
        # damaged and abandoning it stays possible; the log's row is left as it is.
        options = {}
    damaged = N_("saved game {game} has a damaged result; the other games are fine.")
    result = None
    if r[5] is not None:
        result = _parsed(r[5], dict, r[0], damaged)
        if any(not isinstance(result.get(k, want()), want) for k, want in _RESULT_SHAPES.items()) \
                or not all(isinstance(p, list) for p in result.get("places", [])):
            raise DamagedRecord(damaged, game=r[0])
    return GameRecord(r[0], r[1], options, r[3], r[4], result, r[6])


@dataclass(frozen=True)
class GameRecord:
    """One game as the log knows it."""

    id: int
    kind: str
    options: dict[str, Any]
    started: str
    finished: str | None
    result: dict[str, Any] | None
    actions: int


class Store:
    """The SQLite action log. Open it with :meth:`open` (the app) or :meth:`open_existing`
    (a one-shot command), which :mod:`companion.log.opening` does; the people who play
    are its :attr:`roster`. Only this package touches sqlite3.

    :param clock: where the log's times come from (a fixed clock makes pictures
        repeatable).
    """

    def __init__(self, conn: sqlite3.Connection, path: str, notice: str | Notice | None = None,
                 read_only: bool = False, clock: Callable[[], float] = time.time) -> None:
        self._db = conn
        self.path = path
        #: A one-time message for the screen (a quarantined file, read-only mode), or None.
        self.notice = notice
        self.read_only = read_only
        #: Counts every saved change (SQLite's ``user_version``, written in the same
        #: transaction): a log whose count is below its newest backup's lost commits.
        self.generation: int = conn.execute("PRAGMA user_version").fetchone()[0]
        #: Called after each saved change with ``"game"``, ``"action"``, ``"undo"``,
        #: ``"finished"``, ``"reopened"`` or ``"abandoned"`` (the backups listen; it
        #: must not block).
        self.on_saved: Callable[[str], None] | None = None
        #: Called when a write fails on a full card; True if it freed space to retry.
        self.make_room: Callable[[], bool] | None = None
        #: Where the log's times come from (a fixed clock makes pictures repeatable).
        self.clock = clock
        #: How many damaged game records the last list of games left out.
        self.skipped = 0
        #: The people on the roster, kept in this log (the store answers for it:
        #: ``store.add_player`` is ``store.roster.add_player``).
        self.roster = Roster(self)
        #: The plays a BG Stats group brought in (schema 6), apart from the box's own.
        self.imported = ImportedPlays(self)
        self._unfinished: tuple[tuple[int, int], list[GameRecord], int] | None = None
        self._resumable: tuple[tuple[int, int], GameRecord | None, int] | None = None

    @classmethod
    def open(cls, path: str | Path, *, clock: Callable[[], float] = time.time) -> Self:
        """Open (or create) the log at ``path`` for the app, repairing it if it must
        (:func:`companion.log.opening.open_log`); ``":memory:"`` for a throwaway log."""
        return opening.open_log(cls, path, clock=clock)

    @classmethod
    def open_existing(cls, path: str | Path, *, write: bool = False) -> Self:
        """The log at ``path`` for a one-shot command, never created, moved or repaired
        (:func:`companion.log.opening.open_existing`)."""
        return opening.open_existing(cls, path, write=write)

    def skipped_line(self) -> Notice | None:
        """The line saying the last list of games left damaged records out, if it did."""
        if not self.skipped:
            return None
        return notice_n("{n} damaged game record was skipped.",
                        "{n} damaged game records were skipped.", self.skipped)

    def close(self) -> None:
        self._db.close()

    # -- writing -----------------------------------------------------------------------

    def _write(self, sql: str, args: tuple[Any, ...], event: str) -> sqlite3.Cursor:
        try:
            cur = self._commit(sql, args)
        except sqlite3.Error as err:
            refused = _why(err, self.path)
            # A full card: the backups make room first, then the write is tried once more.
            if refused.kind is not StorageKind.FULL or self.make_room is None \
                    or not self.make_room():
                raise refused from err
            try:
                cur = self._commit(sql, args)
            except sqlite3.Error as again:
                raise _why(again, self.path) from again
        if self.on_saved is not None:
            self.on_saved(event)
        return cur

    def _commit(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        """Run one write and count it in ``user_version``, in one transaction."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            cur = self._db.execute(sql, args)
            counted = self._count_up()
            self._db.execute("COMMIT")
        except BaseException:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled it back
            raise
        self.generation = counted
        return cur

    def _count_up(self) -> int:
        """Count this transaction in ``user_version``, from the count in the file (read
        under the write lock): ``companion players add`` may have saved a change through
        its own connection since, and counting from ours would lower it."""
        now = self._db.execute("PRAGMA user_version").fetchone()[0]
        counted = max(now, self.generation) + 1
        self._db.execute(f"PRAGMA user_version = {counted}")
        return int(counted)

    def new_game(self, kind: str, options: dict[str, Any]) -> int:
        """Start a game of ``kind`` with ``options``; returns its id. Seats whose name
        is on the roster are linked to that player in the same transaction, and every
        other unfinished game is set aside from now (:meth:`pauses`) until resumed."""
        started = _now(self.clock)
        with self._transaction("game"):
            self._db.execute(
                "INSERT INTO pauses (game_id, since) SELECT g.id, ? FROM games g "
                "WHERE g.finished IS NULL AND g.abandoned = 0 AND NOT EXISTS (SELECT 1 "
                "FROM pauses p WHERE p.game_id = g.id AND p.until IS NULL)", (started,))
            cur = self._db.execute(
                "INSERT INTO games (kind, options, started, started_after) VALUES (?, ?, ?, "
                "(SELECT COALESCE(MAX(rowid), 0) FROM actions))",
                (kind, json.dumps(options, sort_keys=True), started),
            )
            game_id = cur.lastrowid
            assert game_id is not None  # the INSERT made the row
            link_seats(self._db, game_id, options.get("players"), started, create=False)
        return game_id

    @contextlib.contextmanager
    def _transaction(self, event: str) -> Iterator[None]:
        """Several writes, all or nothing, counted once in ``user_version`` (like
        :meth:`_commit`); a failure is a :class:`StorageError` saying why."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise _why(err, self.path) from err
        try:
            yield
            counted = self._count_up()
            self._db.execute("COMMIT")
        except BaseException as err:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled it back
            if isinstance(err, sqlite3.Error):
                raise _why(err, self.path) from err
            raise
        self.generation = counted
        if self.on_saved is not None:
            self.on_saved(event)

    def append(self, game_id: int, action: dict[str, Any]) -> int:
        """Append ``action`` to the game's log, durably; returns its sequence number."""
        row = self._db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?", (game_id,)
        ).fetchone()
        seq = row[0] + 1
        self._write(
            "INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)",
            (game_id, seq, json.dumps(action, sort_keys=True), _now(self.clock)), "action",
        )
        return seq

    def action_count(self, game_id: int) -> int:
        """How many actions game ``game_id`` has in the log."""
        return int(self._db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                    (game_id,)).fetchone()[0])

    def drop_last(self, game_id: int, *, reopen: bool = False) -> dict[str, Any] | None:
        """Remove and return the game's last action (undo); ``None`` if it has none.
        With ``reopen`` (the action had ended the game) the game is unfinished again in
        the same transaction: both are saved, or neither."""
        row = self._db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        dropped = self._action(game_id, row[1], row[0])
        if not reopen:
            self._write("DELETE FROM actions WHERE game_id = ? AND seq = ?",
                        (game_id, row[0]), "undo")
            return dropped
        with self._transaction("reopened"):
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?",
                             (game_id, row[0]))
            self._db.execute("UPDATE games SET finished = NULL, result = NULL WHERE id = ?",
                             (game_id,))
        return dropped

    def finish(self, game_id: int, result: dict[str, Any] | None) -> None:
        """Mark the game finished with its result (``None`` reopens it, after an undo)."""
        self._write(
            "UPDATE games SET finished = ?, result = ? WHERE id = ?",
            (_now(self.clock) if result is not None else None,
             json.dumps(result) if result is not None else None, game_id),
            "finished" if result is not None else "reopened",
        )

    def resumed(self, game_id: int) -> None:
        """Game ``game_id`` is played again from now: its time set aside ends, and every
        other unfinished game is set aside from now (nothing is saved when nothing
        changes)."""
        others = ("FROM games g WHERE g.finished IS NULL AND g.abandoned = 0 AND g.id != ? "
                  "AND NOT EXISTS (SELECT 1 FROM pauses p WHERE p.game_id = g.id AND "
                  "p.until IS NULL)")
        paused = self._db.execute("SELECT 1 FROM pauses WHERE game_id = ? AND until IS NULL",
                                  (game_id,)).fetchone()
        if paused is None and self._db.execute(f"SELECT 1 {others}", (game_id,)).fetchone() \
                is None:
            return
        now = _now(self.clock)
        with self._transaction("resumed"):
            self._db.execute("UPDATE pauses SET until = ? WHERE game_id = ? AND until IS NULL",
                             (now, game_id))
            self._db.execute(f"INSERT INTO pauses (game_id, since) SELECT g.id, ? {others}",
                             (now, game_id))

    def abandon(self, game_id: int) -> None:
        """Set an unfinished game aside: it is no longer offered for resume."""
        self._write("UPDATE games SET abandoned = 1 WHERE id = ?", (game_id,), "abandoned")

    # -- reading -----------------------------------------------------------------------

    def actions(self, game_id: int) -> list[dict[str, Any]]:
        """The game's actions in order."""
        rows = self._db.execute(
            "SELECT action, seq FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return [self._action(game_id, r[0], r[1]) for r in rows]

    @staticmethod
    def _action(game_id: int, text: Any, seq: int) -> dict[str, Any]:
        try:
            value = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            value = None
        if not isinstance(value, dict):
            raise DamagedRecord(N_("saved game {game} has a damaged action ({n}); the other "
                                   "games are fine."), game=game_id, n=seq)
        return value

    def game(self, game_id: int) -> GameRecord | None:
        """The game ``game_id``; :class:`DamagedRecord` when its row cannot be read."""
        rows = self._records("WHERE g.id = ?", (game_id,), strict=True)
        return rows[0] if rows else None

    def unfinished(self) -> GameRecord | None:
        """The game played last (its last action or its start, whichever is later) of
        those neither finished nor set aside: the one a power cut interrupted, even when
        a newer game was started and this one resumed from History. "Later" is the
        log's own order (the actions' row ids), never the clock, which may have been
        set back since.

        Kept until the log changes (:meth:`change_mark`): the start menu asks on every
        key, and with a great many unfinished games the question takes a while."""
        key = self.change_mark()
        if self._resumable is not None and self._resumable[0] == key:
            self.skipped = self._resumable[2]
            return self._resumable[1]
        rows = self._records(
            "WHERE g.finished IS NULL AND g.abandoned = 0 ORDER BY MAX(g.started_after, "
            "COALESCE((SELECT MAX(a.rowid) FROM actions a WHERE a.game_id = g.id), 0)) DESC, "
            "g.id DESC LIMIT 1", ()
        )
        self._resumable = (key, rows[0] if rows else None, self.skipped)
        return self._resumable[1]

    def unfinished_games(self) -> list[GameRecord]:
        """Every game neither finished nor abandoned, newest first (History → Unfinished).

        This includes games that earlier versions left behind silently when a new one
        was started: their rows were always in the log, only no screen offered them.
        The list is kept until the log changes (this connection's count or SQLite's
        ``data_version``, which another program's commit moves): History asks on every
        key, and a restored log may hold hundreds of thousands.
        """
        key = self.change_mark()
        if self._unfinished is None or self._unfinished[0] != key:
            found = self._records(
                "WHERE g.finished IS NULL AND g.abandoned = 0 ORDER BY g.id DESC", ())
            self._unfinished = (key, found, self.skipped)
        self.skipped = self._unfinished[2]
        return list(self._unfinished[1])

    def change_mark(self) -> tuple[int, int]:
        """Moves whenever the log changes: this connection's count of saved changes
        (:attr:`generation`) and SQLite's ``data_version``, which another program's
        commit moves. A screen keeps what it read until the mark moves."""
        return self.generation, self._db.execute("PRAGMA data_version").fetchone()[0]

    def unfinished_count(self) -> int:
        """How many games are neither finished nor abandoned (a count over the index of
        the unfinished games: quick with hundreds of thousands).

        >>> Store.open(":memory:").unfinished_count()
        0
        """
        return int(self._db.execute(
            f"SELECT COUNT(*) FROM games g WHERE {_UNFINISHED}").fetchone()[0])

    def unfinished_page(self, first: int, limit: int) -> list[GameRecord]:
        """Up to ``limit`` unfinished games, newest first, from place ``first`` of the
        list (0: the newest): what a screen of History → Unfinished shows, read page by
        page. An unfinished game has no result, so its ``result`` column is not read
        (text there from a damaged card does not hide the game: resuming it says what is
        damaged, abandoning it stays possible)."""
        return self._records(f"WHERE {_UNFINISHED} ORDER BY g.id DESC LIMIT ? OFFSET ?",
                             (max(0, limit), max(0, first)), result=False)

    def unfinished_place(self, game_id: int) -> int:
        """Where game ``game_id`` stands in the unfinished list (0: the newest): how many
        unfinished games are newer. For a game no longer listed (abandoned, finished),
        the place of the next older one, which took its row."""
        return int(self._db.execute(
            f"SELECT COUNT(*) FROM games g WHERE {_UNFINISHED} AND g.id > ?",
            (game_id,)).fetchone()[0])

    def pauses(self) -> dict[int, list[tuple[str, str | None]]]:
        """game id → the stretches it sat set aside, ``(since, until)`` (``until`` None:
        not resumed since). A log from before pauses were kept has none."""
        out: dict[int, list[tuple[str, str | None]]] = {}
        for game_id, since, until in self._db.execute(
                "SELECT game_id, since, until FROM pauses ORDER BY rowid"):
            out.setdefault(game_id, []).append((since, until))
        return out

    def history(self, limit: int = 100, *, before: int | None = None) -> list[GameRecord]:
        """Finished games, newest first; with ``before``, only those of a lower id (the
        next page of a long history)."""
        if before is None:
            return self._records("WHERE g.finished IS NOT NULL ORDER BY g.id DESC LIMIT ?",
                                 (limit,))
        return self._records("WHERE g.finished IS NOT NULL AND g.id < ? ORDER BY g.id DESC "
                             "LIMIT ?", (before, limit))

    def finished_mark(self, up_to: int | None = None) -> tuple[int, str | None]:
        """How many games are finished and when the last one was (only games of id
        ``up_to`` or lower, when given): it changes whenever a game ends, is reopened by
        an undo, or an old game is resumed and finished (what is counted from the history
        is then out of date).

        >>> Store.open(":memory:").finished_mark()
        (0, None)
        """
        only = "" if up_to is None else " AND id <= ?"
        row = self._db.execute("SELECT COUNT(*), MAX(finished) FROM games WHERE finished IS "
                               "NOT NULL" + only, () if up_to is None else (up_to,)).fetchone()
        return int(row[0]), row[1]

    def limit_cache(self, kib: int) -> None:
        """Keep SQLite's page cache for this connection to ``kib`` KiB (a reader that
        passes over a large log once, and wants to stay small)."""
        self._db.execute(f"PRAGMA cache_size = -{int(kib)}")

    def _records(self, where: str, args: tuple[Any, ...], *,
                 strict: bool = False, result: bool = True) -> list[GameRecord]:
        """The games ``where`` selects; a damaged one raises with ``strict``, else it is
        left out and counted in :attr:`skipped`. Without ``result`` the games' results
        are not read (None)."""
        rows = self._db.execute(
            "SELECT g.id, g.kind, g.options, g.started, g.finished, "
            + ("g.result, " if result else "NULL, ") +
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) FROM games g " + where,
            args,
        ).fetchall()
        out, self.skipped = [], 0
        for r in rows:
            try:
                out.append(_record(r, strict))
            except DamagedRecord:
                if strict:
                    raise
                self.skipped += 1
        return out

    # -- the roster: kept by :attr:`roster` (roster_log.Roster), asked through the store --

    def players(self, *, hidden: bool = False) -> list[Player]:
        return self.roster.players(hidden=hidden)

    def player(self, name: str) -> Player | None:
        return self.roster.player(name)

    def add_player(self, name: str, colour: str | None = None, *,
                   someone_else: bool = False) -> Player:
        return self.roster.add_player(name, colour, someone_else=someone_else)

    def take_uuids(self, people: list[tuple[str, str]]) -> list[Player]:
        return self.roster.take_uuids(people)

    def rename_player(self, name: str, new: str) -> Player:
        return self.roster.rename_player(name, new)

    def merge_players(self, name: str, into: str) -> Player:
        return self.roster.merge_players(name, into)

    def delete_player(self, name: str) -> None:
        self.roster.delete_player(name)

    def hide_player(self, name: str, hidden: bool = True) -> Player:
        return self.roster.hide_player(name, hidden)

    def seat_players(self, games: Iterable[int] | None = None) -> dict[int, dict[int, Player]]:
        return self.roster.seat_players(games)

    # -- undoing a merge (roster_log.Roster.merge, .unmerge) --------------------------------

    def merge(self, name: str, into: str) -> Merge:
        return self.roster.merge(name, into)

    def unmerge(self, done: Merge) -> Player:
        return self.roster.unmerge(done)

    def games_of(self, name: str) -> int:
        return self.roster.games_of(name)

    # -- reopening a finished game (History on the box and on the phone) -------------------

    def reopen(self, game_id: int) -> dict[str, Any]:
        """Undo the end of finished game ``game_id``: its last action (the one that ended
        it) is taken back and it is unfinished again, with the time since it ended set
        aside (:meth:`pauses`: resuming it ends that), all in one transaction. The log
        then replays to the game as it stood before its last action, as an undo on the
        box leaves it. Returns the action taken back; :class:`RuleError` for a game that
        is not finished (nothing changes).

        >>> store = Store.open(":memory:", clock=lambda: 1_800_000_000.0)
        >>> game = store.new_game("dice_roller", {"players": ["Table"]})
        >>> _seq = store.append(game, {"type": "roll", "dice": [6]})
        >>> store.finish(game, {"winners": []})
        >>> store.reopen(game), store.game(game).finished, store.actions(game)
        ({'dice': [6], 'type': 'roll'}, None, [])
        >>> store.reopen(game)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        companion.core.errors.RuleError: game 1 is not finished...
        """
        from companion.core.errors import RuleError  # here: this block is all reopen's

        row = self._db.execute("SELECT finished FROM games WHERE id = ? AND abandoned = 0",
                               (game_id,)).fetchone()
        last = self._db.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,)).fetchone()
        if row is None or row[0] is None or last is None:
            raise RuleError("game {game} is not finished, so there is no end to undo; "
                            "nothing was changed.", game=game_id)
        with self._transaction("reopened"):
            gone = self._db.execute(
                "DELETE FROM actions WHERE game_id = ? AND seq = ? AND EXISTS (SELECT 1 FROM "
                "games WHERE id = ? AND finished = ?)", (game_id, last[0], game_id, row[0]))
            if gone.rowcount != 1:  # ended or reopened by another hand meanwhile
                raise RuleError("game {game} changed meanwhile; nothing was changed.",
                                game=game_id)
            self._db.execute("UPDATE games SET finished = NULL, result = NULL WHERE id = ?",
                             (game_id,))
            self._db.execute("INSERT INTO pauses (game_id, since) VALUES (?, ?)",
                             (game_id, row[0]))
        return self._action(game_id, last[1], last[0])

    def history_by_end(self, limit: int = 100, *,
                       before: tuple[str, int] | None = None) -> list[GameRecord]:
        """Finished games in the order they ended, the last to end first (a game
        resumed and finished days later comes in where it ended); with ``before`` (a
        game's end and id) only those that ended before it (the next page).

        >>> from itertools import count
        >>> store = Store.open(":memory:", clock=count(1_800_000_000, 60).__next__)
        >>> first, second = store.new_game("brikks", {}), store.new_game("brikks", {})
        >>> store.finish(second, {})
        >>> store.finish(first, {})
        >>> [r.id for r in store.history_by_end()]
        [1, 2]
        """
        if before is None:
            return self._records("WHERE g.finished IS NOT NULL ORDER BY g.finished DESC, "
                                 "g.id DESC LIMIT ?", (limit,))
        return self._records("WHERE g.finished IS NOT NULL AND (g.finished < ? OR "
                             "(g.finished = ? AND g.id < ?)) ORDER BY g.finished DESC, "
                             "g.id DESC LIMIT ?", (before[0], before[0], before[1], limit))
