"""The screens open on the box, one over the other: the start menu always at the bottom.

Screens navigate through it (``ctx.push``, ``ctx.pop``, ``ctx.replace``, ``ctx.home``);
the key goes to the top one and only the top one is drawn::

    >>> stack = ScreenStack(Screen(None))
    >>> game = Screen(None)
    >>> stack.push(Screen(None)); stack.push(game)
    >>> stack.top is game
    True
    >>> stack.home(); len(stack.screens)
    1
"""

from __future__ import annotations

from companion.shell.home import HomeScreen
from companion.ui.screen import Screen


class ScreenStack:
    """The open screens, bottom first; the bottom one (the start menu) never closes."""

    def __init__(self, bottom: Screen) -> None:
        self.screens: list[Screen] = [bottom]

    @property
    def top(self) -> Screen:
        """The screen that gets the keys and is drawn."""
        return self.screens[-1]

    def push(self, screen: Screen) -> None:
        self.screens.append(screen)
        screen.opened()

    def pop(self) -> None:
        """Close the top screen, unless it is the start menu."""
        if len(self.screens) > 1:
            self.screens.pop()

    def replace(self, screen: Screen) -> None:
        self.screens[-1] = screen
        screen.opened()

    def home(self) -> None:
        """Back to the start menu, its cursor on the first entry (back from a game)."""
        del self.screens[1:]
        if isinstance(self.screens[0], HomeScreen):
            self.screens[0].index = 0
