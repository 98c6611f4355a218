"""The action log's tables and how an older log is brought up to date.

:data:`MIGRATIONS` ``[n]`` takes a log from schema ``n`` to ``n + 1``; :func:`migrate`
runs the ones a log still needs, each in its own transaction, so a log whose migration
fails stays whole at the version it was. Schema 1 is the games and their actions;
schema 2 added the roster (players, and which player sat in which seat); schema 3 gave
each log its own identity (a backup of another box's log is told apart from its own),
the position in the action sequence each game started at (the game to resume comes
from the log's own order, not from clock times) and an index of the unfinished games;
schema 4 the times a game sat set aside (``pauses``: from another game's start to its
resume), so that a play's duration is the time it was played; schema 5 wrote every
player's UUID in its one form (:func:`~companion.core.roster.canonical_uuid`: an import
once kept ``{…}`` and ``urn:uuid:…`` as the file spelled them); schema 6 the plays a
BG Stats group brought in (``imported_plays``, each under its BG Stats UUID, held once)
with the games and places of that file under theirs (``bgstats_games``,
``bgstats_locations``), so the box's own exports name the group's games and place.

A file is taken as a log only when its objects are exactly the ones this companion
makes for its schema version (:func:`problem`): a trigger, a view, a CHECK or a
missing column in a crafted file would run or fail on every save.

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:", isolation_level=None)
>>> migrate(conn) == SCHEMA_VERSION
True
"""

from __future__ import annotations

import functools
import json
import sqlite3
import uuid
from collections.abc import Callable
from typing import Any

from companion.core import roster
from companion.core.errors import BadName, StorageError

SCHEMA_VERSION = 6

#: The highest change count (``user_version``, counted up by every saved change) a log
#: may hold: SQLite keeps it in 32 bits, so a crafted count near 2**31 would overflow on
#: a later write (and the healthy log would look behind its backups at every start). A
#: billion changes is centuries of play.
GENERATION_LIMIT = 2**30
#: The highest row id or action number a log may hold: a crafted one near 2**63 would
#: overflow when the next is counted (or make SQLite pick row ids out of order).
ROW_LIMIT = 2**53


def counters_problem(conn: sqlite3.Connection) -> str | None:
    """Why the counters of the log on ``conn`` are out of range (its change count, its
    row ids, its action numbers), or None. Reads the largest of each (the row ids from
    their trees' ends; the action numbers in one pass over the actions).

    >>> conn = sqlite3.connect(":memory:", isolation_level=None)
    >>> _ = migrate(conn); counters_problem(conn) is None
    True
    >>> _ = conn.execute("PRAGMA user_version = 2147483647"); counters_problem(conn)
    'its change count 2147483647 is out of range (0 to 1073741824)'
    """
    generation = conn.execute("PRAGMA user_version").fetchone()[0]
    if not 0 <= generation <= GENERATION_LIMIT:
        return f"its change count {generation} is out of range (0 to {GENERATION_LIMIT})"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    checks = [(f"{table} row ids", f"SELECT MAX(rowid) FROM {table}")
              for table in ("games", "actions", "players", "imported_plays")
              if table in tables]
    if "actions" in tables:
        checks.append(("action numbers", "SELECT MAX(seq) FROM actions"))
    for what, sql in checks:
        top = conn.execute(sql).fetchone()[0]
        if isinstance(top, int) and top > ROW_LIMIT:
            return f"its {what} reach {top}, out of range (up to {ROW_LIMIT})"
    return None

_ROSTER_TABLES = """
    CREATE TABLE players (
        id      INTEGER PRIMARY KEY,
        uuid    TEXT NOT NULL UNIQUE,
        name    TEXT NOT NULL,
        key     TEXT NOT NULL UNIQUE,
        colour  TEXT,
        created TEXT NOT NULL,
        last_played TEXT,
        hidden  INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games(id),
        seat      INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_player ON seats (player_id, game_id);
"""


def add_roster(conn: sqlite3.Connection) -> None:
    """Schema 2: the roster. Every name in a saved game becomes a player (keeping the
    UUID 0.1.0's BG Stats export gave that name) and its seats are linked to them."""
    for statement in _ROSTER_TABLES.split(";"):
        if statement.strip():
            conn.execute(statement)
    for game_id, options, started in conn.execute(
            "SELECT id, options, started FROM games ORDER BY id").fetchall():
        try:
            names = json.loads(options).get("players", [])
        except (ValueError, AttributeError, TypeError, RecursionError):
            continue  # a damaged row: its game stays as it is, with nobody linked
        link_seats(conn, game_id, names, started, create=True)


