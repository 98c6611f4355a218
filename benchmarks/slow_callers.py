"""``python -m benchmarks.slow_callers [N] [SECONDS]``: Tonight's answer time for a paired
phone (on ::1) while one address (127.0.0.1) holds ``N`` connections (500), each
trickling one header line every 3 s, for ``SECONDS`` (30) — the attack of issue 43,
against the page as ``companion web`` serves it (:func:`companion.web.fair.make_server`,
its default limits). Loopback only.
"""

from __future__ import annotations

import http.client
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import codes
from companion.web import fair
from companion.web.site import create_app


def tonight(folder: Path, port: int) -> float:
    code = codes.new_code(folder)
    conn = http.client.HTTPConnection("::1", port, timeout=10)
    conn.request("GET", f"/P/{code}", headers={"Host": f"[::1]:{port}"})
    answer = conn.getresponse()
    answer.read()
    cookie = answer.getheader("Set-Cookie", "").split(";")[0]
    started = time.monotonic()
    conn = http.client.HTTPConnection("::1", port, timeout=10)
    conn.request("GET", "/", headers={"Host": f"[::1]:{port}", "Cookie": cookie})
    body = conn.getresponse().read()
    assert b"Tonight" in body
    return time.monotonic() - started


def measure(n: int = 500, seconds: float = 30.0) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        Store.open(folder / "companion.db").close()
        app = create_app(folder / "companion.db",
                         from_mapping({"state": {"dir": str(folder)}}))
        server = fair.make_server(app, listen="127.0.0.1:0 [::1]:0", threads=4)
        ports = {d.socket.family: d.effective_port for d in server.map.values()
                 if hasattr(d, "effective_port")}
        threading.Thread(target=server.run, daemon=True).start()
        held: list[socket.socket] = []
        for _n in range(n):
            try:
                s = socket.create_connection(("127.0.0.1", ports[socket.AF_INET]), timeout=2)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                held.append(s)
            except OSError:
                pass
        times, end, next_line = [], time.monotonic() + seconds, time.monotonic() + 3
        while time.monotonic() < end:
            times.append(tonight(folder, ports[socket.AF_INET6]))
            if time.monotonic() >= next_line:  # one header line each, every 3 s
                for s in held:
                    try:
                        s.sendall(b"X-Slow: 1\r\n")
                    except OSError:
                        pass
                next_line += 3
            time.sleep(0.5)
        for s in held:
            s.close()
        server.close()
        server.task_dispatcher.shutdown()
        app.extensions["companion"].close()
    return {"slow connections": n, "tonight median s": statistics.median(times),
            "tonight max s": max(times), "asked": len(times)}


if __name__ == "__main__":
    args = [float(a) for a in sys.argv[1:]]
    print(measure(int(args[0]) if args else 500, args[1] if len(args) > 1 else 30.0))
