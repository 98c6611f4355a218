"""Checks the key fuzz and the deep monkey both make after every key."""

from __future__ import annotations

from companion.app.loop import App
from companion.config import registry


def frame_and_log_agree(app: App, where: str) -> None:
    """A 128×64 frame was drawn, and the game on screen is the replay of its log."""
    assert app.stack, where
    frame = app.display.image
    assert frame.size == (128, 64) and app.frames_sent >= 1, where
    session = app.session
    if session is not None:
        logged = app.store.actions(session.game_id)
        assert logged == session.actions, f"{where}: screen and log disagree"
        assert registry.rules(session.key).replay(session.options, logged) == session.state, \
            f"{where}: the state is not the replay of the log"
