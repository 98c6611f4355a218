"""Guards companion.log.store and companion.app.session: durable log, replay, undo, damage."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core.errors import RuleError, StorageError
from companion.log.store import SCHEMA_VERSION, Store


def test_actions_survive_reopening(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["T"], "count": 1})
    game.apply({"type": "roll", "dice": [5]})
    game.apply({"type": "roll", "dice": [2]})
    store.close()  # as good as a power cut: every apply committed already
    again = Store.open(db)
    saved = again.unfinished()
    assert saved is not None and saved.actions == 2
    resumed = GameSession.resume(again, saved.id)
    assert resumed.state.rolls == ((5,), (2,))


def test_log_uses_wal_and_full_sync(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "c.db")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert store._db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION


def test_refused_action_is_not_logged(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "c.db")
    game = GameSession.start(store, "dice_roller", {"players": ["T"], "count": 1})
    with pytest.raises(RuleError, match="1 to 6"):
        game.apply({"type": "roll", "dice": [7]})
    assert store.actions(game.game_id) == []


def test_undo_drops_last_and_reopens_a_finished_game(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "c.db")
    game = GameSession.start(store, "dice_roller", {"players": ["T"], "count": 1})
    game.apply({"type": "roll", "dice": [3]})
    game.apply({"type": "finish"})
    assert store.unfinished() is None and len(store.history()) == 1
    assert game.undo() == {"type": "finish"}
    assert store.unfinished().id == game.game_id and store.history() == []
    assert game.state.rolls == ((3,),)
    game.undo()
    assert game.undo() is None


def test_garbage_file_is_moved_aside_not_deleted(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    db.write_bytes(b"this is not a database" * 100)
    store = Store.open(db, clock=lambda: 0.0)
    assert "damaged" in store.notice
    kept = tmp_path / "c.db.corrupt-19700101-000000"
    assert kept.read_bytes() == b"this is not a database" * 100
    store.new_game("dice_roller", {"players": ["T"]})  # the fresh log works


def test_truncated_file_is_moved_aside(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = Store.open(db)
    for i in range(50):
        store.new_game("dice_roller", {"players": [f"T{i}"]})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    again = Store.open(db)
    assert "damaged" in again.notice
    assert any(p.name.startswith("c.db.corrupt-") for p in tmp_path.iterdir())
    assert again.history() == [] and again.unfinished() is None


def test_newer_schema_opens_read_only_and_keeps_the_file(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version VALUES (99)")
    conn.commit()
    conn.close()
    store = Store.open(db)
    assert store.read_only and "newer" in store.notice
    assert [p.name for p in tmp_path.iterdir() if "corrupt" in p.name] == []
    assert sqlite3.connect(db).execute("SELECT version FROM schema_version").fetchone() == (99,)


def test_result_that_failed_to_save_is_recorded_on_the_next_open(tmp_path: Path,
                                                                    monkeypatch) -> None:
    db = tmp_path / "c.db"
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["T"], "count": 1})
    game.apply({"type": "roll", "dice": [2]})

    def full(*_args) -> None:
        raise StorageError("database or disk is full")

    monkeypatch.setattr(store, "finish", full)
    assert game.apply({"type": "finish"}).finished  # the action itself was saved
    monkeypatch.undo()
    assert store.history() == [] and store.unfinished().id == game.game_id
    again = GameSession.resume(store, game.game_id)
    assert again.over and store.history()[0].id == game.game_id
