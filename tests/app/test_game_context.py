"""Guards companion.app.game_context (issue 46): a game's screens, the shared screens
they open and a plugin's alike, get the box through the game's Context and nothing more;
the box's own screens keep the whole box."""

from __future__ import annotations

import pytest

from companion.app.game_context import MEMBERS, GameContext
from companion.shell.home import HomeScreen
from companion.testing import Rig
from companion.ui.screen import BoxContext, Context
from companion.ui.setup import SetupScreen


@pytest.mark.parametrize("game", ["brikks", "high_card"])
def test_a_games_screens_get_the_games_context_not_the_box(game: str) -> None:
    rig = Rig(players=("Ann", "Bob"))
    try:
        rig.open_game(game)
        setup = rig.app.top
        assert isinstance(setup, SetupScreen) and isinstance(setup.ctx, GameContext)
        with pytest.raises(AttributeError, match="a game's screens have no 'store'"):
            setup.ctx.store  # noqa: B018
        rig.keys("ok", "ok")  # OK jumps to Start, OK starts: the play screen, the game's
        assert rig.app.session is not None and rig.app.session.key == game
        assert isinstance(rig.app.top.ctx, GameContext)
        assert rig.app.top.ctx.session is rig.app.session  # always the box's current game
        rig.keys("back")
        assert isinstance(rig.app.top, HomeScreen) and rig.app.top.ctx is rig.app
    finally:
        rig.close()


def test_the_game_context_is_the_protocol_and_the_box_has_more() -> None:
    assert MEMBERS == {n for n in vars(Context) if not n.startswith("_")}
    assert {"store", "change_setting", "abandon"} <= set(vars(BoxContext))
    assert not {"store", "change_setting", "abandon"} & MEMBERS
