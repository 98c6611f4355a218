"""Guards #16: the command line's own words (history, stats, players, roll, backup)
follow the language, and its tables line up with Japanese names in them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.core.columns import cells
from companion.testing import Rig

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, home: Path) -> str:
    env = {**os.environ, "LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
           "XDG_CONFIG_HOME": str(home / "no-config"), "XDG_STATE_HOME": str(home / "state")}
    proc = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, env=env, cwd=ROOT)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    return proc.stdout


def test_history_stats_and_players_speak_japanese(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db, seed=3)
    rig.keys("ok", "ok", "roll", "roll", "long ok", "ok")  # a dice roller session, ended
    rig.close()
    history = _run("history", "--db", db, home=tmp_path)
    assert history.splitlines()[0].split() == ["日付", "ゲーム", "勝者", "プレイヤー"]
    assert history.splitlines()[1].split()[1:4] == ["ダイス", "-", "テーブル"]
    added = _run("players", "--db", db, "add", "はなこ", home=tmp_path)
    assert added == "はなこを追加しました。\n"
    listing = _run("players", "--db", db, "list", home=tmp_path).splitlines()
    head, row = listing
    # the column lines up on the terminal: counted in cells, not characters (as wide as
    # the widest name, はなこ: 6 cells, and two spaces)
    assert cells(row[:row.index("なし")]) == cells(head[:head.index("最終プレイ")]) == 8
    stats = _run("stats", "--db", db, home=tmp_path)
    assert stats.startswith("プレイヤー")
    assert "名簿のプレイヤーで終わったゲームはまだありません" in stats
    assert _run("roll", "brain-robbery", home=tmp_path).startswith("ブレイン強盗: ")
    assert "ダイス2個" in _run("roll", "brain-robbery", home=tmp_path)


def test_doctor_speaks_japanese(tmp_path: Path) -> None:
    report = _run("doctor", home=tmp_path).splitlines()
    assert report[0].startswith("ok    設定: ")
    assert report[-1] in ("問題は見つかりませんでした。",) or report[-1].startswith("問題が")
    assert not [line for line in report if "built-in default" in line or "laptop" in line]
