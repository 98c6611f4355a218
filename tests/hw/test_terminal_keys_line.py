"""Issue 35 (review list): the laptop's key line under the terminal screen speaks the
box's language: Japanese from the first frame when the config says ``language = "ja"``,
and at once when the language is switched in Settings while the companion runs (it
stayed English: the line was made once, at start).

The real ``python -m companion run`` with the terminal emulator, keys written to its
stdin, its terminal output read back."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.apprun import EMULATOR, ROOT

ENGLISH = ("arrows move · Enter OK · Backspace back · Space roll · u undo · h+key hold · "
           "q quit")
JAPANESE = ("矢印=移動 · Enter=決定 · Backspace=戻る · Space=振る · u=取り消し · "
            "h+キー=長押し · q=終了")
DOWN, RIGHT, ENTER = b"\x1b[B", b"\x1b[C", b"\r"


def footers(screen: str) -> list[str]:
    """The key line under each frame the terminal was sent, in order."""
    frames = screen.split("\x1b[H")[1:]
    return [frame.split("┘\n", 1)[1].split("\x1b[K", 1)[0] for frame in frames]


class Terminal:
    """The companion on a UTF-8 terminal in an English locale, its screen in a file."""

    def __init__(self, tmp: Path, config: str) -> None:
        (tmp / "config.toml").write_text(config, encoding="utf-8")
        self.screen, self.trace = tmp / "screen.txt", tmp / "trace.txt"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "LANG": "en_GB.UTF-8",
               "PYTHONIOENCODING": "utf-8", "XDG_STATE_HOME": str(tmp / "state")}
        for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
            env.pop(name, None)
        self.out = open(self.screen, "wb")  # noqa: SIM115 - closed in close()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "--config", str(tmp / "config.toml"), "run",
             "--db", str(tmp / "c.db"), "--trace", str(self.trace)],
            stdin=subprocess.PIPE, stdout=self.out, stderr=subprocess.PIPE, cwd=ROOT, env=env)

    def wait_for(self, words: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            if self.trace.exists() and any(words in line for line in
                                           self.trace.read_text(encoding="utf-8").split("\n")):
                return
            time.sleep(0.02)
        raise AssertionError(f"no frame with {words!r}")

    def keys(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def quit(self) -> str:
        """Quit with q; what the terminal was sent."""
        self.keys(b"q")
        assert self.proc.wait(30) == 0
        return self.screen.read_text(encoding="utf-8")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stderr, self.out):
            if stream is not None:
                stream.close()


def test_a_japanese_box_shows_its_keys_in_japanese_from_the_first_frame(tmp_path: Path) -> None:
    term = Terminal(tmp_path, 'language = "ja"\n' + EMULATOR)
    try:
        term.wait_for("新しいゲーム")
        lines = footers(term.quit())
    finally:
        term.close()
    assert lines and set(lines) == {JAPANESE}


def test_the_keys_line_follows_the_language_switched_in_settings(tmp_path: Path) -> None:
    term = Terminal(tmp_path, EMULATOR)
    try:
        term.wait_for("New game")
        term.keys(DOWN * 3 + ENTER)  # New game, History, Players, Settings
        term.wait_for("Language: English")
        term.keys(RIGHT)  # English → 日本語
        term.wait_for("言語: 日本語")
        lines = footers(term.quit())
    finally:
        term.close()
    assert lines[0] == ENGLISH and lines[-1] == JAPANESE
    switched = lines.index(JAPANESE)
    assert set(lines[:switched]) == {ENGLISH} and set(lines[switched:]) == {JAPANESE}
