"""A finished game is reopened from History on the box (issue 44): OK on its summary asks,
then its end is undone and the game is resumed where it stood before its last action."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.core.i18n import _
from companion.testing import Rig


@pytest.mark.parametrize("language", ["en", "ja"])
def test_ok_on_a_finished_game_reopens_it_after_asking(tmp_path: Path, language: str) -> None:
    rig = Rig(db=str(tmp_path / "box.db"), players=("Ann", "Ben"), language=language)
    try:
        game = GameSession.start(rig.store, "genial", {"players": ["Ann", "Ben"]})
        game.apply({"type": "turn", "all": 3})
        game.apply({"type": "end_early"})
        rig.app.home()
        menu = rig.app.top
        rig.keys(*["down"] * menu.items().index(_("History")), "ok", "ok")  # > the game
        rig.keys(*["down"] * 8)
        assert _("OK: reopen") in rig.text, rig.text
        assert rig.faults() == []
        if os.environ.get("COMPANION_SHOTS"):
            rig.frame.resize((512, 256), 0).save(
                f"{os.environ['COMPANION_SHOTS']}/reopen-summary-{language}.png")
        rig.keys("ok")  # asks first
        assert rig.store.game(game.game_id).finished is not None
        assert rig.app.question is not None and rig.faults() == []
        shots = os.environ.get("COMPANION_SHOTS")
        if shots:
            rig.frame.resize((512, 256), 0).save(f"{shots}/reopen-ask-{language}.png")
        rig.keys("ok")  # yes
        assert rig.store.game(game.game_id).finished is None
        assert rig.app.session is not None and rig.app.session.game_id == game.game_id
        assert rig.app.session.actions == [{"type": "turn", "all": 3}]
        assert not rig.app.session.over
    finally:
        rig.close()


def test_the_box_lists_the_last_to_end_first(tmp_path: Path) -> None:
    """A game started first and ended last sat below the games that ended before it."""
    rig = Rig(db=str(tmp_path / "box.db"), players=("Ann", "Ben"))
    rig.store.clock = lambda: 1_800_000_000.0
    try:
        early = GameSession.start(rig.store, "genial", {"players": ["Ann", "Ben"]})
        early.apply({"type": "turn", "all": 3})
        late = GameSession.start(rig.store, "brikks", {"players": ["Ann"]})
        rig.store.finish(late.game_id, {"places": [["Ann"]], "scores": {"Ann": 9}})
        rig.store.clock = lambda: 1_800_003_600.0  # an hour after
        early.apply({"type": "end_early"})
        assert [r.id for r in rig.store.history_by_end()] == [early.game_id, late.game_id]
        rig.app.home()
        menu = rig.app.top
        rig.keys(*["down"] * menu.items().index(_("History")), "ok")
        assert [r.id for r in rig.app.top.records()] == [early.game_id, late.game_id]
    finally:
        rig.close()
