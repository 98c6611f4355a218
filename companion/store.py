"""The action log: one SQLite file that is the companion's only mutable state.

Every action a player confirms is appended (and committed, ``synchronous=FULL``) before
the screen acknowledges it; the current game is the replay of its actions, so undo is
"drop the last action" and a restart after a power cut is "replay". Finished games stay
as history.

A file that cannot be read as our database is never deleted: it is renamed aside
(``companion.db.corrupt-20261122-014500``), a new log is built from the newest good
backup plus every row still readable from the damaged file (:mod:`companion.salvage`),
and :attr:`Store.notice` says so once. A log that counts fewer saved changes than its
newest backup (:attr:`Store.generation`: its WAL file was lost or torn) is set aside and
rebuilt the same way.

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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion import roster
from companion.errors import BadName, RosterError, StorageError
from companion.i18n import N_, Notice, notice_n
from companion.schema import SCHEMA_VERSION, link_seats, migrate


class DamagedRecord(StorageError):
    """A row of the log that does not read as what it must hold (a damaged card, a
    hand edit): the message names the game; the rest of the log is fine."""


def _parsed(text: Any, want: type, game: int, what: str) -> Any:
    """``text`` as JSON of type ``want``, else :class:`DamagedRecord`."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        value = None
    if not isinstance(value, want):
        raise DamagedRecord(what, game=game)
    return value


#: Where a finished game's result must hold a mapping or a list (the readers index them).
_RESULT_SHAPES = {"scores": dict, "places": list, "winners": list, "sentences": list}


def _record(r: tuple[Any, ...]) -> GameRecord:
    options = _parsed(r[2], dict, r[0], N_("saved game {game} has damaged settings; "
                                          "the other games are fine."))
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


_PLAYER = "SELECT id, uuid, name, colour, created, last_played, hidden FROM players"


def _why(err: Exception, path: str) -> StorageError:
    """A short reason for the screen, from an OS or SQLite error."""
    text = str(err).lower()
    if "full" in text or getattr(err, "errno", None) == 28:
        return StorageError("the storage is full")
    if path != ":memory:" and Path(path).is_dir():
        return StorageError("{path} is a folder, not a log", path=path)
    if path != ":memory:" and "unable to open" in text and not Path(path).parent.is_dir():
        return StorageError("its folder {folder} is missing", folder=str(Path(path).parent))
    if "readonly" in text or "read-only" in text or isinstance(err, PermissionError) \
            or "unable to open" in text:
        return StorageError("its folder is read-only")
    if "locked" in text:
        return StorageError("the log is in use by another program")
    if "disk i/o" in text and path != ":memory:" and _card_full(path):
        return StorageError("the storage is full")
    return StorageError("the log cannot be written ({why})",
                        why=getattr(err, "strerror", None) or err)


def _card_full(path: str) -> bool:
    """SQLite says "disk I/O error" when it cannot make its -wal/-shm on a full card."""
    import shutil

    try:
        return shutil.disk_usage(Path(path).parent).free < 64 * 1024
    except OSError:
        return False


def _now(clock: Callable[[], float] = time.time) -> str:
    """The time for the log: always UTC (screens and exports show it as local time)."""
    return datetime.fromtimestamp(clock(), UTC).isoformat(timespec="seconds")


