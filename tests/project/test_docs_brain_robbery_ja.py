"""Guards the Japanese words about Brain Robbery in docs/brain_robbery.md and README.ja.md: the
rulebook's ブレイク (not ブレーキ) and エンジン, the end by a Break with only the Engine left,
the winner by the one highest-IQ brain in a head (not a sum), and the fight as a choice."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def summary() -> str:
    doc = (ROOT / "docs" / "brain_robbery.md").read_text(encoding="utf-8")
    return doc[doc.index("## 日本語の要約"):]


def test_the_summary_ends_the_game_as_the_rulebook_does() -> None:
    text = summary()
    assert "ブレーキ" not in text and "機関車" not in text and "合計で勝者" not in text
    assert "エンジンだけが残った列車で" in text
    assert "ブレイクスペースに止まるとゲームは終わります" in text
    assert "IQ がいちばん高いプレイヤーの勝ち" in text and "戦闘は任意" in text


def test_the_readme_calls_the_break_spaces_by_their_name() -> None:
    readme = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if "グレート・ブレイン・ロバリー**" in line)
    assert "ブレイク" in row and "ブレーキ" not in row
