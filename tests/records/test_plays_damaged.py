"""Guards that a damaged game row (a flipped byte, a hand edit) costs that game only:
history, stats and exports skip it in one line, and reading its actions or settings is a
:class:`DamagedRecord` (one sentence), never a JSON or attribute error."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.log.store import DamagedRecord, Store
from companion.owner import cli


def two_finished_games(db: Path) -> None:
    store = Store.open(db)
    for dice in (3, 5):
        game = GameSession.start(store, "dice_roller", {"players": ["Ann"], "count": 1})
        game.apply({"type": "roll", "dice": [dice]})
        game.apply(game.end_action())
    store.close()


def damage(db: Path, sql: str) -> None:
    conn = sqlite3.connect(db)
    conn.execute(sql)
    conn.commit()
    conn.close()


RESULTS = ["substr(result, 1, length(result) - 3)", "'not json'", "'[1,2]'", "'\"x\"'",
           "'{\"scores\": [2]}'", "'{\"places\": [\"Ann\"]}'"]
COMMANDS = [["history"], ["history", "--json"], ["history", "--csv"], ["stats"],
            ["stats", "--json"]]


@pytest.mark.parametrize("result", RESULTS)
@pytest.mark.parametrize("words", COMMANDS)
def test_a_damaged_finished_row_is_one_line_in_history(tmp_path: Path, capsys, result: str,  # noqa: ANN001
                                                       words: list[str]) -> None:
    db = tmp_path / "companion.db"
    two_finished_games(db)
    damage(db, f"UPDATE games SET result = {result} WHERE id = 1")
    assert cli.main([*words, "--db", str(db)]) == 0
    out, err = capsys.readouterr()
    assert err == "companion: 1 damaged game record was skipped.\n"
    if words == ["history", "--json"]:
        assert [play["id"] for play in json.loads(out)] == [2]
    elif words == ["history"]:
        # one game row; the dice roller is a tool: its sessions are nobody's win
        assert out.count("Dice") == 1 and "Ann" in out and "Wins per" not in out


def test_bgstats_export_skips_a_damaged_row(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    two_finished_games(db)
    damage(db, "UPDATE games SET options = 'null' WHERE id = 2")
    out = tmp_path / "plays.bgsplay"
    assert cli.main(["history", "--db", str(db), "--bgstats", str(out), "--include-tools"]) == 0
    said = capsys.readouterr()
    assert said.err == "companion: 1 damaged game record was skipped.\n"
    assert said.out.startswith("Wrote 1 play to")
    assert len(json.loads(out.read_text())["plays"]) == 1


@pytest.mark.parametrize("action", ['{"type": "roll", "dice": [1, 6', "null", "[1]"])
def test_a_damaged_action_is_a_damaged_record(tmp_path: Path, action: str) -> None:
    db = tmp_path / "companion.db"
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Ann"], "count": 2})
    game.apply({"type": "roll", "dice": [1, 2]})
    game.apply({"type": "roll", "dice": [3, 4]})
    store.close()
    damage(db, f"UPDATE actions SET action = '{action}' WHERE seq = 2")
    store = Store.open(db)
    with pytest.raises(DamagedRecord) as err:
        GameSession.resume(store, game.game_id)
    assert str(err.value) == "saved game 1 has a damaged action (2); the other games are fine."
    with pytest.raises(DamagedRecord):
        store.drop_last(game.game_id)
    assert len(store._db.execute("SELECT * FROM actions").fetchall()) == 2, "undo dropped it"


def test_damaged_settings_are_a_damaged_record(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    store = Store.open(db)
    game = GameSession.start(store, "dice_roller", {"players": ["Ann"], "count": 2})
    store.close()
    damage(db, "UPDATE games SET options = 'null'")
    store = Store.open(db)
    with pytest.raises(DamagedRecord, match="saved game 1 has damaged settings"):
        GameSession.resume(store, game.game_id)
    # still listed as unfinished (to abandon, or to resume once repaired), its row as it was
    assert store.unfinished().id == game.game_id and store.skipped_line() is None


def test_history_and_records_on_the_box_skip_a_damaged_row(tmp_path: Path) -> None:
    from companion.testing import Rig

    db = tmp_path / "companion.db"
    two_finished_games(db)
    damage(db, "UPDATE games SET result = '{\"scores\": [2]}' WHERE id = 1")
    rig = Rig(db=str(db))
    try:
        menu = rig.app.top
        rig.keys(*["down"] * menu.items().index("History"), "ok")
        assert rig.text.count("Dice roller") == 1  # the whole game only
        assert "1 damaged, left out" in rig.app.texts  # said on the box, not hidden
        rig.keys("down", "ok")
        assert "1 damaged game | record was skipped." in rig.text
        rig.keys("ok", "back")
        menu = rig.app.top
        rig.keys(*["down"] * (menu.items().index("Players") - menu.index), "ok", "down", "ok")
        assert "Records" in rig.text or "Ann" in rig.text
    finally:
        rig.close()
