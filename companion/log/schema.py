"""The action log's tables and how an older log is brought up to date.

:data:`MIGRATIONS` ``[n]`` takes a log from schema ``n`` to ``n + 1``; :func:`migrate`
runs the ones a log still needs, each in its own transaction, so a log whose migration
fails stays whole at the version it was. Schema 1 is the games and their actions;
schema 2 added the roster (players, and which player sat in which seat); schema 3 the
times a game sat set aside (``pauses``: from another game's start to its resume), so
that a play's duration is the time it was played.

>>> import sqlite3
>>> conn = sqlite3.connect(":memory:", isolation_level=None)
>>> migrate(conn) == SCHEMA_VERSION
True
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from companion.core import roster
from companion.core.errors import BadName, StorageError

SCHEMA_VERSION = 3

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
        except (ValueError, AttributeError):
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
    # A log from before has no pauses: its games count from start to finish, as before.
    """
    CREATE TABLE pauses (
        game_id INTEGER NOT NULL REFERENCES games(id),
        since   TEXT NOT NULL,
        until   TEXT
    );
    CREATE INDEX pauses_by_game ON pauses (game_id);
    """,
]


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
        step = MIGRATIONS[version]
        try:
            if callable(step):
                step(conn)
            else:
                for statement in step.split(";"):
                    if statement.strip():
                        conn.execute(statement)
        except BaseException:
            conn.execute("ROLLBACK")  # the log stays at the version it was
            raise
        version += 1
        conn.execute("DELETE FROM schema_version")
        conn.execute("INSERT INTO schema_version VALUES (?)", (version,))
        conn.execute("COMMIT")
    return version
