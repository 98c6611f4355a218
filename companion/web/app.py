"""The phone page's Flask application: who gets in, and what every request goes through.

Every request, in order: a caller outside the private ranges and loopback is refused, and
so is a request for another name than the box's (its address, its hostname, localhost: a
``Host`` check against DNS rebinding);
the page speaks the phone's chosen language, else the box's; a phone without a pairing
the box still knows sees only how to pair; a write (POST) without this phone's CSRF
token changes nothing. Anything that goes wrong is one sentence on a page, never a
traceback.

Requests are served side by side (a slow one, a large import, does not hold up Tonight):
each speaks its own language (:func:`companion.core.i18n.use_here`) and reads the log
through its own thread's connection (:class:`Box`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask, Response, g, request
from werkzeug.exceptions import HTTPException

from companion.config.file import Config
from companion.core import i18n
from companion.core.errors import CompanionError, StorageError
from companion.core.i18n import _
from companion.log.store import Store
from companion.pairing import address, codes
from companion.records.stats import PersonStats
from companion.web import html
from companion.web.tally import Tally
from companion.web.wrong_codes import WrongCodes

COOKIE = "companion_phone"
LANG_COOKIE = "companion_lang"
#: KiB of log pages SQLite keeps in the page's process (its default is 2000).
CACHE_KIB = 256
#: The largest request body (a form, a BG Stats file).
MAX_BODY = 8 * 1024 * 1024


class Refused(Exception):
    """A request answered with one sentence and a status; nothing was changed."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(text)
        self.status = status
        self.text = text


class Box:
    """What the page knows of the box: its log, its state folder, its config, the wrong
    codes tried.

    Requests are served side by side, each in a thread of waitress's: each thread has a
    connection to the log of its own (sqlite3 connections belong to one thread), opened
    at its first request and again when the box has put a repaired log in its place; what
    the threads share (the counts, the wrong codes) is kept under a lock.
    """

    def __init__(self, db: Path, config: Config, clock: Callable[[], float]) -> None:
        self.db = Path(db)
        self.folder = self.db.parent
        self.config = config
        self.clock = clock
        self._here = threading.local()
        self._lock = threading.Lock()
        self._open: set[Store] = set()
        #: The log file the counts are of (its device and inode).
        self._counted: tuple[int, int] | None = None
        self._tallies: dict[str, Tally] = {}
        #: phone → the BG Stats export it read, waiting for "Import them".
        self.pending: dict[str, bytes] = {}
        #: Held while a BG Stats export is read or imported: one at a time.
        self.importing = threading.Lock()
        #: The names the box answers to (:func:`companion.pairing.address.own_names`).
        self.names = address.own_names()
        #: The wrong pairing codes of the last minute (:mod:`companion.web.wrong_codes`).
        self.wrong_codes = WrongCodes(clock)

    def store(self) -> Store:
        """This thread's connection to the log, for reading and writing (opened anew
        when the box has replaced the log); :class:`StorageError` when there is none."""
        try:
            st = self.db.stat()
            inode: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except OSError:
            inode = None
        mine: Store | None = getattr(self._here, "store", None)
        if mine is not None and inode == self._here.inode:
            return mine
        self.reopen_later()
        if inode is None:
            raise StorageError("there is no log yet: start the box once, then reload "
                               "this page.")
        mine = Store.open_existing(self.db, write=True)
        # SQLite's own cache of pages: 2 MiB by default, filled by one pass over a large
        # log; the page reads little twice and the OS caches the file anyway.
        mine.limit_cache(CACHE_KIB)
        self._here.store, self._here.inode = mine, inode
        with self._lock:
            self._open.add(mine)
            if inode != self._counted:  # another log: what was counted is of the old one
                self._tallies, self._counted = {}, inode
        return mine

    def _tally(self, store: Store) -> Tally:
        """This language's counts, brought up to date (the caller holds the lock)."""
        tally = self._tallies.setdefault(i18n.language(), Tally())
        tally.people(store)
        return tally

    def people(self) -> list[PersonStats]:
        """Plays and wins per person (:func:`companion.records.stats.people`), kept per
        language and brought up to date with the games finished since
        (:class:`companion.web.tally.Tally`)."""
        store = self.store()  # first: opening the log anew drops what was counted
        with self._lock:
            return self._tally(store).people(store)

    def months(self) -> dict[str, dict[str, list[int]]]:
        """person → month → [plays, wins] (:func:`companion.web.chart.months`), kept with
        :meth:`people`."""
        store = self.store()
        with self._lock:
            return dict(self._tally(store).months)

    def reopen_later(self) -> None:
        """Close this thread's connection: its next request opens the log again."""
        mine = getattr(self._here, "store", None)
        self._here.store = None
        if mine is not None:
            with self._lock:
                self._open.discard(mine)
                self._counted = None
            mine.close()

    def close(self) -> None:
        """Close every thread's connection (the page is done)."""
        with self._lock:
            every, self._open, self._counted = list(self._open), set(), None
        self._here.store = None
        for store in every:
            store.close()

    def language(self) -> str:
        """The box's language: what its Settings saved, else its config, else English."""
        from companion.config import settings

        try:
            saved = settings.overrides(self.config.state_dir()).get("language")
        except CompanionError:
            saved = None
        return saved or self.config.language or "en"


