"""Found when the phone learnt to reopen a finished game (issue 44): the box still showing
that game's end took back a second action with its long BACK, the log already one short.
An undo now checks that the log holds what the box was told; where it does not, nothing
is taken back, the game is read again and the box says so."""

from __future__ import annotations

from pathlib import Path

from companion.log.store import Store
from companion.testing import Rig


def test_an_undo_after_the_phone_reopened_the_game_takes_nothing_more(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    rig = Rig(db=str(db), players=("Ann", "Ben"))
    try:
        rig.app.start_game("genial", {"players": ["Ann", "Ben"]})
        rig.app.play({"type": "turn", "all": 3})
        rig.app.play({"type": "end_early"})      # the box shows the end
        game = rig.app.session.game_id
        phone = Store.open(db)                    # the page's own connection
        try:
            phone.reopen(game)                    # the phone takes the end back
        finally:
            phone.close()
        assert len(rig.store.actions(game)) == 1
        rig.keys("long back")
        if rig.app.question is not None:          # "undo the game's …?" asked: yes
            rig.keys("ok")
        assert len(rig.store.actions(game)) == 1  # the turn is still there
        assert "changed from the phone" in rig.text.replace(" | ", " ")
        assert len(rig.app.session.actions) == 1  # the box reads the game as logged
    finally:
        rig.close()
