"""The contexts screens get declare what they call, and no more: a game's screens and the
shared ones call only Context's members, the box's own screens BoxContext's; the app
offers it all."""

from __future__ import annotations

import re
from pathlib import Path

import companion
from companion.app.loop import App
from companion.testing import Rig
from companion.ui.screen import BoxContext, Context

ROOT = Path(companion.__file__).parent


def called_by_screens(folders: tuple[str, ...] = ("games", "shell", "ui")) -> set[str]:
    names: set[str] = set()
    for folder in folders:
        for path in (ROOT / folder).rglob("*.py"):
            names.update(re.findall(r"\bctx\.([A-Za-z_]\w*)", path.read_text(encoding="utf-8")))
    return names


def declared(protocols: tuple[type, ...] = (Context, BoxContext)) -> set[str]:
    return {name for p in protocols for name in vars(p) if not name.startswith("_")}


def test_the_context_declares_every_call_a_screen_makes_and_nothing_else() -> None:
    used = called_by_screens()
    assert used - declared() == set(), "called by a screen but not declared"
    assert declared() - used == set(), "declared but no screen calls it"


def test_a_game_and_the_shared_screens_call_only_the_games_context() -> None:
    assert called_by_screens(("games", "ui")) - declared((Context,)) == set()


def test_the_app_offers_everything_the_context_declares() -> None:
    rig = Rig()
    try:
        assert isinstance(rig.app, App)
        assert [name for name in sorted(declared()) if not hasattr(rig.app, name)] == []
    finally:
        rig.close()