def box() -> Box:
    from flask import current_app

    return current_app.extensions["companion"]


def phone() -> str:
    """The paired phone making this request (the guard has checked there is one)."""
    return str(g.phone)


def csrf() -> str:
    return codes.csrf(box().folder, phone())


def make_flask(db: Path, config: Config, *, clock: Callable[[], float] = time.time) -> Flask:
    """The application with its guards and error pages, before any page is added
    (:func:`companion.web.site.create_app` adds them)."""
    app = Flask("companion.web", static_folder="static", template_folder="templates")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    html.setup(app)
    app.jinja_env.globals["csrf"] = csrf
    app.extensions["companion"] = Box(db, config, clock)
    app.before_request(_guard)
    app.after_request(_remember_language)
    app.after_request(_security_headers)
    app.teardown_request(lambda _err: i18n.use_here(None))
    app.register_error_handler(Exception, _error_page)
    return app


def _guard() -> Response | None:
    if not address.allowed(request.remote_addr):
        raise Refused(403, _("This page answers only on the table's own network."))
    if not address.host_allowed(request.host, box().names):
        raise Refused(400, _("This page answers only to the box's own address or name; "
                             "open it from the code on the box's Phone screen."))
    chosen = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    i18n.use_here(chosen if chosen in i18n.LANGUAGES else box().language())
    g.phone = codes.paired(box().folder, request.cookies.get(COOKIE),
                             now=box().clock())
    if request.endpoint in ("static", "pair", "pair_lower"):
        return None
    if g.phone is None:
        return Response(html.sentence(
            _("This phone is not paired with the box yet. On the box, open Phone on the "
              "start menu and scan the code it shows."), title=_("Pair this phone")),
            status=401 if request.method == "POST" else 200)
    if request.method == "POST" and not codes.csrf_ok(
            box().folder, g.phone, request.form.get("csrf")):
        raise Refused(403, _("This form is out of date: reload the page and try again; "
                             "nothing was changed."))
    return None


#: On every answer: scripts and styles from the page's own files only (no inline script
#: or style anywhere), nothing framed (clickjacking), no address sent on (a pairing
#: link), no guessing at types.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; form-action 'self'; "
                               "base-uri 'none'; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def _security_headers(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    return response


def _remember_language(response: Response) -> Response:
    chosen = request.args.get("lang")
    if chosen in i18n.LANGUAGES:
        response.set_cookie(LANG_COOKIE, chosen, max_age=codes.COOKIE_LIFE,
                            samesite="Lax", httponly=True)
    return response


def _error_page(err: Exception) -> Response:
    if isinstance(err, Refused):
        return Response(html.sentence(err.text), status=err.status)
    if isinstance(err, CompanionError):
        text = i18n.shown(err)
        if isinstance(err, StorageError):
            box().reopen_later()  # reopened on the next request
            return Response(html.sentence(_("The box's log cannot be used now: {why}").format(
                why=text)), status=503)
        return Response(html.sentence(str(text)), status=400)
    if isinstance(err, HTTPException):
        said = {404: _("There is no such page."),
                405: _("That page cannot be used that way."),
                413: _("That file is too big for the box."),
                }.get(err.code or 500, _("The box could not answer that request."))
        return Response(html.sentence(said), status=err.code or 500)
    import sys
    import traceback

    traceback.print_exception(err, file=sys.stderr)  # the journal keeps it; the phone never
    return Response(html.sentence(_("Something went wrong on the box; nothing was changed. "
                                    "Try again.")), status=500)


def go(path: str) -> Response:
    """After a write: back to a page (a reload then does not send the form again)."""
    return Response(status=303, headers={"Location": path})
