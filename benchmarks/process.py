"""Whole-process measurements: cold start, idle CPU and peak memory of the real app.

The app runs as ``python -m companion run`` in a child process with a laptop config
(terminal emulator display, keyboard on mock pins), a fresh database, stdin a pipe
nobody writes to and stdout a pipe we read:

* **cold start**: from just before the process is spawned to the first byte of the
  first frame arriving on our end of the stdout pipe (interpreter start-up included),
  and the CPU time the process had used by then (less sensitive to a busy machine);
* **idle CPU**: CPU time the process (all its threads) used while it waited for keys,
  read from ``/proc/<pid>/task/*/schedstat`` (nanoseconds; falls back to
  ``/proc/<pid>/stat`` ticks), divided by the wall time;
* **peak RSS**: ``VmHWM`` from ``/proc/<pid>/status`` just before the process is told
  to stop (SIGTERM, which the app turns into a clean quit).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CONFIG = """\
[display]
driver = "emulator"
emulator = "terminal"
"""
FRAME_START = b"\x1b[H"


def _spawn(tmp: Path, language: str = "en") -> tuple[subprocess.Popen[bytes], float]:
    config = tmp / "config.toml"
    config.write_text(f'language = "{language}"\n' + CONFIG, encoding="utf-8")
    env = {**os.environ, "COLUMNS": "80", "LINES": "40", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("NOTIFY_SOCKET", None)
    env.pop("WATCHDOG_USEC", None)
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "--config", str(config), "run",
         "--db", str(tmp / "companion.db")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        cwd=Path(__file__).resolve().parent.parent)
    return proc, t0


def _first_frame(proc: subprocess.Popen[bytes], timeout: float = 20.0) -> float:
    """Wait for the start of the first frame on stdout; returns perf_counter() then."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    seen = b""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += chunk
            if FRAME_START in seen and "┌".encode() in seen:
                return time.perf_counter()
    err = proc.stderr.read().decode(errors="replace") if proc.poll() is not None else ""
    raise RuntimeError(f"no frame from the app within {timeout} s: {err.strip()[-500:]}")


def _drain(proc: subprocess.Popen[bytes]) -> None:
    assert proc.stdout is not None
    while select.select([proc.stdout.fileno()], [], [], 0)[0]:
        if not os.read(proc.stdout.fileno(), 65536):
            return


def cpu_seconds(pid: int) -> float:
    """CPU time of every thread of ``pid`` so far, in seconds."""
    tasks = Path(f"/proc/{pid}/task")
    total = 0
    try:
        for task in tasks.iterdir():
            total += int((task / "schedstat").read_text().split()[0])
        return total / 1e9
    except (OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wakeups(pid: int) -> int:
    """Voluntary context switches of every thread: how often the process woke up."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith("voluntary_ctxt_switches"):
                total += int(line.split()[1])
    return total


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()


def cold_starts(runs: int, language: str = "en") -> list[dict[str, float]]:
    """Spawn the app ``runs`` times: seconds to the first frame and peak RSS (the start
    menu in ``language``: Japanese loads its fonts for the first frame)."""
    out = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            proc, t0 = _spawn(Path(tmp), language)
            try:
                first = _first_frame(proc)
                cpu = cpu_seconds(proc.pid)
                time.sleep(0.2)  # let start-up finish before reading the peak
                out.append({"first_frame_s": first - t0, "cpu_s": cpu,
                            "rss_mb": peak_rss_mb(proc.pid)})
            finally:
                _stop(proc)
    return out


def idle(seconds: float, settle: float = 1.0) -> dict[str, Any]:
    """Start the app, let it settle, then measure its CPU use over ``seconds`` of quiet."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, t0 = _spawn(Path(tmp))
        try:
            _first_frame(proc)
            time.sleep(settle)
            _drain(proc)
            cpu0, wake0, w0 = cpu_seconds(proc.pid), wakeups(proc.pid), time.perf_counter()
            time.sleep(seconds)
            cpu1, wake1, w1 = cpu_seconds(proc.pid), wakeups(proc.pid), time.perf_counter()
            rss = peak_rss_mb(proc.pid)
        finally:
            _stop(proc)
    wall = w1 - w0
    return {"seconds": wall, "cpu_s": cpu1 - cpu0, "cpu_percent": 100 * (cpu1 - cpu0) / wall,
            "wakeups_per_s": (wake1 - wake0) / wall, "rss_mb": rss}
