"""The Context screens get declares what they call, and no more; the app offers it all."""

from __future__ import annotations

import re
from pathlib import Path

import companion
from companion.app.loop import App
from companion.testing import Rig
from companion.ui.screen import Context

ROOT = Path(companion.__file__).parent


def called_by_screens() -> set[str]:
    names: set[str] = set()
    for folder in ("games", "shell", "ui"):
        for path in (ROOT / folder).rglob("*.py"):
            names.update(re.findall(r"\bctx\.([A-Za-z_]\w*)", path.read_text(encoding="utf-8")))
    return names


def declared() -> set[str]:
    return {name for name in vars(Context) if not name.startswith("_")}


def test_the_context_declares_every_call_a_screen_makes_and_nothing_else() -> None:
    used = called_by_screens()
    assert used - declared() == set(), "called by a screen but not declared"
    assert declared() - used == set(), "declared but no screen calls it"


def test_the_app_offers_everything_the_context_declares() -> None:
    rig = Rig()
    try:
        assert isinstance(rig.app, App)
        assert [name for name in sorted(declared()) if not hasattr(rig.app, name)] == []
    finally:
        rig.close()
