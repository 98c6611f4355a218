"""What a game's screens get from the box: :class:`companion.ui.screen.Context`, no more.

A game (a plugin too) is handed this, not the box: reading anything else, the whole log
or the settings, is an :class:`AttributeError` that names what a game may use, so a game
cannot come to depend on the box's insides even without a type checker.

>>> from types import SimpleNamespace
>>> ctx = GameContext(SimpleNamespace(pop=lambda: "popped", store="the whole log"))
>>> ctx.pop()
'popped'
>>> ctx.store  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AttributeError: a game's screens have no 'store' (they have animate, ask, beep, ...)
"""

from __future__ import annotations

from typing import Any

from companion.ui.screen import Context

#: The names a game's screens may use: the members of the Context protocol.
MEMBERS = frozenset(n for n in vars(Context) if not n.startswith("_"))


class GameContext:
    """The box seen through :class:`~companion.ui.screen.Context`: each member read from
    the box when asked (so it is always the box's current game, config and dice)."""

    __slots__ = ("_box", "__weakref__")  # a game may key its own caches by its context

    def __init__(self, box: Any) -> None:
        self._box = box

    def __getattr__(self, name: str) -> Any:
        if name in MEMBERS:
            return getattr(self._box, name)
        raise AttributeError(f"a game's screens have no {name!r} (they have "
                             f"{', '.join(sorted(MEMBERS))})")
