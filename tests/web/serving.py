"""``companion web`` in a process of its own, as the box's unit runs it, for tests and the
page benchmark: started on 127.0.0.1 and waited for until it answers."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def start(db: Path, port: int, **popen: Any) -> tuple[subprocess.Popen[Any], str]:
    """The server for log ``db`` on ``port`` and its address, once it answers (it is
    given up to 10 s; a test then fails on its first request)."""
    proc = subprocess.Popen([sys.executable, "-m", "companion", "web", "--host", "127.0.0.1",
                             "--port", str(port), "--db", str(db)], **popen)
    base = f"http://127.0.0.1:{port}"
    for _n in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return proc, base
