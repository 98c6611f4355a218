"""What a Wi-Fi change asked from the phone came to, said on the box (issue 45).

The page joins a network (:func:`companion.network.join_news.join_from_phone`) and leaves
the news in the state folder; a screen that waits for it (*Box Wi-Fi*, and *Phone*, from
which people pair the phone that asks) keeps a :class:`Watch`, which looks at the file's
time once a second and opens :class:`NewsScreen`: one sentence (joined, wrong password,
out of range …) in the box's language and, after a join, the pairing code for the page on
the box's new address, since the phone must pair again there (another address is another
site to its browser).

The watch looks for :data:`WATCH_FOR` seconds after the screen opened and then lets the
panel rest as usual (a screen that wakes keeps it lit, and a QR code held lit for hours
marks an OLED).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.core.i18n import _
from companion.network import join_news
from companion.network.join_news import News
from companion.pairing import address, codes
from companion.shell import qr_code
from companion.ui.fonts import text_width
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import wrap_px

#: Seconds a screen watches for news after it opened; and between two looks.
WATCH_FOR, EVERY = 600.0, 1.0
COLUMN = qr_code.SQUARE + 3


class Watch:
    """The news file of ``folder`` as a screen on ``ctx`` last saw it; :meth:`look` opens
    :class:`NewsScreen` when it changed (news older than the watch is not shown)."""

    def __init__(self, ctx: BoxContext, folder: Path) -> None:
        self.ctx = ctx
        self.folder = folder
        self.until = ctx.clock() + WATCH_FOR
        self._stamp = join_news.stamp(folder)

    def wake_in(self) -> float | None:
        return EVERY if self.ctx.clock() < self.until else None

    def seen(self) -> None:
        """Take the news there is now as seen (another watch has shown it)."""
        self._stamp = join_news.stamp(self.folder)

    def look(self) -> bool:
        """Open the news when there is some; True when it did."""
        stamp = join_news.stamp(self.folder)
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        news = join_news.load(self.folder)
        if news is None:
            return False
        self.ctx.push(NewsScreen(self.ctx, self.folder, news))
        return True


def split_host(host: str, width: int) -> list[str]:
    """``host:port`` in lines of ``width`` pixels in the small font, broken after a dot.

    >>> split_host("192.168.100.200:8080", 61)
    ['192.168.', '100.200:8080']
    """
    if text_width(host, "small") <= width:
        return [host]
    head, _dot, tail = host.partition(".")
    second, _dot, rest = tail.partition(".")
    return [f"{head}.{second}.", rest]


class NewsScreen(Screen):
    """The sentence; after a join with an address, the pairing code on it beside the
    sentence. OK or BACK: after a join, the start menu (the screens below speak of the
    old network); else back to the screen below."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, folder: Path, news: News,
                 make_code: Callable[[Path], str] | None = None) -> None:
        super().__init__(ctx)
        self.news = news
        self.url: str | None = None
        self.port = address.port(folder)
        self._code = qr_code.Cached()
        if news.joined and news.address:
            try:
                code = (make_code or _pairing_code)(folder)
            except OSError:
                code = None  # the sentence alone; Phone says why the code cannot be saved
            if code is not None:
                self.url = address.pair_url(news.address, self.port, code)

    def key_ok(self) -> None:
        self.key_back()

    def key_back(self) -> None:
        if self.news.joined:
            self.ctx.home()
        else:
            self.ctx.pop()

    def render(self, p: Painter) -> None:
        sentence = self.news.sentence(_, short=self.url is not None)
        if self.url is None:
            lines = wrap_px(sentence, "text", 124)
            if len(lines) > 5:
                lines[4] = lines[4][:-1] + "…"
            for i, line in enumerate(lines[:5]):
                p.text((2, 2 + i * 12), line, "text")
            return
        qr_code.draw(p, self._code(self.url))
        width = WIDTH - COLUMN
        host = split_host(f"{self.news.address}:{self.port}", width)
        top = 64 - 9 * len(host)  # the address at the bottom, 8 px digits
        room = (top - 1) // 11  # lines 11 px apart above it: four beside a two-line address
        lines = wrap_px(sentence, "text", width)
        if len(lines) > room:  # a name of up to 32 bytes: its end marked cut
            lines[room - 1] = lines[room - 1][:-1] + "…"
        for i, line in enumerate(lines[:room]):
            p.text((COLUMN, i * 11), line, "text")
        for i, line in enumerate(host):
            p.text((COLUMN, top + 9 * i), line, "small")


def _pairing_code(folder: Path) -> str:
    return codes.current_code(folder) or codes.new_code(folder)
