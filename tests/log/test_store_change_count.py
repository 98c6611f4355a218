"""Guards issue 36: ``players add``/``rename`` and ``companion backup`` from the command
line while the box plays never lower the log's change count, so the next start does not
take the healthy log for one that lost commits (and rebuild it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner.cli import main


def test_commands_while_the_box_plays_keep_the_count_rising(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "companion.db"
    box = Store.open(db)
    game = box.new_game("dice_roller", {"players": ["Table"]})
    for n in range(3):
        box.append(game, {"type": "roll", "dice": [n + 1]})
    assert main(["players", "--db", str(db), "add", "Ann"]) == 0
    assert main(["players", "--db", str(db), "add", "Bo"]) == 0
    assert main(["players", "--db", str(db), "rename", "Bo", "Bob"]) == 0
    assert main(["backup", "--db", str(db)]) == 0
    box.append(game, {"type": "roll", "dice": [6]})
    box.close()
    capsys.readouterr()
    store = Store.open(db)  # the next start
    try:
        assert store.notice is None, store.notice
        assert len(store.actions(game)) == 4 and [p.name for p in store.players()] == \
            ["Ann", "Bob"]
    finally:
        store.close()
    assert not [p for p in tmp_path.iterdir() if ".behind-" in p.name]
