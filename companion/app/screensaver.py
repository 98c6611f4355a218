"""The panel rests when nobody looks: an OLED lit with the same picture for hours burns in.

After ``display.dim_after`` seconds without a key the contrast drops to the lowest, after
``display.off_after`` the panel is off (0: never, for either). The key that wakes it only
wakes it: nobody wants a roll they did not mean because they touched a dark box.
Something that must be seen keeps it awake (a running clock on screen, a log that cannot
be saved). While it rests, the picture also moves by a pixel now and then within its
margins, so the same pixels are not lit all night.

>>> shown = []
>>> class Panel:
...     def contrast(self, level): shown.append(f"contrast {level}")
...     def hide(self): shown.append("off")
...     def show(self): shown.append("on")
>>> now = [0.0]
>>> saver = Screensaver(Panel(), dim_after=120, off_after=900, contrast=lambda: 255,
...                     clock=lambda: now[0])
>>> now[0] = 130; saver.step(busy=False), saver.state
(True, 'dim')
>>> now[0] = 1000; saver.step(busy=False), saver.state
(True, 'off')
>>> saver.woken(), saver.woken(), shown
(True, False, ['contrast 0', 'off', 'contrast 255', 'on'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image

AWAKE, DIM, OFF = "awake", "dim", "off"

#: The contrast of a dimmed panel: the lowest the controller takes.
DIM_CONTRAST = 0

#: While the panel rests, the picture moves to the next of these offsets this often.
SHIFT_EVERY = 300.0
SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1))


class Screensaver:
    """The panel's rest: :meth:`step` on the loop's timer, :meth:`woken` on every key.

    :param display: the luma device (``contrast``, ``hide``, ``show``).
    :param contrast: the owner's contrast now (Settings may have changed it).
    :param clock: monotonic seconds, the app's.
    :param report: told ``"dim"``, ``"off"`` and ``"awake"`` as they happen (``--trace``).
    """

    def __init__(self, display: Any, *, dim_after: float, off_after: float,
                 contrast: Callable[[], int], clock: Callable[[], float],
                 report: Callable[[str], None] | None = None) -> None:
        self.display = display
        self.dim_after = dim_after
        self.off_after = off_after
        self.contrast = contrast
        self.clock = clock
        self.report = report
        self.state = AWAKE
        self.since = clock()  # the last key, or the last moment something had to be seen

    def _due(self) -> list[tuple[float, str]]:
        """(when, state) for each rest that is set, soonest first."""
        steps = [(self.since + self.dim_after, DIM)] if self.dim_after else []
        steps += [(self.since + self.off_after, OFF)] if self.off_after else []
        return sorted(steps)

    def next_in(self, busy: bool) -> float | None:
        """Seconds until the panel should rest further; None while nothing is due."""
        if busy:
            return None
        order = (AWAKE, DIM, OFF)
        later = [when for when, state in self._due()
                 if order.index(state) > order.index(self.state)]
        if self.state == DIM:  # the picture's next move
            rested = self.clock() - self.since
            later.append(self.clock() + SHIFT_EVERY - rested % SHIFT_EVERY)
        return max(0.0, min(later) - self.clock()) if later else None

    def step(self, busy: bool) -> bool:
        """Rest as long as nobody pressed a key; True when the panel changed. ``busy``:
        something on screen must be seen now, so the panel stays (or comes back) on."""
        if busy:
            self.since = self.clock()
            return self._become(AWAKE)
        now, state = self.clock(), AWAKE
        for when, rest in self._due():
            if now >= when:
                state = rest if rest == OFF or state != OFF else state
        return state != AWAKE and self._become(state)

    def woken(self) -> bool:
        """A key was pressed: True when it woke the panel (the key does nothing else)."""
        self.since = self.clock()
        return self._become(AWAKE)

    def shift(self) -> tuple[int, int]:
        """How far the picture moves now: none while awake; while dimmed, the next
        offset every :data:`SHIFT_EVERY` seconds."""
        if self.state != DIM:
            return (0, 0)
        rested = self.clock() - self.since
        return SHIFTS[int(rested // SHIFT_EVERY) % len(SHIFTS)]

    def _become(self, state: str) -> bool:
        if state == self.state:
            return False
        before, self.state = self.state, state
        if state == OFF:
            self.display.hide()
        elif state == DIM:
            self.display.contrast(DIM_CONTRAST)
        else:
            self.display.contrast(self.contrast())
            if before == OFF:
                self.display.show()
        if before == OFF and state == DIM:
            self.display.show()
        if self.report is not None:
            self.report(state)
        return True


def moved(frame: Image.Image, dx: int, dy: int) -> Image.Image:
    """``frame`` moved ``dx`` right and ``dy`` down, as far as its margins allow (the
    other way where the picture touches that edge, not at all where it touches both):
    nothing drawn is ever cut.

    >>> frame = Image.new("1", (128, 64)); frame.putpixel((127, 10), 1)
    >>> moved(frame, 1, 1).getbbox()
    (126, 11, 127, 12)
    """
    box = frame.getbbox() if dx or dy else None
    if box is None:
        return frame
    left, top, right, bottom = box
    width, height = frame.size
    dx = dx if right + dx <= width else -dx if left >= dx else 0
    dy = dy if bottom + dy <= height else -dy if top >= dy else 0
    out = Image.new(frame.mode, frame.size, 0)
    out.paste(frame, (dx, dy))
    out.info.update(frame.info)
    return out
