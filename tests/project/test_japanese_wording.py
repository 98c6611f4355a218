"""Guards issue 35's wording list: the Japanese catalogues use one kind of bracket and
question mark, the half-width ``(…)`` and ``?`` of the box's font and of the rest of the
catalogue, never the full-width 「（…）」 or 「？」 beside them (「どのサイコロ？」 next to
「脱落する?」 read as two authors); and ``[state] dir`` has one name, 「保存先フォルダー」,
in the catalogues, ``--help`` and the Japanese docs (「状態フォルダ」 was a second)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
FULL_WIDTH = "（）？"


def japanese_catalogues() -> list[Path]:
    return sorted(p for p in ROOT.glob("*/**/locale/ja/LC_MESSAGES/messages.po")
                  if ".venv" not in p.parts)


def full_width_in(po: Path) -> list[str]:
    """Every translation in ``po`` holding a full-width bracket or question mark."""
    with open(po, "rb") as fp:
        catalog = read_po(fp)
    found = []
    for message in catalog:  # the current entries only: obsolete ones are never shown
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if s and any(c in s for c in FULL_WIDTH)]
    return found


def test_the_core_the_games_and_the_example_plugin_are_checked() -> None:
    found = {p.relative_to(ROOT).parts[:3] for p in japanese_catalogues()}
    assert ("companion", "core", "locale") in found
    assert ("companion", "games", "any_dice") in found
    assert any(parts[0] == "examples" for parts in found)


def test_no_japanese_translation_uses_full_width_brackets_or_question_marks() -> None:
    bad = {str(po.relative_to(ROOT)): full_width_in(po)[:3] for po in japanese_catalogues()}
    assert not {k: v for k, v in bad.items() if v}, bad


def test_the_check_finds_a_full_width_question_mark(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "Which die?"\nmsgstr "どのサイコロ？"\n', encoding="utf-8")
    assert full_width_in(po) == ["どのサイコロ？"]


#: The one Japanese name of ``[state] dir``, and the names it had beside it.
STATE_DIR, OTHER_NAMES = "保存先フォルダー", ("状態フォルダ", "状態ディレクトリ", "保存フォルダ")


def japanese_texts() -> dict[str, str]:
    """The Japanese README, the docs and the Japanese catalogues, by path."""
    paths = [ROOT / "README.ja.md", *(ROOT / "docs").rglob("*.md"), *japanese_catalogues()]
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}


def test_the_state_folder_has_one_name_in_japanese() -> None:
    texts = japanese_texts()
    assert not {path: name for path, text in texts.items() for name in OTHER_NAMES
                if name in text}
    assert STATE_DIR in texts["README.ja.md"]


def test_the_help_names_the_state_folder_as_the_docs_do(japanese) -> None:
    from companion.core.i18n import _

    assert STATE_DIR in _("the action log (default: state dir)")


def test_readme_ja_tells_players_what_the_box_does_not_how_it_was_measured() -> None:
    """The review: README.ja's games table and table tips are for the people at the
    table; figures of measurement, signals and file-format fields belong to README.md
    and docs/ (「測定:2色5点で6回」, 「kill -9」, 「manualWinner」 were in them)."""
    text = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    players_part = text.split("## ゲーム", 1)[1].split("## 本体を作る", 1)[0]
    for developer_word in ("測定", "kill -9", "SQLite", "manualWinner", "JIS X", "kHz"):
        assert developer_word not in players_part, developer_word
