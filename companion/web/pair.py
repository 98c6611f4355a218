"""``/P/<code>``: the address in the box's QR code. The right code, once, pairs the phone
(a signed cookie that lasts); a wrong or used one says so, an expired one says it
expired, and too many wrong ones in a minute from one caller are refused before they are
checked (:mod:`companion.web.wrong_codes`); the code in lower case pairs too (people
retype it).

A phone not paired that asks for what only a script fetches (Tonight's live part, a
download) is answered 401, not a page that looks like success: a script or a download
manager then knows it got nothing."""

from __future__ import annotations

import hmac
import json

from flask import Flask, Response, g, request

from companion.core.i18n import _
from companion.pairing import codes
from companion.web.app import COOKIE, Refused, box, go


def add_routes(app: Flask) -> None:
    app.add_url_rule("/P/<code>", "pair", pair)
    app.add_url_rule("/p/<code>", "pair_lower", pair)
    app.after_request(_unpaired_status)


#: What only a script or a download fetches: refused with 401 when no phone is paired.
FETCHED = ("tonight_now", "history_download")


def _unpaired_status(response: Response) -> Response:
    if getattr(g, "phone", "") is None and request.endpoint in FETCHED \
            and response.status_code == 200:
        response.status_code = 401
    return response


def _expired(code: str, now: float) -> bool:
    """Whether ``code`` is the box's last code, made longer ago than a code lasts."""
    try:
        data = json.loads((box().folder / codes.CODE_FILE).read_text(encoding="utf-8"))
        made, waiting = float(data["made"]), str(data["code"])
    except (OSError, ValueError, UnicodeDecodeError, KeyError, TypeError):
        return False
    return hmac.compare_digest(waiting.encode(), code.upper().encode()) \
        and now - made > codes.CODE_LIFE


def pair(code: str) -> Response:
    the_box = box()
    if the_box.wrong_codes.refused(request.remote_addr):
        raise Refused(429, _("Too many wrong codes: wait a minute, then scan the code on "
                             "the box again."))
    if not codes.take_code(the_box.folder, code, now=the_box.clock()):
        if _expired(code, the_box.clock()):
            raise Refused(403, _("This pairing code has expired (a code lasts {minutes} "
                                 "minutes): on the box, press OK on the Phone screen for a "
                                 "new one and scan it.").format(
                                     minutes=codes.CODE_LIFE // 60))
        the_box.wrong_codes.wrong(request.remote_addr)
        raise Refused(403, _("This pairing code is wrong or used up: on the box, press OK "
                             "on the Phone screen for a new one and scan it."))
    phone = codes.new_phone()
    response = go("/")
    response.set_cookie(COOKIE, codes.sign(the_box.folder, phone, now=the_box.clock()),
                        max_age=codes.COOKIE_LIFE, httponly=True, samesite="Lax")
    return response
