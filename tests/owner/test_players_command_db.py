"""Guards README's "--db FILE runs on another log (before or after the command)" for the
players verbs: `companion players list --db FILE` (the way people type it) reads that log
as `companion --db FILE players list` does (it was "unrecognized arguments", exit 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner import cli


@pytest.mark.parametrize("where", ["before", "between", "after"])
def test_players_take_db_anywhere(tmp_path: Path, capsys: pytest.CaptureFixture,
                                  where: str) -> None:
    db = str(tmp_path / "club.db")
    Store.open(db).close()
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "dummy"\n', encoding="utf-8")
    place = {"before": (["--db", db, "players", "add", "Ann"], ["--db", db, "players", "list"]),
             "between": (["players", "--db", db, "add", "Ann"], ["players", "--db", db, "list"]),
             "after": (["players", "add", "Ann", "--db", db], ["players", "list", "--db", db])}
    add, listing = place[where]
    assert cli.main(["--config", str(config), *add]) == 0
    assert cli.main(["--config", str(config), *listing]) == 0
    out = capsys.readouterr().out
    assert "Added Ann." in out and "\nAnn " in out
