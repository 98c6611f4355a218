"""*Wi-Fi* (issue 45): the networks the box sees (name, signal, whether it has a password),
joining one with a password typed on the phone (a known one with its saved password, a
hidden one by its name), the
networks it knows (forgetting one asks first), and the one in use.

Every change goes through :mod:`companion.network`: the same checks as the box
(:func:`companion.network.wifi.check_join`), and the join leaves its news for the box's
screen (:func:`companion.network.join_news.join_from_phone`): a join moves the box to
another network, so the phone may lose the page, and the box says what happened and
shows the page's new address as a QR code. A failed join gives the previous network
back, or the box's own Wi-Fi. NetworkManager absent, no Wi-Fi device, a refusal: one
sentence, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, Response, request

from companion.core.i18n import _
from companion.network.errors import NetworkError
from companion.network.wifi import Known, Network, Wifi
from companion.pairing import address
from companion.web import html
from companion.web.app import Refused, box, go

#: Seconds one D-Bus call may take, and a join or the box's own Wi-Fi to come up.
CALL_WAIT, JOIN_WAIT = 5.0, 30.0
#: What went wrong with the input itself (400); the rest is the box's or the network's.
BAD_INPUT = {"bad_password", "bad_name", "no_password", "not_known"}
#: ... and what says NetworkManager cannot be asked at all (503).
UNREACHABLE = {"not_installed", "no_dbus", "nm_absent", "not_allowed", "no_device"}


def add_routes(app: Flask) -> None:
    app.add_url_rule("/wifi", "wifi", page)
    app.add_url_rule("/wifi/join", "wifi_join", join, methods=["POST"])
    app.add_url_rule("/wifi/forget", "wifi_forget_ask", forget_ask)
    app.add_url_rule("/wifi/forget", "wifi_forget", forget, methods=["POST"])


@contextmanager
def nm() -> Iterator[Wifi]:
    """NetworkManager on the system bus (``$DBUS_SYSTEM_BUS_ADDRESS`` where set)."""
    from companion.network.bus import Bus

    with Wifi(Bus(timeout=CALL_WAIT), timeout=JOIN_WAIT) as wifi:
        yield wifi


def bars(strength: int) -> int:
    """A signal of 0–100 as 1 to 4 bars.

    >>> [bars(s) for s in (0, 30, 55, 80, 100)]
    [1, 2, 3, 4, 4]
    """
    return max(1, min(4, 1 + strength // 25))


def status(err: NetworkError) -> int:
    return 400 if err.kind in BAD_INPUT else 503 if err.kind in UNREACHABLE else 409


def said(text: str, status_code: int, *, more: str = "", link: str = "") -> Response:
    """A sentence about the Wi-Fi, with the way back to the Wi-Fi page."""
    return Response(html.page("wifi_said.html", _("Wi-Fi"), here="/wifi", text=text, more=more,
                              link=link), status=status_code)


def page() -> Response:
    seen: list[Network] = []
    known: list[Known] = []
    active: Known | None = None
    try:
        with nm() as wifi:
            wifi.scan()  # the next look finds what came into range
            active, seen, known = wifi.active(), wifi.networks(), wifi.known()
    except NetworkError as err:
        return Response(html.page("wifi.html", _("Wi-Fi"), here="/wifi",
                                  problem=err.translated(_), seen=[], known=[], saved=set(),
                                  active=None, bars=bars), status=503)
    known = [k for k in known if not k.access_point]
    return Response(html.page("wifi.html", _("Wi-Fi"), here="/wifi", problem=None, seen=seen,
                              known=known, saved={k.ssid for k in known}, active=active,
                              bars=bars))


def join() -> Response:
    """Join the network the form names; the box's screen says what happened too."""
    from companion.network.join_news import join_from_phone

    ssid = request.form.get("ssid", "")
    password = request.form.get("password", "")
    hidden = request.form.get("hidden") == "1"
    folder = box().folder
    try:
        with nm() as wifi:
            _joined, news = join_from_phone(wifi, folder, ssid, password, hidden=hidden)
    except NetworkError as err:
        return said(err.translated(_), status(err))
    if news.address is None:
        return said(news.sentence(_), 200,
                    more=_("Put this phone on {name} too, then scan the code on the box.")
                    .format(name=ssid))
    url = f"http://{news.address}:{address.port(folder)}/"
    return said(news.sentence(_), 200, link=url,
                more=_("Put this phone on {name} too, then open the page at its new address "
                       "(or scan the code on the box):").format(name=ssid))


def _known(name: str) -> Known:
    with nm() as wifi:
        found = next((k for k in wifi.known() if k.name == name and not k.access_point), None)
    if found is None:
        raise Refused(404, _("The box does not know a network called {name}.").format(
            name=name))
    return found


def forget_ask() -> Response:
    """Forgetting asks first: a page with the question and its two answers."""
    name = request.args.get("name", "")
    try:
        found = _known(name)
        with nm() as wifi:
            now = wifi.active()
    except NetworkError as err:
        return said(err.translated(_), status(err))
    in_use = now is not None and now.path == found.path
    return Response(html.page("wifi_forget.html", _("Forget a network"), here="/wifi",
                              name=found.name, in_use=in_use))


def forget() -> Response:
    name = request.form.get("name", "")
    try:
        with nm() as wifi:
            wifi.forget(name)
    except NetworkError as err:
        return said(err.translated(_), status(err))
    return go("/wifi#known")