class Store:
    """The SQLite action log. Open it with :meth:`open`; only this module touches sqlite3."""

    def __init__(self, conn: sqlite3.Connection, path: str, notice: str | None = None,
                 read_only: bool = False) -> None:
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
        self.clock: Callable[[], float] = time.time
        #: How many damaged game records the last list of games left out.
        self.skipped = 0

    def skipped_line(self) -> Notice | None:
        """The line saying the last list of games left damaged records out, if it did."""
        if not self.skipped:
            return None
        return notice_n("{n} damaged game record was skipped.",
                        "{n} damaged game records were skipped.", self.skipped)

    # -- opening -----------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, *, clock: Callable[[], float] = time.time) -> Store:
        """Open (or create) the log at ``path``; ``":memory:"`` for a throwaway log.

        A damaged file is moved aside and a new log rebuilt from the backups and what
        is still readable (:mod:`companion.salvage`); a log written by a newer
        companion, or a directory we may not write, opens read-only. Never raises for a
        bad file; raises :class:`StorageError` only when no log at all can be had.
        """
        path = str(path)
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                cls._finish_salvage(path, clock)
            conn = cls._connect(path)
            version = cls._migrate(conn)
        except sqlite3.OperationalError as err:
            # Locked, read-only, full disk, I/O error: the file may well be fine.
            # Never move it aside for that; show what it holds and save nothing.
            if path == ":memory:":
                raise StorageError("cannot open an in-memory log: {why}", why=str(err)) from err
            return cls._read_only(path, _why(err, path), keep=True)
        except sqlite3.DatabaseError as err:
            if path == ":memory:":
                raise StorageError("cannot open an in-memory log: {why}", why=str(err)) from err
            return cls._quarantine(path, err, clock)
        except StorageError as err:
            return cls._read_only(path, err)
        except OSError as err:  # the state directory cannot be made
            return cls._read_only(path, _why(err, path))
        if path != ":memory:":
            from companion import salvage

            if salvage.behind(path, conn):
                conn.close()
                return cls._quarantine(path, None, clock)
        store = cls(conn, path)
        store.clock = clock
        if version > SCHEMA_VERSION:  # pragma: no cover - guarded in _migrate
            return cls._read_only(path, Notice("log from a newer version"))
        return store

    @classmethod
    def open_existing(cls, path: str | Path, *, write: bool = False) -> Store:
        """The log at ``path`` for a one-shot command (``history``, ``stats``,
        ``players``), which may run while the app writes it: never created, moved or
        repaired, and read from a copy in memory unless ``write``. A missing file, a
        folder, a file that is not a companion log, and (to ``write``) a damaged log are
        a :class:`StorageError` saying so; reading a damaged log shows what it holds.
        """
        path = str(path)
        if Path(path).is_dir():
            raise StorageError("{path} is a folder, not a companion log.", path=path)
        if not Path(path).exists():
            raise StorageError("there is no log at {path}.", path=path)
        # Without a -wal beside it no program has the log open (WAL mode keeps one while
        # open): read it as immutable, so that reading does not leave a -wal/-shm there.
        flags = "mode=ro" if Path(path + "-wal").exists() else "mode=ro&immutable=1"
        try:
            probe = sqlite3.connect(f"{Path(path).resolve().as_uri()}?{flags}", uri=True)
            try:
                tables = {r[0] for r in probe.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
                check = probe.execute("PRAGMA quick_check").fetchone()[0] \
                    if {"schema_version", "games", "actions"} <= tables else None
            finally:
                probe.close()
        except sqlite3.OperationalError as err:
            if "not a database" not in str(err):
                raise StorageError("cannot read {path}: {why}", path=path,
                                   why=_why(err, path)) from None
            tables, check = set(), None
        except sqlite3.DatabaseError:
            tables, check = set(), None
        if check is None:
            raise StorageError("{path} is not a companion log.", path=path)
        damaged = check != "ok"
        if write and damaged:
            raise StorageError("the log at {path} is damaged; the companion repairs it when "
                               "it starts (companion run), then try again.", path=path)
        try:
            if write:
                conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
                conn.execute("PRAGMA synchronous=FULL")
                conn.execute("PRAGMA foreign_keys=ON")
            else:
                conn = sqlite3.connect(":memory:", isolation_level=None,
                                       check_same_thread=False)
                cls._copy_read_only(path, conn, flags)
            cls._migrate(conn)
        except sqlite3.Error as err:
            raise StorageError("cannot read {path}: {why}", path=path,
                               why=_why(err, path)) from None
        notice = Notice("the log is damaged: showing what can still be read; the companion "
                        "repairs it when it starts") if damaged else None
        return cls(conn, path, notice=notice, read_only=not write)

    @staticmethod
    def _connect(path: str) -> sqlite3.Connection:
        if path != ":memory:" and Path(path).is_file():
            # Checked through a read-only connection: closing a writable one on a damaged
            # file would checkpoint its WAL into it, and the file set aside must be as it was.
            probe = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
            try:
                check = probe.execute("PRAGMA quick_check").fetchone()
            finally:
                probe.close()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(
                    f"quick_check: {check[0] if check else 'no answer'}")
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    @staticmethod
    def _migrate(conn: sqlite3.Connection) -> int:
        return migrate(conn)

    @classmethod
    def _quarantine(cls, path: str, err: Exception | None,
                    clock: Callable[[], float]) -> Store:
        """Build a new log beside the file from the newest good backup and what the file
        still holds (``err`` None: it is whole but behind its newest backup), then set
        the file aside and put the new log in its place. A power cut at any point
        leaves the file, or the whole new log (which :meth:`open` then puts in place)."""
        from companion import salvage

        aside = cls._aside(path, "corrupt" if err is not None else "behind", clock)
        rebuilt = cls._rebuilt(path)
        rebuilt.unlink(missing_ok=True)
        report = salvage.rebuild(Path(path), Path(path), migrate=cls._migrate,
                                 schema=SCHEMA_VERSION, newer="damaged" if err else "backup",
                                 into=rebuilt, kept=aside.name)
        try:
            cls._swap(path, aside, rebuilt)
            conn = cls._connect(path)
            cls._migrate(conn)
        except (OSError, sqlite3.DatabaseError, StorageError):
            return cls._read_only(path, Notice("the log is damaged and cannot be repaired "
                                               "here"), keep=True)
        notice = report.line() if report.recovered else \
            Notice("Saved games were damaged; kept as {name}. New log.", name=aside.name)
        return cls(conn, path, notice=notice)

    @staticmethod
    def _aside(path: str, why: str, clock: Callable[[], float]) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(clock()))
        base = f"{path}.{why}-{stamp}"
        aside, n = Path(base), 1
        while aside.exists():
            aside, n = Path(f"{base}-{n}"), n + 1
        return aside

    @staticmethod
    def _rebuilt(path: str) -> Path:
        return Path(path).with_name(f".{Path(path).name}.rebuilt")

    @staticmethod
    def _swap(path: str, aside: Path, rebuilt: Path) -> None:
        """Set the damaged file aside (its WAL first: a WAL left beside the new log
        would be read into it) and put the rebuilt log, if any, in its place."""
        from companion.backup import fsync_dir

        for suffix in ("-wal", "-shm", ""):
            if Path(path + suffix).exists():
                Path(path + suffix).rename(str(aside) + suffix)
        if rebuilt.exists():
            rebuilt.replace(path)
        fsync_dir(Path(path).parent)

    @classmethod
    def _finish_salvage(cls, path: str, clock: Callable[[], float]) -> None:
        """A salvage cut short after it built the new log: set aside what is left of
        the damaged file and put the new log in place."""
        rebuilt = cls._rebuilt(path)
        if rebuilt.is_file():
            cls._swap(path, cls._aside(path, "corrupt", clock), rebuilt)

    @classmethod
    def _read_only(cls, path: str, why: StorageError | Notice, keep: bool = False) -> Store:
        """A log in memory: nothing is saved. With ``keep``, a copy of the file's games
        (opened read-only, never written) so history and the last game stay visible."""
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            if keep:
                cls._copy_read_only(path, conn)
            cls._migrate(conn)
        except (sqlite3.Error, StorageError):  # the copy is unusable: start empty
            conn.close()
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            cls._migrate(conn)
        return cls(conn, path, notice=Notice("Not saving games: {why}.", why=why),
                   read_only=True)

    @staticmethod
    def _copy_read_only(path: str, into: sqlite3.Connection, first: str = "mode=ro") -> None:
        uri = Path(path).resolve().as_uri()
        for flags in (first, "mode=ro&immutable=1"):  # immutable: no -shm possible
            try:
                source = sqlite3.connect(f"{uri}?{flags}", uri=True)
                try:
                    source.backup(into)
                    return
                finally:
                    source.close()
            except sqlite3.Error as err:
                failed = err
        raise failed

    def close(self) -> None:
        self._db.close()

    # -- writing -----------------------------------------------------------------------

    def _write(self, sql: str, args: tuple[Any, ...], event: str) -> sqlite3.Cursor:
        try:
            try:
                cur = self._commit(sql, args)
            except sqlite3.Error as err:
                # A full card: the backups make room first, then the write is tried once more.
                if _why(err, self.path).template != "the storage is full" \
                        or self.make_room is None \
                        or not self.make_room():
                    raise
                cur = self._commit(sql, args)
        except sqlite3.Error as err:
            raise _why(err, self.path) from err
        if self.on_saved is not None:
            self.on_saved(event)
        return cur

    def _commit(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        """Run one write and count it in ``user_version``, in one transaction."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            cur = self._db.execute(sql, args)
            self._db.execute(f"PRAGMA user_version = {self.generation + 1}")
            self._db.execute("COMMIT")
        except BaseException:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled it back
            raise
        self.generation += 1
        return cur

    def new_game(self, kind: str, options: dict[str, Any]) -> int:
        """Start a game of ``kind`` with ``options``; returns its id. Seats whose name
        is on the roster are linked to that player in the same transaction."""
        started = _now(self.clock)
        with self._transaction("game"):
            cur = self._db.execute(
                "INSERT INTO games (kind, options, started) VALUES (?, ?, ?)",
                (kind, json.dumps(options, sort_keys=True), started),
            )
            link_seats(self._db, int(cur.lastrowid), options.get("players"), started,
                        create=False)
        return int(cur.lastrowid)

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
            self._db.execute(f"PRAGMA user_version = {self.generation + 1}")
            self._db.execute("COMMIT")
        except BaseException as err:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # SQLite already rolled it back
            if isinstance(err, sqlite3.Error):
                raise _why(err, self.path) from err
            raise
        self.generation += 1
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
        except (TypeError, ValueError):
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
        """The most recent game that is neither finished nor set aside."""
        rows = self._records(
            "WHERE g.finished IS NULL AND g.abandoned = 0 ORDER BY g.id DESC LIMIT 1", ()
        )
        return rows[0] if rows else None

    def unfinished_games(self) -> list[GameRecord]:
        """Every game neither finished nor abandoned, newest first (History → Unfinished).

        This includes games that earlier versions left behind silently when a new one
        was started: their rows were always in the log, only no screen offered them.
        """
        return self._records(
            "WHERE g.finished IS NULL AND g.abandoned = 0 ORDER BY g.id DESC", ())

    def history(self, limit: int = 100) -> list[GameRecord]:
        """Finished games, newest first."""
        return self._records("WHERE g.finished IS NOT NULL ORDER BY g.id DESC LIMIT ?", (limit,))

    def _records(self, where: str, args: tuple[Any, ...], *,
                 strict: bool = False) -> list[GameRecord]:
        """The games ``where`` selects; a damaged one raises with ``strict``, else it is
        left out and counted in :attr:`skipped`."""
        rows = self._db.execute(
            "SELECT g.id, g.kind, g.options, g.started, g.finished, g.result, "
            "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id) FROM games g " + where,
            args,
        ).fetchall()
        out, self.skipped = [], 0
        for r in rows:
            try:
                out.append(_record(r))
            except DamagedRecord:
                if strict:
                    raise
                self.skipped += 1
        return out

    # -- the roster ----------------------------------------------------------------------

    def players(self, *, hidden: bool = False) -> list[Player]:
        """The roster, most recently played first (by seat in their last game), then
        the never-played in the order they were added; ``hidden`` includes the hidden."""
        rows = self._db.execute(
            "SELECT p.id, p.uuid, p.name, p.colour, p.created, p.last_played, p.hidden, "
            "(SELECT MAX(game_id) FROM seats WHERE player_id = p.id) AS g FROM players p "
            + ("" if hidden else "WHERE p.hidden = 0 ") +
            "ORDER BY g IS NULL, g DESC, (SELECT seat FROM seats "
            "WHERE player_id = p.id AND game_id = g), p.id").fetchall()
        return [Player(*r[:6], bool(r[6])) for r in rows]

    def player(self, name: str) -> Player | None:
        """The roster entry called ``name`` (case and width ignored), hidden or not."""
        row = self._db.execute(_PLAYER + " WHERE key = ?", (roster.name_key(name),)).fetchone()
        return Player(*row[:6], bool(row[6])) if row else None

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

    def add_player(self, name: str, colour: str | None = None) -> Player:
        """Add ``name`` to the roster, durably; :class:`BadName` says why it cannot be."""
        clean = self._free(name)
        self._write("INSERT INTO players (uuid, name, key, colour, created) VALUES (?, ?, ?, ?, ?)",
                    (roster.new_uuid(), clean, roster.name_key(clean), colour, _now(self.clock)),
                    "player")
        return self._known(clean)

    def rename_player(self, name: str, new: str) -> Player:
        """Give a player a new name; every game they played stays theirs."""
        who = self._known(name)
        clean = self._free(new, but=who.id)
        self._write("UPDATE players SET name = ?, key = ? WHERE id = ?",
                    (clean, roster.name_key(clean), who.id), "player")
        return self._known(clean)

    def merge_players(self, name: str, into: str) -> Player:
        """Make ``name``'s games ``into``'s and remove ``name`` (one person, two entries)."""
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
        with self._transaction("player"):
            self._db.execute("UPDATE seats SET player_id = ? WHERE player_id = ?",
                             (kept.id, gone.id))
            self._db.execute(
                "UPDATE players SET last_played = NULLIF(MAX(COALESCE(last_played, ''), "
                "COALESCE(?, '')), ''), hidden = 0 WHERE id = ?", (gone.last_played, kept.id))
            self._db.execute("DELETE FROM players WHERE id = ?", (gone.id,))
        return self._known(kept.name)

    def hide_player(self, name: str, hidden: bool = True) -> Player:
        """Leave a player out of the setup (``hidden=False`` brings them back)."""
        who = self._known(name)
        self._write("UPDATE players SET hidden = ? WHERE id = ?", (int(hidden), who.id),
                    "player")
        return self._known(who.name)

    def seat_players(self) -> dict[int, dict[int, Player]]:
        """game id → seat → the roster entry sitting there (seats of guests are absent)."""
        out: dict[int, dict[int, Player]] = {}
        for r in self._db.execute(
                "SELECT s.game_id, s.seat, p.id, p.uuid, p.name, p.colour, p.created, "
                "p.last_played, p.hidden FROM seats s JOIN players p ON p.id = s.player_id"):
            out.setdefault(r[0], {})[r[1]] = Player(*r[2:8], bool(r[8]))
        return out
