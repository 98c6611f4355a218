"""Guards that the page answers other requests while one is slow (issue 43): waitress's
threads serve side by side, each with its own connection to the log and its own
language. Loopback, bounded: a request held 3 s by a test hook while a phone opens
Tonight, which must answer within a second, in its own language."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.core.i18n import _
from companion.pairing import codes
from companion.web import serve
from companion.web.app import box
from companion.web.site import create_app
from tests.web.conftest import Clock

HELD = 3.0


@pytest.fixture
def served(folder: Path) -> Iterator[int]:
    """The page on 127.0.0.1 with the threads ``companion web`` runs, and a slow page:
    it reads the log, waits, then says "Tonight" in its request's language."""
    app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}),
                     clock=Clock())

    def slow() -> str:
        names = [p.name for p in box().store().players()]
        time.sleep(HELD)
        return _("Tonight") + " " + ",".join(names)

    app.add_url_rule("/slow", "slow", slow)
    server = serve.make_server(app, listen="127.0.0.1:0")
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield server.effective_port
    server.close()
    server.task_dispatcher.shutdown()
    app.extensions["companion"].close()


def ask(port: int, path: str, cookie: str, timeout: float) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}", "Cookie": cookie})
    answer = conn.getresponse()
    return answer.status, answer.read().decode()


def test_tonight_answers_within_a_second_while_a_slow_request_runs(
        folder: Path, served: int) -> None:
    cookie = "companion_phone=" + codes.sign(folder, "phone-1", now=Clock()())
    slow_said: list[tuple[int, str]] = []
    held = threading.Thread(target=lambda: slow_said.append(
        ask(served, "/slow?lang=ja", cookie, timeout=HELD + 5)))
    held.start()
    time.sleep(0.5)  # the slow request is in its wait now
    started = time.monotonic()
    status, body = ask(served, "/", cookie, timeout=HELD + 5)
    took = time.monotonic() - started
    held.join()
    assert status == 200 and "<h1>Tonight</h1>" in body
    assert took < 1.0, f"Tonight took {took:.2f} s behind a slow request"
    # each in its own language, each through its own connection to the log
    assert slow_said == [(200, "今夜 Ann,Ben")]
