"""``python -m benchmarks.big_upload [MIB]``: the web process's peak memory (``VmHWM``)
for the largest upload it takes — a BG Stats export of ``MIB`` MiB (8: the limit, less
the form's own bytes) read on the Players page — and what a body over the limit gets
(issue 43). ``companion web`` runs in a process of its own on 127.0.0.1, as its unit
runs it; the export is a group of players, each a name and a UUID, as BG Stats writes.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from companion.log.store import Store
from companion.pairing import codes
from tests.web.serving import start

BOUNDARY = "----companionbench"


def export(size: int) -> bytes:
    """A BG Stats export of about ``size`` bytes: as many players as fit."""
    one = len(json.dumps({"uuid": str(uuid.UUID(int=0)).upper(), "name": "P000000"}))
    players = [{"uuid": str(uuid.UUID(int=n + 1)).upper(), "name": f"P{n:06d}"}
               for n in range(size // (one + 2))]
    return json.dumps({"players": players, "games": [], "plays": []}).encode()


def form(token: str, data: bytes) -> bytes:
    parts = [f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token}\r\n'
             .encode(),
             f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
             f'filename="group.json"\r\nContent-Type: application/json\r\n\r\n'.encode(),
             data, f"\r\n--{BOUNDARY}--\r\n".encode()]
    return b"".join(parts)


def peak_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]


def post(port: int, cookie: str, body: bytes) -> tuple[int, str, float]:
    """Status, the page's sentence (or its first words), seconds — or the error."""
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", "/players/import", body=body, headers={
            "Host": f"127.0.0.1:{port}", "Cookie": cookie,
            "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})
        answer = conn.getresponse()
        text = answer.read().decode("utf-8", "replace")
    except OSError as err:
        return 0, f"{type(err).__name__}: {err}", time.monotonic() - started
    said = re.search(r"<p class=said>(.*?)</p>", text) or re.search(r"<h1>(.*?)</h1>", text)
    return answer.status, said.group(1) if said else text[:80], time.monotonic() - started


def measure(mib: float = 8.0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        Store.open(folder / "companion.db").close()
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        proc, _base = start(folder / "companion.db", port, stdout=subprocess.DEVNULL)
        try:
            phone = "bench-phone"
            cookie = "companion_phone=" + codes.sign(folder, phone)
            token = codes.csrf(folder, phone)
            before = peak_mib(proc.pid)
            body = form(token, export(int(mib * 1024 * 1024) - 400))
            status, said, took = post(port, cookie, body)
            out: dict[str, Any] = {
                "upload MiB": round(len(body) / 1024 / 1024, 2), "status": status,
                "said": said[:90], "seconds": round(took, 2),
                "peak MiB before": round(before, 1),
                "peak MiB after": round(peak_mib(proc.pid), 1)}
            over = form(token, export(9 * 1024 * 1024))
            status, said, _took = post(port, cookie, over)
            out["over the limit"] = f"{round(len(over) / 1024 / 1024, 2)} MiB: {status} {said}"
            return out
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    for key, value in measure(*(float(a) for a in sys.argv[1:])).items():
        print(f"{key}: {value}")
