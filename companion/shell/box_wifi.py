"""*Box Wi-Fi*: the box's own network, for a table where it knows no Wi-Fi (issue 45).

Opening it starts the access point (:mod:`companion.network.box_wifi`) unless it runs.
The panel shows a Wi-Fi QR code, which a phone's camera joins with one tap, and the
network's name and password in text; OK, once the phone has joined, shows the pairing
code for the page on the box's own address; DOWN offers a new password or stopping the
box's Wi-Fi (the network used before comes back). BACK leaves it running: the phones at
the table keep the page while the game goes on.

While it is open, a network joined from the phone's *Wi-Fi* page is said on the box
(:mod:`companion.shell.wifi_news`).

Every failure (NetworkManager absent, no Wi-Fi device, no D-Bus, a refusal) is one
sentence on the panel instead of the code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from companion.core.i18n import N_, _
from companion.network import box_wifi
from companion.network.errors import NetworkError
from companion.network.wifi import Wifi
from companion.network.wifi_code import wifi_text
from companion.shell import qr_code
from companion.shell.wifi_news import Watch
from companion.ui.confirm import Confirm
from companion.ui.fonts import text_width
from companion.ui.lists import ListScreen
from companion.ui.paint import WIDTH, Painter, has_kana_or_kanji
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import fitting, wrap_px

#: The right-hand column beside the code.
COLUMN = qr_code.SQUARE + 3


#: Seconds the screen lets NetworkManager take to bring the access point up, and one call
#: to answer: the box's loop waits meanwhile, well inside the service's watchdog (30 s).
AP_WAIT, CALL_WAIT = 10.0, 3.0


def open_wifi() -> Wifi:
    """NetworkManager on the system bus (``$DBUS_SYSTEM_BUS_ADDRESS`` where set)."""
    from companion.network.bus import Bus

    return Wifi(Bus(timeout=CALL_WAIT), timeout=AP_WAIT)


def nm_address() -> str | None:
    """The box's address as NetworkManager has it (None: none, or no NetworkManager)."""
    try:
        with open_wifi() as wifi:
            return wifi.address()
    except NetworkError:
        return None


def split_name(name: str, width: int) -> list[str]:
    """The network's name in lines of ``width`` pixels in the text font, broken after
    its hyphen (``Companion-`` / ``AB12``), else every so many characters.

    >>> split_name("Companion-AB12", 61)
    ['Companion-', 'AB12']
    """
    if text_width(name, "text") <= width:
        return [name]
    head, hyphen, tail = name.partition("-")
    if hyphen and text_width(head + hyphen, "text") <= width:
        return [head + hyphen, tail]
    per = max(1, width // 6)
    return [name[i:i + per] for i in range(0, len(name), per)]


class BoxWifiScreen(Screen):
    """The Wi-Fi QR code, the name and the password; ``pair`` opens the pairing code."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, folder: Path, pair: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.folder = folder
        self.pair = pair
        self.mine: box_wifi.BoxWifi | None = None
        self.problem: str | None = None
        self._code = qr_code.Cached()
        self.news = Watch(ctx, folder)  # a join asked from the phone page
        self._start()

    def wake_in(self) -> float | None:
        return self.news.wake_in()

    def wake(self) -> None:
        self.news.look()

    def _start(self, *, again: bool = False) -> None:
        try:
            with open_wifi() as wifi:
                self.mine = box_wifi.start(wifi, self.folder, again=again)
            self.problem = None
        except NetworkError as err:
            self.mine, self.problem = None, err.translated(_)
        except OSError as err:  # the state folder
            self.mine = None
            self.problem = _("The box's Wi-Fi password cannot be saved: {why}").format(
                why=err.strerror or err)

    def key_ok(self) -> None:
        if self.mine is not None:
            self.pair()

    def key_down(self) -> None:
        if self.mine is not None:
            self.ctx.push(BoxWifiMenu(self.ctx, self))

    def new_password(self) -> None:
        try:
            box_wifi.renew_password(self.folder)
        except OSError as err:
            self.ctx.notice(_("The box's Wi-Fi password cannot be saved: {why}").format(
                why=err.strerror or err))
            return
        self._start(again=True)
        if self.mine is not None:
            self.ctx.inform(_("New password: every phone must join again."))

    def stop(self) -> None:
        try:
            with open_wifi() as wifi:
                box_wifi.stop(wifi, self.folder)
        except NetworkError as err:
            self.ctx.notice(err.translated(_))
            return
        self.ctx.pop()
        self.ctx.inform(_("The box's Wi-Fi is off; the network from before is back."))

    def render(self, p: Painter) -> None:
        if self.mine is None:
            why = self.problem or ""
            lines = wrap_px(why, "text", 124)
            if len(lines) > 5:
                p.cut.append(why)
            for i, line in enumerate(lines[:5]):
                p.text((2, 2 + i * 12), line, "text")
            return
        qr_code.draw(p, self._code(wifi_text(self.mine.name, self.mine.password)))
        width = WIDTH - COLUMN
        for i, line in enumerate(split_name(self.mine.name, width)[:2]):
            p.text((COLUMN, i * 11), line, "text")
        p.line((COLUMN, 24, WIDTH - 1, 24))
        half = (len(self.mine.password) + 1) // 2
        p.text((COLUMN, 26), self.mine.password[:half], "text")
        p.text((COLUMN, 37), self.mine.password[half:], "text")
        ok = fitting("small", width, _("OK pair"), _("OK"))
        down = fitting("small", width, _("DOWN more"), _("DOWN"))
        if has_kana_or_kanji(ok + down):
            # kana and kanji in 8 px are illegible (issue 35): one 12 px line, ▼ for DOWN,
            # whole inside the 64 rows
            # TRANSLATORS: one line of 61 pixels in the 12 px face: OK shows the pairing
            # code, the ▼ says DOWN opens more (a new password, stopping).
            p.text((COLUMN, 52), fitting("text", width, _("OK pair ▼"), _("OK ▼")), "text")
            return
        p.text((COLUMN, 48), ok, "small")
        # 8 px lines: the last ends on row 63
        p.text((COLUMN, 56), down, "small")


class BoxWifiMenu(ListScreen):
    """DOWN on *Box Wi-Fi*: a new password, or stop the box's Wi-Fi."""

    ctx: BoxContext
    title = N_("Box Wi-Fi")

    def __init__(self, ctx: BoxContext, screen: BoxWifiScreen) -> None:
        super().__init__(ctx)
        self.screen = screen

    def items(self) -> Sequence[str]:
        return [_("New password"), _("Stop box Wi-Fi")]

    def choose(self, index: int) -> None:
        self.ctx.pop()
        if index == 0:
            self.ctx.push(Confirm(self.ctx, _("A new password? Phones must join again."),
                                  self.screen.new_password))
        else:
            self.ctx.push(Confirm(self.ctx, _("Stop the box's Wi-Fi?"), self.screen.stop))
