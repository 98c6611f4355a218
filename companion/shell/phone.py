"""*Phone* on the start menu: a QR code a phone's camera reads off the 128×64 panel.

The code holds the page's address with a one-time pairing code
(``HTTP://192.168.1.23:8080/P/K7M…``, :mod:`companion.pairing.address`); the address is
written beside it for a laptop. OK makes a new code (each phone uses one up), DOWN asks
to forget every paired phone, UP opens *Box Wi-Fi* (the box's own network,
:mod:`companion.shell.box_wifi`), BACK leaves. With no network, the screen says so and OK
opens *Box Wi-Fi*.

The QR code is a version 2 code in alphanumeric mode (25×25 modules), two pixels a
module: 50×50 pixels, dark modules on a lit 64×64 square, so its quiet zone is seven
pixels (three and a half modules) on every side.
"""

from __future__ import annotations

from pathlib import Path

from companion.core.i18n import _
from companion.core.keys import Key
from companion.pairing import address, codes
from companion.shell import qr_code
from companion.shell.box_wifi import BoxWifiScreen, nm_address
from companion.shell.wifi_news import Watch
from companion.ui.confirm import Confirm
from companion.ui.fonts import CELLS, needs_japanese, text_width
from companion.ui.paint import Painter
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import fitting, wrap_px

SQUARE = qr_code.SQUARE


def state_folder(ctx: BoxContext) -> Path:
    """Where the log is: the web process finds the pairing code there too."""
    path = getattr(ctx.store, "path", ":memory:")
    return ctx.config.state_dir() if path == ":memory:" else Path(path).parent


class PhoneScreen(Screen):
    """The pairing QR code and the address in text; ``host``: the address phones reach
    the box on (None: its address on the local network)."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, host: str | None = None) -> None:
        super().__init__(ctx)
        self.folder = state_folder(ctx)
        # the box's own unit has no network of its own (PrivateNetwork=yes): NetworkManager
        # knows the address the phones reach
        listening = address.listens_on(self.folder)
        self.host = host or (address.page_host(self.folder) if listening not in address.ANY
                             else address.lan_address() or nm_address())
        self.port = address.port(self.folder)
        self.url: str | None = None
        self._code = qr_code.Cached()
        self.problem: str | None = None
        self.news = Watch(ctx, self.folder)  # a network joined from the phone's page
        #: a word for the table beside the code (not over it: the new code must scan
        #: while it is read, issue 44), until the next key
        self.said: str | None = None
        self._new_code()

    def wake_in(self) -> float | None:
        return self.news.wake_in()

    def wake(self) -> None:
        self.news.look()

    def _new_code(self) -> None:
        import importlib.util

        if importlib.util.find_spec("segno") is None:  # the box installed without [web]
            self.problem = _("The phone page is not installed: see Phone in the README.")
            return
        try:
            code = codes.current_code(self.folder) or codes.new_code(self.folder)
        except OSError as err:
            self.problem = _("The pairing code cannot be saved: {why}").format(
                why=err.strerror or err)
            return
        if self.host is not None:
            self.url = address.pair_url(self.host, self.port, code)

    def box_wifi(self) -> None:
        """*Box Wi-Fi*; its OK shows this screen on the box's own address."""
        from companion.network.box_wifi import ADDRESS

        self.ctx.push(BoxWifiScreen(self.ctx, self.folder,
                                    lambda: self.ctx.push(PhoneScreen(self.ctx, ADDRESS))))

    def key_up(self) -> None:
        if self.problem is None:
            self.box_wifi()

    def key_ok(self) -> None:
        if self.url is None and self.problem is None:  # no network: the box brings its own
            self.box_wifi()
            return
        try:
            codes.new_code(self.folder)
        except OSError:
            pass  # _new_code says so
        self._new_code()

    def key_down(self) -> None:
        self.ctx.push(Confirm(self.ctx, _("Forget every paired phone?"), self._forget))

    def _forget(self) -> None:
        try:
            codes.forget_phones(self.folder)
        except OSError as err:
            self.ctx.notice(_("The phones cannot be forgotten: {why}").format(
                why=err.strerror or err))
            return
        self._new_code()
        self.said = _("Every phone pairs again with this code.")

    def on_key(self, key: Key) -> None:
        if self.said is not None:  # the key that follows the word only takes it away
            self.said = None
            return
        super().on_key(key)

    def key_back(self) -> None:
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        if self.url is None:
            why = self.problem or _("No network: OK starts the box's own Wi-Fi.")
            lines = wrap_px(why, "text", 124)
            if len(lines) > 5:
                p.cut.append(why)  # a test fails on it: a player must read it whole
            for i, line in enumerate(lines[:5]):
                p.text((2, 2 + i * 12), line, "text")
            return
        qr_code.draw(p, self._code(self.url))
        x = SQUARE + 3
        width = 128 - x
        p.text((x, 0), fitting("text", width, _("Scan me"), _("Scan")), "text")
        if self.said is not None:
            font = "text" if needs_japanese(self.said) else "small"
            lines = wrap_px(self.said, font, width - 1)
            pitch = CELLS[font][1] + (0 if font == "text" else 2)
            if 14 + len(lines) * pitch > p.height + 1:
                p.cut.append(self.said)
            for i, line in enumerate(lines[: (p.height - 14) // pitch]):
                p.text((x, 14 + i * pitch), line, font)
            return
        lines = [self.host or "", f":{self.port}"]
        if text_width(lines[0], "small") > width:  # 192.168.100.200: two lines, not tiny type
            head, _dot, tail = lines[0].partition(".")
            second, _dot, rest = tail.partition(".")
            lines[:1] = [f"{head}.{second}.", rest]
        if len(lines) == 3 and text_width(lines[1] + lines[2], "small") <= width:
            lines[1:] = [lines[1] + lines[2]]  # 100.200:8080 on one line: room for UP
        for i, line in enumerate(lines):
            p.text((x, 14 + i * 9), line, "small")
        if len(lines) == 2:
            p.text((x, 34), fitting("small", width, _("UP Box Wi-Fi"), _("UP Wi-Fi")), "small")
        p.text((x, 44), fitting("small", width, _("OK new code"), _("OK new")), "small")
        p.text((x, 54), fitting("small", width, _("DOWN forget"), _("DOWN")), "small")
