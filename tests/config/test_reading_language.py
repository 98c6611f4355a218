"""Issue 35 (F5): a config error is said in the language the config file names
(`language = "ja"`), not only the locale's: a Pi's default locale is en_GB. And the TOML
parser's own words (English only) are translated where they are known."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _stderr(config: Path, lang: str, home: Path) -> str:
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "",
           "XDG_CONFIG_HOME": str(home / "no-config"), "XDG_STATE_HOME": str(home / "state")}
    proc = subprocess.run([sys.executable, "-m", "companion", "--config", str(config),
                           "history"], capture_output=True, text=True, timeout=60, env=env,
                          cwd=ROOT)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
    return proc.stderr


@pytest.mark.parametrize("body", ['language = "ja"\n[display]\ncontrast = 300\n',
                                  'language = "ja"\n[display]\ncontrast = \n'])
def test_a_config_error_speaks_the_configs_language(tmp_path: Path, body: str) -> None:
    config = tmp_path / "config.toml"
    config.write_text(body, encoding="utf-8")
    said = _stderr(config, "en_GB.UTF-8", tmp_path)
    assert not said.isascii() and "must be" not in said and "Invalid" not in said, said


def test_the_toml_parsers_words_follow_the_locale(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[display]\ncontrast = \n", encoding="utf-8")
    said = _stderr(config, "ja_JP.UTF-8", tmp_path)
    assert "2行目、12文字目" in said and "値が正しくありません" in said, said
    english = _stderr(config, "en_GB.UTF-8", tmp_path)
    assert "at line 2, column 12: Invalid value." in english, english


def test_an_english_config_stays_english(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "en"\n[display]\ncontrast = 300\n', encoding="utf-8")
    assert "must be" in _stderr(config, "ja_JP.UTF-8", tmp_path)
