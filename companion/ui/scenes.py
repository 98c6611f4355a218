"""Driving an app by key names: what screenshot scenes and tests do instead of a player.

A game's screens module may offer ``SCREENSHOTS``: scene name → a function that takes an
app and presses its way to the picture. These helpers need only the app's ``handle`` and
``settle``, so a game's screens never import the app itself.

>>> from companion.owner.screenshots import make_app
>>> app = make_app(); app.start()
>>> open_game(app, "genial")
>>> type(app.top).__name__
'GenialSetup'
"""

from __future__ import annotations

from typing import Any

from companion.core.i18n import N_, _
from companion.core.keys import Key

#: The start menu's question before a new game offers this entry while a game is unfinished
#: (companion.shell.unfinished.NewGameQuestion; the kit does not import the shell).
SET_ASIDE = N_("Set aside, new game")


def press(app: Any, *names: str) -> None:
    """Press keys by name (``"OK"``, ``"long BACK"``) without waiting for animations."""
    for name in names:
        long = name.startswith("long ")
        app.handle(Key(name.removeprefix("long "), long=long))
        app.settle()


def open_game(app: Any, key: str) -> None:
    """From the start menu: *New game*, then game ``key``, as a player would."""
    app.home()
    labels = app.top.items()
    press(app, *["DOWN"] * labels.index(_("New game")), "OK")
    entries = getattr(app.top, "entries", None)
    if entries is not None and SET_ASIDE in entries():  # a game is unfinished: set it aside
        press(app, *["DOWN"] * entries().index(SET_ASIDE), "OK")
    press(app, *["DOWN"] * app.top.keys().index(key), "OK")
