"""Guards that the box always boots to its start menu: an unfinished game that will not
reopen (a damaged row, a plugin whose screens no longer import) says so in one sentence
and stays in History > Unfinished, to resume after a fix or to abandon."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import companion.app.loop
from companion.testing import Rig
from tests.apprun import AppProcess
from tests.logs import dice_game

SAYS = "cannot be reopened; it stays in History > Unfinished."


def run_sql(db: Path, sql: str, *args: object) -> None:
    conn = sqlite3.connect(db)
    conn.execute(sql, args)
    conn.commit()
    conn.close()


def says(rig: Rig, words: str) -> bool:
    return words in rig.text.replace(" | ", " ")


def menu(rig: Rig, label: str) -> None:
    """Move the current menu's cursor to ``label`` and press OK."""
    items = rig.app.top.items()
    rig.keys(*["down"] * ((items.index(label) - rig.app.top.index) % len(items)), "ok")


DAMAGE = [
    "UPDATE actions SET action = '{\"type\": \"roll\", \"dice\": [1, 6' WHERE seq = 2",
    "UPDATE actions SET action = 'null' WHERE seq = 2",
    "UPDATE games SET options = 'null' WHERE id = 1",
]


@pytest.mark.parametrize("sql", DAMAGE)
def test_a_damaged_row_does_not_stop_the_box_starting(tmp_path: Path, sql: str,
                                                      capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    good = sqlite3.connect(db).execute("SELECT action, (SELECT options FROM games) "
                                       "FROM actions WHERE seq = 2").fetchone()
    run_sql(db, sql)
    rig = Rig(db=str(db))  # boots: no exception, so no crash loop under systemd
    try:
        assert rig.app.session is None
        assert says(rig, "Dice roller " + SAYS), rig.text
        journal = capsys.readouterr().err.strip().splitlines()
        assert len(journal) == 1 and "cannot reopen saved game 1: " in journal[0], journal
        rig.keys("ok")  # the message goes; the start menu is under it
        assert rig.app.top.items()[0] == "To Dice roller"
        rig.keys("ok")  # trying again says the same, and the box stays up
        assert says(rig, "Dice roller " + SAYS)
        rig.keys("ok")
        menu(rig, "History")
        assert rig.app.top.items()[0] == "Unfinished (1)"
        # Fixed (a restored row, or a fixed plugin): it resumes from History > Unfinished.
        run_sql(db, "UPDATE actions SET action = ? WHERE seq = 2", good[0])
        run_sql(db, "UPDATE games SET options = ? WHERE id = 1", good[1])
        rig.keys("ok", "ok", "ok")  # Unfinished → the game → Resume
        assert rig.app.session is not None and rig.app.session.game_id == 1
        assert len(rig.app.session.actions) == 2
    finally:
        rig.close()


def test_a_damaged_game_can_be_abandoned(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    run_sql(db, DAMAGE[1])
    rig = Rig(db=str(db))
    try:
        rig.keys("ok")
        menu(rig, "History")
        rig.keys("ok", "ok", "down", "ok", "ok")  # Unfinished → the game → Abandon → yes
        assert says(rig, "abandoned"), rig.text
        assert rig.store.unfinished() is None
        assert rig.store.actions  # nothing deleted: the rows are still in the log
    finally:
        rig.close()


def test_a_game_whose_screens_no_longer_import_does_not_stop_the_box_starting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    real = companion.app.loop.registry.screens

    def broken(key: str):  # noqa: ANN202
        raise ModuleNotFoundError("No module named 'fancy_cards_lib'")

    monkeypatch.setattr(companion.app.loop.registry, "screens", broken)
    rig = Rig(db=str(db))
    try:
        assert says(rig, "Dice roller " + SAYS), rig.text
        assert rig.app.session is None
        assert "fancy_cards_lib" in capsys.readouterr().err
        rig.keys("ok")
        monkeypatch.setattr(companion.app.loop.registry, "screens", real)  # the library is back
        menu(rig, "To Dice roller")
        assert rig.app.session is not None and "Dice" in rig.text
    finally:
        rig.close()


def test_the_real_box_boots_past_a_damaged_row_and_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    dice_game(db)
    run_sql(db, DAMAGE[0])
    with AppProcess(tmp_path / "box", db) as box:
        box.wait_for(SAYS)
        code, err = box.terminate()
    assert code == 0, err
    assert "Traceback" not in err and "cannot reopen saved game 1" in err
