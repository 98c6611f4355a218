"""Pages that turn by themselves, for what does not fit the screen in 12 px type.

Where a fight has more fighters than the screen holds, or the "+1 XP" line more names
than one row, the screen shows one page at a time and the next one every
:data:`SECONDS` seconds, so everyone at the table reads every name without a key.
A thin bar on the right edge (like a list's scroll bar) shows which page is up.

The page follows the app's monotonic clock (``App.clock``; a test's ``Clock`` moves it):

    >>> class Box:  # the part of the app the pager uses
    ...     now = 100.0
    ...     def clock(self): return self.now
    >>> box = Box()
    >>> pages = Pager(box)
    >>> pages.page(2, "fight 1"), pages.wake_in()
    (0, 3.0)
    >>> box.now += 3.5
    >>> pages.page(2, "fight 1")
    1
    >>> pages.page(2, "fight 2")  # other content: the first page again
    0
"""

from __future__ import annotations

from collections.abc import Hashable

from companion.api.screens import Context, Painter

#: Seconds each page stays up.
SECONDS = 3.0


class Pager:
    """Which of ``count`` pages is up now; the first page whenever the content changes."""

    def __init__(self, ctx: Context) -> None:
        self.clock = ctx.clock
        self.since = 0.0
        self.count = 1
        self.seen: Hashable = None

    def page(self, count: int, content: Hashable) -> int:
        """The page to draw now, of ``count``; ``content`` names what is paged, so new
        content starts on its first page."""
        now = self.clock()
        if content != self.seen or count != self.count:
            self.seen, self.count, self.since = content, count, now
        return int((now - self.since) // SECONDS) % count if count > 1 else 0

    def show(self, page: int) -> None:
        """Put ``page`` up now (for the full time), as after a change on that page."""
        self.since = self.clock() - page * SECONDS

    def wake_in(self) -> float | None:
        """Seconds until the next page turns, or None when there is one page."""
        if self.count <= 1:
            return None
        return SECONDS - (self.clock() - self.since) % SECONDS


def page_bar(p: Painter, page: int, count: int, top: int, bottom: int) -> None:
    """A 2-px bar at the right edge between ``top`` and ``bottom`` marking ``page`` of
    ``count`` (nothing when there is only one)."""
    if count <= 1:
        return
    height = bottom - top + 1
    y0 = top + height * page // count
    y1 = top + height * (page + 1) // count - 1
    p.rect((126, y0, 127, y1), fill=1, outline=None)
