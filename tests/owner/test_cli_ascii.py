"""Guards the command line on a terminal that shows ASCII only (``LC_ALL=C``): help, a
Japanese roll and a Japanese mistake print with ``?`` for what it cannot show, never a
UnicodeEncodeError traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.apprun import ROOT

ASCII = {**os.environ, "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0", "LC_ALL": "C",
         "PYTHONPATH": str(ROOT)}
ASCII.pop("PYTHONIOENCODING", None)


@pytest.mark.parametrize(("language", "args", "code"), [
    ("en", ["--help"], 0),
    ("ja", ["--help"], 0),
    ("ja", ["roll", "brikks"], 0),
    ("ja", ["roll", "7x"], 2),
])
def test_an_ascii_terminal_gets_question_marks_not_a_traceback(
        tmp_path: Path, language: str, args: list[str], code: int) -> None:
    (tmp_path / "config.toml").write_text(f'language = "{language}"\n')
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "--config", str(tmp_path / "config.toml"), *args],
        capture_output=True, timeout=60, cwd=ROOT, env=ASCII)
    err = proc.stderr.decode("ascii")
    assert proc.returncode == code and "Traceback" not in err, err
    assert proc.stdout.decode("ascii") or len(err.splitlines()) == 1