def link_seats(conn: sqlite3.Connection, game_id: int, names: Any, when: str, *,
                create: bool) -> None:
    """Link each seat of a game whose name is on the roster (``create``: add it)."""
    if not isinstance(names, list):
        return
    for seat, name in enumerate(names):
        try:
            clean = roster.clean_name(name)
        except BadName:
            continue  # guests, "Table", a name no roster could hold
        row = conn.execute("SELECT id FROM players WHERE key = ?",
                           (roster.name_key(clean),)).fetchone()
        if row is None:
            if not create:
                continue
            row = (conn.execute(
                "INSERT INTO players (uuid, name, key, created) VALUES (?, ?, ?, ?)",
                (roster.name_uuid("player", clean), clean, roster.name_key(clean), when),
            ).lastrowid,)
        conn.execute("INSERT OR IGNORE INTO seats VALUES (?, ?, ?)", (game_id, seat, row[0]))
        conn.execute("UPDATE players SET last_played = ? WHERE id = ? AND "
                     "(last_played IS NULL OR last_played < ?)", (when, row[0], when))


def add_identity(conn: sqlite3.Connection) -> None:
    """Schema 3: the log's identity (copied into its backups, so a backup dropped in from
    another box is told apart), where in the action sequence each game started (games
    made before this are taken to have started after the actions before them), and an
    index of the unfinished games (History, resuming after a power cut)."""
    mine = uuid.uuid4()
    conn.execute("CREATE TABLE identity (log TEXT NOT NULL)")
    conn.execute("INSERT INTO identity VALUES (?)", (str(mine),))
    # Also in the file's header, which every commit writes to the WAL (user_version is
    # counted up): a -wal of another log is told apart without reading its tables.
    conn.execute(f"PRAGMA application_id = {application_id(str(mine))}")
    conn.execute("ALTER TABLE games ADD COLUMN started_after INTEGER NOT NULL DEFAULT 0")
    conn.execute("UPDATE games SET started_after = COALESCE((SELECT MAX(a.rowid) FROM "
                 "actions a WHERE a.game_id < games.id), 0)")
    conn.execute("CREATE INDEX games_unfinished ON games (id) "
                 "WHERE finished IS NULL AND abandoned = 0")


def application_id(identity: str) -> int:
    """The header's ``application_id`` for a log of ``identity``: never 0 (no identity).

    >>> application_id("0f000000-0000-4000-8000-000000000000")
    251658240
    """
    return int(identity.replace("-", "")[:8], 16) & 0x7FFFFFFF or 1


def identity(conn: sqlite3.Connection) -> str | None:
    """The log's identity (schema 3 on), or None when it has none or it cannot be read."""
    try:
        row = conn.execute("SELECT log FROM identity").fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row and isinstance(row[0], str) else None


def canonical_uuids(conn: sqlite3.Connection) -> None:
    """Schema 5: every player's UUID in its one form (an import kept ``{…}``,
    ``urn:uuid:…`` and lower case as the file spelled them, so one UUID could be two
    players'). The first player (by id) keeps a UUID two spelled alike; the other gets a
    new one (their games stay theirs), as the roster holds each UUID once. A UUID that
    is no UUID at all stays as it is."""
    rows = conn.execute("SELECT id, uuid FROM players ORDER BY id").fetchall()
    held = {u for _i, u in rows}
    seen: set[str] = set()
    for player_id, text in rows:
        try:
            one = roster.canonical_uuid(text)
        except (ValueError, AttributeError, TypeError):
            seen.add(text)
            continue
        if one in seen:
            one = roster.new_uuid()
        seen.add(one)
        if one != text:
            if one in held:  # another row still holds it as written: move that out first
                conn.execute("UPDATE players SET uuid = uuid || ' ' || id WHERE uuid = ?",
                             (one,))
            conn.execute("UPDATE players SET uuid = ? WHERE id = ?", (one, player_id))
            held.add(one)


