"""Guards issue 43: a UUID is stored in one form however it was written (``{…}``,
``urn:uuid:…``, lower case): a log of the previous schema (4), whose import kept UUIDs as
the file spelled them, is migrated so that each player's UUID is in that form, two
players who shared one UUID spelled two ways no longer do, and their games stay theirs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from companion.log import schema
from companion.log.store import Store

U = "0f6c1e2a-1111-4a2b-9c3d-00000000000{}"


def schema_4_log(db: Path) -> None:
    """A log as schema 4 left it: players whose UUIDs an import kept as written."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for n in range(4):
        schema._step(conn, n)
    conn.execute("INSERT INTO schema_version VALUES (4)")
    people = [("Ann", "{" + U.format(1) + "}"), ("Ben", "urn:uuid:" + U.format(2)),
              ("Cy", U.format(3).upper()), ("Dee", U.format(3)),  # one UUID, two spellings
              ("Eve", U.format(5))]
    for n, (name, uuid) in enumerate(people, start=1):
        conn.execute("INSERT INTO players (id, uuid, name, key, created) VALUES (?, ?, ?, ?, "
                     "'2026-01-01T00:00:00+00:00')", (n, uuid, name, name.lower()))
    conn.execute("INSERT INTO games (id, kind, options, started) VALUES (1, 'genial', "
                 "'{\"players\": [\"Dee\", \"Eve\"]}', '2026-01-01T00:00:00+00:00')")
    conn.executemany("INSERT INTO seats VALUES (1, ?, ?)", [(0, 4), (1, 5)])
    conn.close()


def test_an_old_logs_uuids_are_put_in_one_form(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    schema_4_log(db)
    store = Store.open(db)
    try:
        assert store.notice is None, store.notice
        got = {p.name: p.uuid for p in store.players(hidden=True)}
        assert got["Ann"] == U.format(1).upper() and got["Ben"] == U.format(2).upper()
        assert got["Cy"] == U.format(3).upper() and got["Eve"] == U.format(5).upper()
        assert list(got.values()).count(got["Dee"]) == 1 and len(got["Dee"]) == 36
        assert [p.name for p in store.seat_players([1])[1].values()] == ["Dee", "Eve"]
    finally:
        store.close()
