"""``/P/<code>``: the address in the box's QR code. The right code, once, pairs the phone
(a signed cookie that lasts); a wrong or used one says so, and too many wrong ones in a
minute from one caller are refused before they are checked
(:mod:`companion.web.wrong_codes`); the code in lower case pairs too (people retype it)."""

from __future__ import annotations

from flask import Flask, Response, request

from companion.core.i18n import _
from companion.pairing import codes
from companion.web.app import COOKIE, Refused, box, go


def add_routes(app: Flask) -> None:
    app.add_url_rule("/P/<code>", "pair", pair)
    app.add_url_rule("/p/<code>", "pair_lower", pair)


def pair(code: str) -> Response:
    the_box = box()
    if the_box.wrong_codes.refused(request.remote_addr):
        raise Refused(429, _("Too many wrong codes: wait a minute, then scan the code on "
                             "the box again."))
    if not codes.take_code(the_box.folder, code, now=the_box.clock()):
        the_box.wrong_codes.wrong(request.remote_addr)
        raise Refused(403, _("This pairing code is wrong or used up: on the box, press OK "
                             "on the Phone screen for a new one and scan it."))
    phone = codes.new_phone()
    response = go("/")
    response.set_cookie(COOKIE, codes.sign(the_box.folder, phone, now=the_box.clock()),
                        max_age=codes.COOKIE_LIFE, httponly=True, samesite="Lax")
    return response
