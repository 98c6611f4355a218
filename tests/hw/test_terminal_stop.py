"""Guards the terminal screen's last frame: quitting with ``q`` leaves "Stopped" on it.

luma's exit hook blanks a device that does not persist; the terminal screen printed that
blank frame after the app's own "Stopped" frame, so the terminal ended empty.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.app.runtime import show_stopped
from companion.config.file import from_mapping
from companion.hw.terminal import frame_to_text
from companion.testing import Rig
from tests.apprun import EMULATOR, ROOT


def stopped_frame(on_stop: str) -> str:
    """What the terminal should show last: the app's own stop frame, as half blocks."""
    rig = Rig(config=from_mapping({"display": {"driver": "dummy", "on_stop": on_stop}}))
    try:
        show_stopped(rig.app)
        return frame_to_text(rig.frame)
    finally:
        rig.close()


def last_terminal_frame(tmp_path: Path, config: str) -> str:
    (tmp_path / "config.toml").write_text(config)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "--config", str(tmp_path / "config.toml"), "run",
         "--db", str(tmp_path / "c.db")],
        input=b"q", capture_output=True, timeout=30, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"})
    assert proc.returncode == 0, proc.stderr.decode()
    last = proc.stdout.decode().split("\x1b[H")[-1]
    rows = [line[1:-1] for line in last.split("\n") if line.startswith("│")]
    return "\n".join(rows)


def test_q_leaves_the_stopped_message_in_the_terminal(tmp_path: Path) -> None:
    expected = stopped_frame("message")
    assert expected.strip()  # the message frame is not blank
    assert last_terminal_frame(tmp_path, EMULATOR) == expected


def test_on_stop_blank_leaves_it_dark(tmp_path: Path) -> None:
    config = EMULATOR + 'on_stop = "blank"\n'
    assert last_terminal_frame(tmp_path, config) == stopped_frame("blank")
    assert not stopped_frame("blank").strip()
