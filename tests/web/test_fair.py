"""Guards that one caller cannot silence the page (issue 43): a paired phone still opens
Tonight within a second while one address holds many slow connections, and a request
that trickles its headers is closed. Loopback only (127.0.0.1 holds the slow connections,
the phone is ::1), bounded counts and times; benchmarks/slow_callers.py has the full size."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config.file import from_mapping
from companion.pairing import codes
from companion.web import fair
from companion.web.site import create_app
from tests.web.conftest import Clock


@pytest.fixture
def served(folder: Path) -> Iterator[tuple[Any, int, int]]:
    """The page on 127.0.0.1 and ::1 (their ports), with a limit of 40 connections."""
    app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}),
                     clock=Clock())
    server = fair.make_server(app, listen="127.0.0.1:0 [::1]:0", threads=4,
                              connection_limit=40, cleanup_interval=0.2, header_seconds=1.0)
    ports = {}
    for each in server.map.values():
        if hasattr(each, "effective_port"):
            ports[each.socket.family] = each.effective_port
    def run() -> None:
        try:
            server.run()
        except OSError:  # its sockets closed under it at the end of the test
            pass

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield server, ports[socket.AF_INET], ports[socket.AF_INET6]
    server.close()
    server.task_dispatcher.shutdown()
    app.extensions["companion"].close()


def slow(port: int, n: int) -> list[socket.socket]:
    """``n`` connections from 127.0.0.1, each with half a request's headers sent."""
    held = []
    for _n in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=2)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        held.append(s)
    return held


def phone_opens_tonight(folder: Path, port: int) -> float:
    """Pair from ::1 and open Tonight; the seconds Tonight took."""
    code = codes.new_code(folder, now=Clock()())
    conn = http.client.HTTPConnection("::1", port, timeout=1)
    conn.request("GET", f"/P/{code}", headers={"Host": f"[::1]:{port}"})
    answer = conn.getresponse()
    answer.read()
    assert answer.status == 303
    cookie = answer.getheader("Set-Cookie", "").split(";")[0]
    started = time.monotonic()
    conn = http.client.HTTPConnection("::1", port, timeout=1)
    conn.request("GET", "/", headers={"Host": f"[::1]:{port}", "Cookie": cookie})
    answer = conn.getresponse()
    body = answer.read()
    assert answer.status == 200 and b"Tonight" in body
    return time.monotonic() - started


def test_a_phone_gets_in_while_one_address_holds_many_slow_connections(
        folder: Path, served: tuple[Any, int, int]) -> None:
    server, port4, port6 = served
    held = slow(port4, 60)  # half again the whole connection limit
    try:
        time.sleep(0.3)
        assert phone_opens_tonight(folder, port6) < 1.0
        assert sum(server.map[k].who == "127.0.0.1" for k in list(server.map)
                   if isinstance(server.map.get(k), fair.FairChannel)) <= fair.PER_CALLER
    finally:
        for s in held:
            s.close()


def test_headers_trickled_line_by_line_are_cut_off(served: tuple[Any, int, int]) -> None:
    _server, port4, _port6 = served
    s = slow(port4, 1)[0]
    started = time.monotonic()
    try:
        while time.monotonic() - started < 5:
            try:
                s.sendall(b"X-Slow: 1\r\n")
                s.settimeout(0.3)
                if s.recv(100) == b"":
                    break
            except TimeoutError:
                continue
            except OSError:
                break
        assert time.monotonic() - started < 4, "a trickling request was kept open"
    finally:
        s.close()
