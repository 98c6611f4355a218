"""Guards the terminal screen on a terminal that shows ASCII only (``LC_ALL=C``): it draws
its frames in ASCII and quits cleanly instead of crashing at the first frame."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.runtime import show_stopped
from companion.config.file import from_mapping
from companion.hw.terminal import TerminalDisplay, frame_to_text
from companion.testing import Rig
from tests.apprun import ROOT

ASCII = {**os.environ, "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0", "LC_ALL": "C",
         "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
ASCII.pop("PYTHONIOENCODING", None)


def stopped_frame(language: str) -> str:
    rig = Rig(config=from_mapping({"display": {"driver": "dummy"}, "language": language}))
    try:
        show_stopped(rig.app)
        return frame_to_text(rig.frame, ascii_only=True)
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_terminal_screen_runs_in_an_ascii_locale(tmp_path: Path, language: str) -> None:
    (tmp_path / "config.toml").write_text(f'language = "{language}"\n')
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "--config", str(tmp_path / "config.toml"), "run",
         "--db", str(tmp_path / "c.db")],
        input=b"q", capture_output=True, timeout=30, cwd=ROOT, env=ASCII)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    out = proc.stdout.decode("ascii")  # nothing but ASCII reached the terminal
    last = out.split("\x1b[H")[-1]
    rows = [line[1:-1] for line in last.split("\n") if line.startswith("|")]
    assert last.startswith("+" + "-" * 128 + "+") and "\n".join(rows) == stopped_frame(language)
    if language == "en":
        assert "arrows move | Enter OK" in last


def drawn_on(encoding: str, *keys: str) -> tuple[str, str]:
    """What a terminal writing ``encoding`` shows after ``keys`` on the real app (mock
    pins to display), and the last frame in the half blocks of a UTF-8 terminal."""
    out = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    rig = Rig(display=TerminalDisplay(out=out, footer="arrows move · q quit"))
    try:
        rig.keys(*keys)
        out.flush()
        return out.buffer.getvalue().decode(encoding), frame_to_text(rig.frame)
    finally:
        rig.close()


def test_an_ascii_terminal_gets_each_pixel_pair_as_an_ascii_character(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    shown, blocks = drawn_on("ascii", "DOWN", "OK")
    last = shown.split("\x1b[H")[-1]
    rows = [line[1:-1] for line in last.split("\n") if line.startswith("|")]
    assert len(rows) == 32 and all(len(row) == 128 for row in rows)
    assert "\n".join(rows).translate(str.maketrans('",#', "\u2580\u2584\u2588")) == blocks
    assert "arrows move | q quit" in last


def test_a_narrow_ascii_terminal_gets_a_block_of_pixels_a_character(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    shown, _blocks = drawn_on("ascii", "DOWN")
    rows = [line[1:-1] for line in shown.split("\x1b[H")[-1].split("\n")
            if line.startswith("|")]
    assert len(rows) == 16 and all(len(row) == 64 for row in rows)
    assert set("".join(rows)) <= set(" .:-=+*#@") and set("".join(rows)) != {" "}


def test_a_utf8_terminal_keeps_its_half_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    shown, blocks = drawn_on("utf-8", "DOWN")
    assert blocks.split("\n")[0] in shown and "\u2502" in shown and "· q quit" in shown
