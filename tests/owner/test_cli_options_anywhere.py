"""Guards that ``--db``, ``--trace`` and ``--emulator`` count wherever they are given,
before the subcommand or after it: given before, they were silently dropped and the
command worked on the default log (``companion --db X restore Y`` restored over the
box's real log)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.app import runtime
from companion.app.session import GameSession
from companion.log.store import Store
from companion.owner import cli


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary home: no config file, the default log under ``tmp/state``."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    return tmp_path


def default_log(home: Path) -> Path:
    return home / "state" / "companion" / "companion.db"


def seed(db: Path) -> None:
    """One finished game of Genial Spezial, Ann against Bob (both on the roster)."""
    store = Store.open(db)
    store.add_player("Ann")
    store.add_player("Bob")
    game = GameSession.start(store, "genial", {"players": ["Ann", "Bob"]})
    game.apply({"type": "turn", "all": 3})
    game.apply({"type": "end_early"})
    store.close()


def games_in(db: Path) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def place(before: bool, command: list[str], options: list[str]) -> list[str]:
    """``options`` before the subcommand, or right after its name."""
    return [*options, *command] if before else [command[0], *options, *command[1:]]


BOTH = pytest.mark.parametrize("before", [True, False], ids=["before", "after"])


@BOTH
def test_players_add_writes_the_log_named(home: Path, before: bool,
                                          capsys: pytest.CaptureFixture) -> None:
    db = home / "other.db"
    Store.open(db).close()  # a named log must exist: players never makes one
    assert cli.main(place(before, ["players", "add", "Tester"], ["--db", str(db)])) == 0
    store = Store.open(db)
    assert store.player("Tester") is not None
    store.close()
    assert not default_log(home).exists(), "the default log was written"


@BOTH
@pytest.mark.parametrize("command", [["players", "list"], ["stats"], ["history", "--csv"]])
def test_reading_commands_read_the_log_named(home: Path, before: bool, command: list[str],
                                             capsys: pytest.CaptureFixture) -> None:
    db = home / "other.db"
    seed(db)
    assert cli.main(place(before, command, ["--db", str(db)])) == 0
    out = capsys.readouterr().out
    assert "Ann" in out, out


@BOTH
def test_backup_copies_the_log_named(home: Path, before: bool,
                                     capsys: pytest.CaptureFixture) -> None:
    db, copy = home / "other.db", home / "copy.db"
    seed(db)
    assert cli.main(place(before, ["backup", str(copy)], ["--db", str(db)])) == 0
    assert games_in(copy) == 1


@BOTH
def test_restore_replaces_the_log_named_not_the_boxs(home: Path, before: bool,
                                                     capsys: pytest.CaptureFixture) -> None:
    db, source = home / "other.db", home / "backup.db"
    seed(source)
    Store.open(default_log(home)).close()  # the box's real log: empty, and must stay so
    assert cli.main(place(before, ["restore", str(source)], ["--db", str(db)])) == 0
    assert games_in(db) == 1
    assert games_in(default_log(home)) == 0, "restored over the box's log"


@BOTH
def test_run_takes_its_options_before_or_after(home: Path, before: bool,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(config: Any, **kwargs: Any) -> int:
        seen.update(kwargs)
        return 0

    monkeypatch.setattr(runtime, "run", fake_run)
    db, trace = home / "other.db", home / "trace.txt"
    argv = place(before, ["run"], ["--db", str(db), "--trace", str(trace),
                                   "--emulator", "pygame"])
    assert cli.main(argv) == 0
    assert seen["db"] == str(db) and seen["emulator"] == "pygame"
    assert seen["trace"].name == str(trace)


def test_a_value_after_the_subcommand_wins(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(runtime, "run", lambda config, **kw: seen.update(kw) or 0)
    assert cli.main(["--db", "/nowhere/a.db", "run", "--db", str(home / "b.db")]) == 0
    assert seen["db"] == str(home / "b.db")


def test_no_option_anywhere_is_the_default(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(runtime, "run", lambda config, **kw: seen.update(kw) or 0)
    assert cli.main(["run"]) == 0 and cli.main([]) == 0
    assert (seen["db"], seen["emulator"], seen["trace"]) == (None, None, None)


@pytest.mark.parametrize(("where", "why"), [
    ("folder", "it is a folder"),
    ("missing/trace.txt", "there is no such file or folder"),
    ("file/trace.txt", "part of the path is a file, not a folder"),
])
def test_a_trace_that_cannot_be_written_is_one_line(home: Path, where: str, why: str,
                                                    capsys: pytest.CaptureFixture,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (home / "folder").mkdir()
    (home / "file").write_text("")
    monkeypatch.setattr(runtime, "run", lambda config, **kw: 0)
    for argv in (["--trace", str(home / where), "run"], ["run", "--trace", str(home / where)]):
        assert cli.main(argv) == 2
        assert capsys.readouterr().err == (f"companion: --trace {home / where}: cannot write "
                                           f"it: {why}.\n")
