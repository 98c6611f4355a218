"""Guards that repairing the log and undoing a game's end are all or nothing: a power
cut during salvage keeps tonight's game, an undo that fails half-way changes nothing, and
a damaged log that cannot be repaired (a read-only card) still shows its games."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core.errors import StorageError
from companion.log import opening
from companion.log.store import Store, _why
from companion.owner import cli
from tests.logs import dice_game
from tests.owner.test_command_log import damage_an_index_page


def finished_and_backed_up(db: Path) -> None:
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
    game.apply({"type": "roll", "dice": [1]})
    game.apply(game.end_action())
    store.close()
    cli.main(["backup", "--db", str(db)])  # the box backs up after every finished game


def test_a_power_cut_during_salvage_keeps_the_game_in_progress(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.log import salvage

    db = tmp_path / "companion.db"
    finished_and_backed_up(db)
    playing = dice_game(db, rolls=7)  # tonight's game, after the backup
    damage_an_index_page(db)

    def power_cut(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise SystemExit("power cut")

    monkeypatch.setattr(salvage, "rebuild", power_cut)
    with pytest.raises(SystemExit):
        Store.open(db)
    monkeypatch.undo()
    again = Store.open(db)  # the box boots again
    assert len(again.actions(playing)) == 7, "tonight's game is gone from the box"
    assert again.notice.startswith("Log damaged: 2 games back")


def test_a_power_cut_while_the_new_log_is_put_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "companion.db"
    finished_and_backed_up(db)
    playing = dice_game(db, rolls=7)
    damage_an_index_page(db)
    real = Path.rename

    def cut_after_the_wal(self: Path, target: Path) -> Path:  # the -wal moved, not the log
        if self == db:
            raise SystemExit("power cut")
        return real(self, target)

    monkeypatch.setattr(Path, "rename", cut_after_the_wal)
    with pytest.raises(SystemExit):
        Store.open(db)
    monkeypatch.undo()
    again = Store.open(db)
    assert len(again.actions(playing)) == 7, "tonight's game is gone from the box"
    assert again.history() and not again.read_only
    assert len([p for p in tmp_path.iterdir() if ".corrupt-" in p.name
                and not p.name.endswith(("-wal", "-shm"))]) == 1  # the damaged file, kept
    assert not list(tmp_path.glob(".*.rebuilt"))


def test_undo_of_a_finished_game_is_all_or_nothing(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
    game.apply({"type": "roll", "dice": [3]})
    game.apply(game.end_action())
    # The second write of the undo (reopening the game) fails, as on a failing card.
    store._db.execute("CREATE TRIGGER fails BEFORE UPDATE OF finished ON games "
                      "WHEN NEW.finished IS NULL BEGIN SELECT RAISE(ABORT, 'disk I/O error'); "
                      "END")
    with pytest.raises(StorageError):
        game.undo()  # the screen says "Undo failed"
    record = store.game(game.game_id)
    assert record.actions == 2 and record.finished is not None, \
        "the finish was dropped from the log, yet the game stays finished with its result"
    store._db.execute("DROP TRIGGER fails")
    game = GameSession.resume(store, game.game_id)
    assert game.undo() is not None
    record = store.game(game.game_id)
    assert (record.actions, record.finished, record.result) == (1, None, None)


def test_a_damaged_log_that_cannot_be_repaired_still_shows_its_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "companion.db"
    finished_and_backed_up(db)
    damage_an_index_page(db)
    before = db.read_bytes()

    def read_only_card(*args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(opening, "_swap", read_only_card)
    store = Store.open(db)
    assert store.read_only
    assert store.notice == "Not saving games: the log is damaged and cannot be repaired here."
    assert len(store.history()) == 1
    assert db.read_bytes() == before


def test_a_folder_named_as_the_log_says_so(tmp_path: Path) -> None:
    (tmp_path / "companion.db").mkdir()
    store = Store.open(tmp_path / "companion.db")
    assert store.read_only
    assert store.notice == f"Not saving games: {tmp_path / 'companion.db'} is a folder, not a log."


def test_a_full_card_at_opening_says_the_storage_is_full(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    db = tmp_path / "companion.db"
    db.touch()
    monkeypatch.setattr(shutil, "disk_usage", lambda path: shutil._ntuple_diskusage(8, 8, 0))
    refused = sqlite3.OperationalError("disk I/O error")  # SQLite cannot make its -shm
    assert _why(refused, str(db)).template == "the storage is full"


def test_the_box_says_a_damaged_log_cannot_be_repaired_and_shows_its_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.testing import Rig

    db = tmp_path / "companion.db"
    finished_and_backed_up(db)
    damage_an_index_page(db)

    def read_only_card(*args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(opening, "_swap", read_only_card)
    rig = Rig(db=str(db))
    try:
        assert rig.text.endswith("Not saving games: | the log is damaged | and cannot be | "
                                 "repaired here.")
        rig.keys("ok")
        menu = rig.app.top
        rig.keys(*["down"] * (menu.items().index("History") - menu.index), "ok")
        assert "History | " in rig.text and "Dice roller" in rig.text
    finally:
        rig.close()


def test_a_second_app_does_not_move_the_log_the_first_one_writes(tmp_path: Path) -> None:
    import subprocess
    import sys

    db = tmp_path / "companion.db"
    game_id = dice_game(db)
    damage_an_index_page(db)
    first = subprocess.Popen(  # the running box, in its own process
        [sys.executable, "-c", "import sqlite3, sys, time; from companion.log import sharing; "
         "held = sharing.Held(sys.argv[1]); c = sqlite3.connect(sys.argv[1]); "
         "c.execute('SELECT * FROM games').fetchall(); print('open', flush=True); "
         "time.sleep(60)", str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout.readline() == "open\n"
        second = Store.open(db)  # `companion run` started again by hand
        assert second.read_only
        assert second.notice == ("Not saving games: the log is damaged, and another program "
                                 "is using it.")
        assert len(second.actions(game_id)) == 2
        assert not [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    finally:
        first.kill()
        first.wait()
