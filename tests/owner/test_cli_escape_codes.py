"""Guards issue 43: escape codes a restored log holds (a name that clears the screen or
sets the terminal's title, a colour with BEL, a right-to-left override, the C1 CSI) are
shown written out in every command that prints stored text (``history`` as a table and
as JSON, ``players list``, ``stats``), never sent to the terminal."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core import roster
from companion.log.store import Store
from companion.owner.cli import main

EVIL = "Ann\x1b]0;owned\x07\x1b[2J\u202e\x9b31m"
RAW = ("\x1b", "\x07", "\u202e", "\x9b")


def crafted_log(tmp_path: Path) -> Path:
    """A log as a restore from elsewhere may bring it: Ann's stored name and colour
    carry escape codes (the roster's checks never saw them)."""
    db = tmp_path / "companion.db"
    store = Store.open(db)
    for name in ("Ann", "Bob", "Cy"):
        store.add_player(name)
    game = GameSession.start(store, "genial", {"players": ["Ann", "Bob"]})
    game.apply({"type": "turn", "all": 3})
    game.apply({"type": "end_early"})
    store.close()
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("UPDATE players SET name = ?, key = ?, colour = ? WHERE name = 'Ann'",
                 (EVIL, roster.name_key(EVIL), "red\x1b[5m"))
    conn.close()
    return db


@pytest.mark.parametrize("argv", [["history"], ["history", "--json"], ["players", "list"],
                                  ["stats"], ["stats", "--json"]])
def test_stored_escape_codes_are_shown_never_sent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    db = crafted_log(tmp_path)
    code = main([*argv, "--db", str(db)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert not [c for c in RAW if c in out + err], (out, err)
    assert "Ann" in out
    if "--json" in argv:
        data = json.loads(out)  # the same data, each character a JSON escape
        if argv[0] == "stats":
            assert data["players"][0]["name"] == EVIL
    else:
        assert r"Ann\x1b]0;o" in out
