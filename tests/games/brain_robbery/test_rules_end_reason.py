"""Guards why a Brain Robbery game ended, in Japanese, in the rulebook's words: stopping on
a Break with only the Engine left reads 「エンジンだけが残った状態で…がブレイクに止まった。」
in `companion history --json` (not 機関車 / 休憩マス)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.games.brain_robbery import rules
from companion.log.store import Store
from companion.owner.cli import main

#: Ann uncouples the Caboose; Bob draws it again as the Engine and stops on a Break; Cy
#: breaks the last car but the Engine; Ann stops on a Break with only the Engine left.
ACTIONS = [{"type": "setup", "first": 0, "board": 2, "side": "A"},
           {"type": "set_brain", "player": "Ann", "brain": {"run": 0, "hit": 0, "iq": 7}},
           {"type": "move_roll"},
           {"type": "new_car", "board": 3, "side": "A"},
           {"type": "move", "car": 2, "checks": [1, 6]},
           {"type": "end_turn"},
           {"type": "move_roll"},
           {"type": "new_car", "board": 1, "side": "A"},
           {"type": "move", "car": 1, "break": True, "checks": [6]},
           {"type": "end_turn"},
           {"type": "move_roll"},
           {"type": "move", "car": 1, "break": True},
           {"type": "end_turn"},
           {"type": "move_roll"},
           {"type": "move", "car": 1, "break": True},
           {"type": "finish"}]


def ended_on_the_engine(db: Path) -> None:
    store = Store.open(db)
    game = GameSession.start(store, "brain_robbery", {"players": ["Ann", "Bob", "Cy"],
                                                      "first": 0})
    for action in ACTIONS:
        if action["type"] == "move_roll":
            action = {**action, "dice": [3] * rules.dice_needed(game.state)}
        game.apply(action)
    assert game.state.phase == rules.OVER
    store.close()


def test_history_says_the_engine_break_in_the_rulebook_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "c.db"
    ended_on_the_engine(db)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert main(["history", "--json", "--db", str(db)]) == 0
    out = json.loads(capsys.readouterr().out)[0]["detail"]
    assert "Ann stopped on a Break with only the Engine left." in out
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["history", "--json", "--db", str(db)]) == 0
    out = json.loads(capsys.readouterr().out)[0]["detail"]
    assert "エンジンだけが残った状態でAnnがブレイクに止まった。" in out
    assert "機関車" not in out and "休憩" not in out
