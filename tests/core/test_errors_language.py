"""Guards #16: the values inside error sentences (who holds a pin) and the roster's and
command line's own errors read in Japanese when the box speaks Japanese."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import file as config
from companion.core import i18n
from companion.core.errors import BadName, ConfigError, Translatable
from companion.log.store import Store

ROOT = Path(__file__).resolve().parents[2]


def test_the_device_holding_a_pin_is_named_in_japanese(japanese) -> None:
    with pytest.raises(ConfigError) as err:
        config.load_text('[display]\ndriver = "ssd1306"\nbus = "i2c"\n[buttons]\nup = 2\n')
    assert "I²C SDA" in str(err.value)  # the English keeps its words
    assert err.value.translated(i18n._) == "buttons.up: ピン 2 は I²CのSDA に使われています。"


@pytest.mark.parametrize("name, japanese_start", [
    ("", "名前を1文字以上入力してください"),
    ("\ue000x", "名前に私用領域の文字は使えません"),
    ("A" * 13, "名前は12文字までです"),
])
def test_a_bad_name_says_why_in_japanese(japanese, tmp_path: Path, name: str,
                                         japanese_start: str) -> None:
    store = Store.open(tmp_path / "c.db")
    try:
        with pytest.raises(BadName) as err:
            store.add_player(name)
        assert isinstance(err.value, Translatable)
        assert err.value.translated(i18n._).startswith(japanese_start)
        store.add_player("Hana")
        with pytest.raises(BadName) as again:
            store.add_player("ＨＡＮＡ")  # the same name, full width and upper case
        assert again.value.translated(i18n._) == ("「Hana」はすでに名簿にいます。"
                                                  "別の名前にしてください。")
    finally:
        store.close()


def test_the_command_line_says_what_is_wrong_in_japanese(tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
           "XDG_CONFIG_HOME": str(tmp_path / "no-config")}
    missing = tmp_path / "nothing.db"
    proc = subprocess.run([sys.executable, "-m", "companion", "restore", str(missing)],
                          capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr == f"companion: {missing} を復元できません: ファイルがありません。\n"
