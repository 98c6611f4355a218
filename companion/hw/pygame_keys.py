"""The laptop keyboard in the pygame window (``--emulator pygame``), as the box's buttons.

The same keys as the terminal (see :mod:`companion.hw.keyboard`), driving the same mock
pins. pygame events belong to the thread that draws, so :meth:`PygameKeys.poll` is
called from the app's loop between frames. Esc or closing the window quits: luma's
pygame device exits on Esc by itself, so Esc cannot be BACK here (Backspace is).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.hw.keyboard import PinPresser


def key_map(pygame: Any) -> dict[int, tuple[str, bool]]:
    """pygame key codes → (button name, long press)."""
    return {
        pygame.K_UP: ("up", False), pygame.K_DOWN: ("down", False),
        pygame.K_LEFT: ("left", False), pygame.K_RIGHT: ("right", False),
        pygame.K_RETURN: ("ok", False), pygame.K_KP_ENTER: ("ok", False),
        pygame.K_BACKSPACE: ("back", False), pygame.K_SPACE: ("roll", False),
        pygame.K_u: ("back", True),
    }


class PygameKeys:
    """Turns key presses in the pygame window into mock-pin presses.

    :param on_quit: called for ``q``, Esc, or when the window is closed.
    """

    #: How often the window's events are read (seconds): quick enough to feel instant.
    EVERY = 0.03

    def __init__(self, presser: PinPresser, on_quit: Callable[[], None]) -> None:
        import pygame

        self._pygame = pygame
        self._presser = presser
        self._on_quit = on_quit
        self._keys = key_map(pygame)
        self._hold_next = False

    def poll(self) -> None:
        """Handle every key event waiting in pygame's queue."""
        pg = self._pygame
        if not pg.display.get_init():
            return
        for event in pg.event.get((pg.KEYDOWN, pg.QUIT)):
            # Esc quits here itself: luma's own Esc check only sees a key still held
            # while a frame is drawn, and a tap between frames would do nothing.
            if event.type == pg.QUIT or event.key in (pg.K_q, pg.K_ESCAPE):
                self._on_quit()
                return
            if event.key == pg.K_h:
                self._hold_next = True
                continue
            if event.key in self._keys:
                name, long = self._keys[event.key]
                self._presser.press(name, long or self._hold_next)
            self._hold_next = False

    def stop(self) -> None:
        """Nothing to release: the window closes with the display."""
