"""``companion web``: serve the phone page with waitress, print the pairing address, or
forget every paired phone.

The default host is ``0.0.0.0``: phones reach the box over the table's Wi-Fi, so the page
must listen on the box's network address, not only on loopback; callers outside the
private ranges are refused by the page itself (:func:`companion.pairing.address.allowed`),
and the box is not meant to face the internet. ``--host 127.0.0.1`` keeps it on the box.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core.errors import CommandError
from companion.core.i18n import _
from companion.log import opening
from companion.pairing import address, codes

#: Waitress's worker threads: four requests are answered side by side (a slow import
#: does not hold up Tonight), each with its own connection to the log; what they hold
#: at once (four requests' worth, the largest an 8 MiB upload) bounds the memory.
THREADS = 4


def add_parser(sub: argparse._SubParsersAction) -> None:
    web = sub.add_parser("web", help=_("serve the phone page on the table's network"))
    web.add_argument("--host", default="0.0.0.0",
                     help=_("the address to listen on (default 0.0.0.0: every network "
                            "the box is on; callers outside the private ranges are refused)"))
    web.add_argument("--port", type=int, default=address.DEFAULT_PORT,
                     help=_("the port (default {port})").format(port=address.DEFAULT_PORT))
    web.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                     help=_("the action log (default: state dir)"))
    what = web.add_mutually_exclusive_group()
    what.add_argument("--pair-url", action="store_true",
                      help=_("print a one-time pairing address for a phone or laptop"))
    what.add_argument("--forget-phones", action="store_true",
                      help=_("every paired phone must pair again"))


def log_path(config: Config, db: str | None) -> Path:
    return Path(db) if db else opening.log_path(config.state_dir())


#: What every SQLite database file begins with.
SQLITE_HEADER = b"SQLite format 3\x00"


def checked_log(db: Path) -> Path:
    """``db`` when it can be the box's log: in a folder that exists (the pairing files
    are written beside it, and no folder is ever made) and, when it exists, a regular
    file that is an SQLite database (not ``/dev/null``, not a folder, not a text file);
    else one sentence (:class:`CommandError`, exit 2).

    >>> checked_log(Path("/dev/null"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    companion.core.errors.CommandError: --db /dev/null: that is not a log file; give ...
    """
    if not db.parent.is_dir():
        raise CommandError("--db {path}: the folder {folder} does not exist; give the box's "
                           "log, in its state folder.", path=str(db),
                           folder=str(db.parent))
    if not db.exists():
        return db  # the box makes it at its first start; the page says so meanwhile
    head = None
    if db.is_file():  # a device or a pipe is never opened
        try:
            with open(db, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
        except OSError:
            head = None
    if head not in (SQLITE_HEADER, b""):
        raise CommandError("--db {path}: that is not a log file; give the box's log, in its "
                           "state folder.", path=str(db))
    return db


def main(config: Config, args: argparse.Namespace) -> int:
    given = getattr(args, "db", None)
    db = log_path(config, given)
    if given or args.pair_url or args.forget_phones:  # files are written beside it
        checked_log(db)
    folder = db.parent
    if not 0 < args.port < 65536:
        raise CommandError("--port {port}: a port is a number from 1 to 65535.",
                           port=args.port)
    try:
        if args.pair_url:
            host = address.page_host(folder) or "127.0.0.1"
            print(address.pair_url(host, address.port(folder), codes.new_code(folder)))
            return 0
        if args.forget_phones:
            codes.forget_phones(folder)
            print(_("Every phone must pair again."))
            return 0
    except OSError as err:
        raise CommandError("cannot write to {folder}: {why}.", folder=str(folder),
                           why=err.strerror or err) from None
    return serve(config, db, args.host, args.port)


def one_heap() -> None:
    """Have every thread allocate from one malloc heap (glibc's ``M_ARENA_MAX`` = 1, as
    ``MALLOC_ARENA_MAX=1`` would): each waitress thread otherwise keeps a heap of its
    own, ~2 MiB of the page's RSS on a large log, for requests that take turns holding
    Python's interpreter lock anyway. Elsewhere (not glibc) nothing changes."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(-8, 1)  # M_ARENA_MAX
    except (OSError, AttributeError):
        pass


def warm(box: Any) -> None:
    """Count the players' plays once before the first phone asks (half a second on a
    10,000-game log); from then on each finished game is added to the count."""
    from companion.core import i18n
    from companion.core.errors import CompanionError

    try:
        i18n.use(box.language())
        box.people()
    except CompanionError:
        box.close()  # no log yet, or a damaged one: the pages say so when asked


def make_server(app: Any, **listen: Any) -> Any:
    """The waitress server ``companion web`` serves ``app`` with, bound to ``listen``
    (``host`` and ``port``, or ``listen``).

    Waitress reads a body up to twice the page's limit (into a temporary file) and hands
    it on, so that Flask answers one over the limit with the "too big" page; a body
    waitress refuses itself is cut off mid-send, which a phone shows as a reset
    connection, and only a body over 16 MiB still gets that."""
    from companion.web import fair
    from companion.web.app import MAX_BODY

    return fair.make_server(app, threads=THREADS, ident="companion",
                            clear_untrusted_proxy_headers=True,
                            max_request_body_size=2 * MAX_BODY, **listen)


def serve(config: Config, db: Path, host: str, port: int) -> int:
    from companion.web.site import create_app

    app = create_app(db, config)
    one_heap()
    warm(app.extensions["companion"])
    try:  # bound before anything says it is served: a port in use is one line, exit 2
        server = make_server(app, host=host, port=port)
    except OSError as err:
        raise CommandError("cannot listen on {host}:{port}: {why}.", host=host, port=port,
                           why=err.strerror or err) from None
    address.save_port(db.parent, port, host)
    print(_("The phone page is on port {port}; pair a phone from Phone on the box's start "
            "menu.").format(port=port), flush=True)
    server.run()
    return 0
