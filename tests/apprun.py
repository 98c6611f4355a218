"""Test helper (not a test module): the real ``python -m companion`` in a subprocess.

Its terminal screen goes to /dev/null; every frame's text is read back from ``--trace``;
keys are keyboard bytes written to its stdin (the keyboard bridge presses mock pins).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EMULATOR = '[display]\ndriver = "emulator"\nemulator = "terminal"\n'


class AppProcess:
    """``with AppProcess(tmp, db) as app: app.wait_for("Dice"); app.keys(b" ")``."""

    def __init__(self, tmp: Path, db: Path, *, config: str = EMULATOR,
                 env: dict[str, str] | None = None) -> None:
        tmp.mkdir(parents=True, exist_ok=True)
        self.config = tmp / "config.toml"
        self.config.write_text(config)
        self.trace = tmp / f"trace-{time.monotonic_ns()}.txt"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--config", str(self.config), "run",
             "--db", str(db), "--trace", str(self.trace)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})

    def __enter__(self) -> AppProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.proc.stdin.close()
        self.proc.stderr.close()

    def lines(self) -> list[str]:
        """The frames drawn so far, as text (complete lines only)."""
        if not self.trace.exists():
            return []
        return self.trace.read_text(encoding="utf-8").split("\n")[:-1]

    def wait_for(self, words: str, timeout: float = 20) -> str:
        """Wait until a frame contains ``words`` (message boxes' line breaks ignored)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines():
                if words in line.replace(" | ", " "):
                    return line
            if self.proc.poll() is not None:
                break
            time.sleep(0.01)
        err = self.proc.stderr.read().decode() if self.proc.poll() is not None else ""
        raise AssertionError(f"no frame with {words!r}; frames {self.lines()[-5:]}; {err}")

    def keys(self, data: bytes) -> None:
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def terminate(self, timeout: float = 30) -> tuple[int, str]:
        """SIGTERM; returns the exit status and what went to stderr (a loaded CI machine
        with two workers once took over 10 s to let a box stop)."""
        self.proc.send_signal(signal.SIGTERM)
        code = self.proc.wait(timeout)
        return code, self.proc.stderr.read().decode()