#: migrations[n] takes a database from version n to n + 1 (SQL, or a function for the
#: steps SQL alone cannot do).
MIGRATIONS: list[str | Callable[[sqlite3.Connection], None]] = [
    """
    CREATE TABLE games (
        id       INTEGER PRIMARY KEY,
        kind     TEXT NOT NULL,
        options  TEXT NOT NULL,
        started  TEXT NOT NULL,
        finished TEXT,
        result   TEXT,
        abandoned INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        action  TEXT NOT NULL,
        at      TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    add_roster,
    add_identity,
    # A log from before has no pauses: its games count from start to finish, as before.
    """
    CREATE TABLE pauses (
        game_id INTEGER NOT NULL REFERENCES games(id),
        since   TEXT NOT NULL,
        until   TEXT
    );
    CREATE INDEX pauses_by_game ON pauses (game_id);
    """,
    canonical_uuids,
    # A BG Stats group's history (companion.log.imported_plays). A play's players are a
    # JSON list: each seat's roster UUID (None for a guest), name as the file wrote it,
    # score, winner, rank and start player.
    """
    CREATE TABLE bgstats_games (
        uuid    TEXT PRIMARY KEY,
        name    TEXT NOT NULL,
        key     TEXT NOT NULL,
        bgg_id  INTEGER NOT NULL DEFAULT 0,
        highest_wins INTEGER NOT NULL DEFAULT 1,
        box_key TEXT
    );
    CREATE TABLE bgstats_locations (
        uuid    TEXT PRIMARY KEY,
        name    TEXT NOT NULL,
        key     TEXT NOT NULL
    );
    CREATE TABLE imported_plays (
        id       INTEGER PRIMARY KEY,
        uuid     TEXT NOT NULL UNIQUE,
        game     TEXT NOT NULL REFERENCES bgstats_games(uuid),
        started  TEXT NOT NULL,
        minutes  INTEGER NOT NULL DEFAULT 0,
        location TEXT REFERENCES bgstats_locations(uuid),
        players  TEXT NOT NULL
    );
    CREATE INDEX imported_by_start ON imported_plays (started);
    """,
]


def _step(conn: sqlite3.Connection, version: int) -> None:
    step = MIGRATIONS[version]
    if callable(step):
        step(conn)
        return
    for statement in step.split(";"):
        if statement.strip():
            conn.execute(statement)


def _objects(rows: list[tuple[Any, ...]]) -> frozenset[tuple[Any, ...]]:
    return frozenset((t, n, tbl, " ".join(sql.split()) if isinstance(sql, str) else sql)
                     for t, n, tbl, sql in rows)


_SCHEMA = "SELECT type, name, tbl_name, sql FROM sqlite_master"


@functools.cache
def expected(version: int) -> frozenset[tuple[Any, ...]]:
    """The objects (type, name, table, SQL with its spaces collapsed) of a log this
    companion made or migrated to ``version``."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        for n in range(version):
            _step(conn, n)
        return _objects(conn.execute(_SCHEMA).fetchall())
    finally:
        conn.close()


def problem(conn: sqlite3.Connection) -> str | None:
    """Why the SQLite file on ``conn`` is not a companion log, or None when its objects
    are exactly this companion's for its schema version (an empty file is a new log; a
    newer version's log is said elsewhere). Reads the schema only: nothing in the file
    is run. A file SQLite cannot read raises :class:`sqlite3.Error`.

    >>> conn = sqlite3.connect(":memory:", isolation_level=None)
    >>> _ = migrate(conn); problem(conn) is None
    True
    >>> _ = conn.execute("CREATE VIEW v AS SELECT 1"); problem(conn)
    'it holds view v, which the companion does not make'
    """
    rows = conn.execute(_SCHEMA).fetchall()
    if not rows:
        return None
    if not any(r[0] == "table" and r[1] == "schema_version" for r in rows):
        return "it has no schema version"
    found = conn.execute("SELECT version, typeof(version) FROM schema_version").fetchall()
    if len(found) > 1 or (found and (found[0][1] != "integer" or found[0][0] < 0)):
        return "its schema version is not one number of 0 or more"
    version = found[0][0] if found else 0
    if version > SCHEMA_VERSION:
        return None
    mine, theirs = expected(version), _objects(rows)
    for t, name, _tbl, _sql in sorted(theirs - mine, key=str):
        return f"it holds {t} {name}, which the companion does not make"
    for t, name, _tbl, _sql in sorted(mine - theirs, key=str):
        return f"its {t} {name} is not the companion's"
    return counters_problem(conn)


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the log on ``conn`` to :data:`SCHEMA_VERSION`; return the version it is at.

    A log written by a newer companion is refused (:class:`StorageError`) and left as
    it is.
    """
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    version = row[0] if row else 0
    if version > SCHEMA_VERSION:
        raise StorageError("the log was written by a newer companion (schema {version}, "
                           "this one knows {known})", version=version, known=SCHEMA_VERSION)
    conn.execute("PRAGMA journal_mode=WAL")  # only now: a newer log is left untouched
    while version < SCHEMA_VERSION:
        conn.execute("BEGIN IMMEDIATE")
        try:
            _step(conn, version)
        except BaseException:
            conn.execute("ROLLBACK")  # the log stays at the version it was
            raise
        version += 1
        conn.execute("DELETE FROM schema_version")
        conn.execute("INSERT INTO schema_version VALUES (?)", (version,))
        conn.execute("COMMIT")
    return version
