"""Guards the security headers (issue 43): every answer — a page, a refusal, an error,
a file, a download — carries a content security policy that allows no inline script or
style, refuses framing, sends no referrer and forbids type guessing; and no template has
an inline script, style or event handler the policy would block."""

from __future__ import annotations

import re
from pathlib import Path

from companion.web.app import SECURITY_HEADERS
from tests.web.conftest import pair

TEMPLATES = Path(__file__).resolve().parents[2] / "companion" / "web" / "templates"


def test_every_answer_carries_the_security_headers(client, folder, clock) -> None:
    answers = [client.get("/"), client.get("/static/live.js"),
               client.get("/", environ_base={"REMOTE_ADDR": "8.8.8.8"})]
    token = pair(client, folder, clock)
    answers += [client.get(p) for p in ("/", "/tonight/now", "/history", "/players",
                                        "/rules", "/rules/genial", "/settings",
                                        "/no/such/page", "/history/download?fmt=csv")]
    answers += [client.post("/players/add", data={"name": "", "csrf": token}),
                client.post("/players/add", data={"name": "Cat"})]
    for answer in answers:
        policy = answer.headers.get("Content-Security-Policy", "")
        assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
        assert answer.headers.get("X-Frame-Options") == "DENY"
        assert answer.headers.get("Referrer-Policy") == "no-referrer"
        assert answer.headers.get("X-Content-Type-Options") == "nosniff"
    assert SECURITY_HEADERS["X-Frame-Options"] == "DENY"


def test_no_template_has_an_inline_script_or_style() -> None:
    inline = []
    for page in sorted(TEMPLATES.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        if re.search(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=|javascript:", text):
            inline.append(page.name)
    assert inline == []
