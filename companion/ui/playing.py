"""The game a game's screen shows.

A game's screens are only on the stack while a game is being played, but the
:class:`~companion.ui.screen.Context` also serves the box's own screens, where
``ctx.session`` may be None. A game's screen reads its game through :func:`playing`::

    def state(self) -> rules.State:
        return playing(self.ctx).state
"""

from __future__ import annotations

from companion.ui.screen import Context, GameView


def playing(ctx: Context) -> GameView:
    """The game being played; a game's screen shown with no game is a bug in the app."""
    session = ctx.session
    if session is None:
        raise RuntimeError("a game's screen is shown while no game is being played")
    return session
