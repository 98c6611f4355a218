"""Guards start and stop under systemd: READY/WATCHDOG/STOPPING, and SIGTERM's clean exit.

The real app runs in a subprocess with ``NOTIFY_SOCKET`` pointing at a socket the test
listens on, as systemd would; SIGTERM must end it with status 0, the log intact, the
pins released and the screen left with the "stopped" frame (or dark, per
``display.on_stop``).
"""

from __future__ import annotations

import io
import os
import signal
import socket
import threading
import time
from pathlib import Path

import pytest

from companion.app import runtime
from companion.config.file import from_mapping
from companion.hw import buttons
from companion.log.store import Store
from tests.apprun import EMULATOR, AppProcess


def test_sigterm_saves_stops_and_leaves_the_stopped_frame(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    with AppProcess(tmp_path, db) as app:
        app.wait_for("New game")
        app.keys(b"\r\r ")
        app.wait_for("Dice 2d6 #1")
        code, err = app.terminate()
        assert code == 0 and "Traceback" not in err, err
        assert app.lines()[-1] == "Stopped | games are saved"
    store = Store.open(db)
    assert store.notice is None and store.unfinished().actions == 1


def test_on_stop_blank_leaves_the_screen_dark(tmp_path: Path) -> None:
    config = EMULATOR + 'on_stop = "blank"\n'
    with AppProcess(tmp_path, tmp_path / "c.db", config=config) as app:
        app.wait_for("New game")
        code, _ = app.terminate()
        assert code == 0
        assert app.lines()[-1] == ""  # a frame with nothing on it


def listen(path: Path) -> tuple[socket.socket, list[tuple[float, str]]]:
    """A datagram socket like systemd's notify socket; messages collected with times."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(0.1)
    got: list[tuple[float, str]] = []

    def read() -> None:
        while True:
            try:
                got.append((time.monotonic(), sock.recv(4096).decode()))
            except TimeoutError:
                continue
            except OSError:
                return

    threading.Thread(target=read, daemon=True).start()
    return sock, got


def test_ready_after_first_frame_watchdog_while_idle_and_busy_stopping_at_the_end(
        tmp_path: Path) -> None:
    sock, got = listen(tmp_path / "notify")
    env = {"NOTIFY_SOCKET": str(tmp_path / "notify"), "WATCHDOG_USEC": "1000000"}
    try:
        with AppProcess(tmp_path, tmp_path / "c.db", env=env) as app:
            app.wait_for("New game")
            time.sleep(1.5)  # idle: beats every 0.25 s
            app.keys(b"\r\r")
            busy_from = time.monotonic()
            for n in range(40):  # a stream of keys must not starve the watchdog
                app.keys(b"\x1b[A" if n % 2 else b"\x1b[B")
                time.sleep(0.025)
            busy_to = time.monotonic()
            code, err = app.terminate()
            assert code == 0, err
        time.sleep(0.2)
    finally:
        sock.close()
    messages = [m for _, m in got]
    assert messages[0].startswith("READY=1")
    assert messages[-1] == "STOPPING=1"
    beats = [t for t, m in got if m == "WATCHDOG=1"]
    assert len(beats) >= 8
    gaps = [b - a for a, b in zip(beats, beats[1:], strict=False)]
    assert max(gaps) < 0.5, gaps  # always inside half the 1 s interval
    assert any(busy_from <= t <= busy_to for t in beats)


def test_without_systemd_it_starts_and_stops_quietly(tmp_path: Path) -> None:
    with AppProcess(tmp_path, tmp_path / "c.db", env={"NOTIFY_SOCKET": ""}) as app:
        app.wait_for("New game")
        code, err = app.terminate()
        assert code == 0 and err == ""


def test_sigterm_in_process_releases_every_pin(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list = []
    real_close = buttons.KeyPad.close

    def spy(self: buttons.KeyPad) -> None:
        devices = list(self.buttons.values())
        real_close(self)
        closed.extend(devices)

    monkeypatch.setattr(buttons.KeyPad, "close", spy)
    read_end, write_end = os.pipe()
    monkeypatch.setattr("sys.stdin", os.fdopen(read_end))
    config = from_mapping({"display": {"driver": "dummy"}})
    trace = io.StringIO()
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGTERM))
    saved = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    try:
        timer.start()
        assert runtime.run(config, db=str(tmp_path / "c.db"), trace=trace) == 0
    finally:
        timer.cancel()
        signal.signal(signal.SIGTERM, saved[0])
        signal.signal(signal.SIGINT, saved[1])
        os.close(write_end)
    assert len(closed) == len(config.buttons) and all(d.closed for d in closed)
    assert trace.getvalue().splitlines()[-1] == "Stopped | games are saved"
