"""Issue 41's command line in Japanese: `language = "jp"` is refused in Japanese, a name
the roster lacks is quoted (「存在しない」は…, no space before は), `stats --player さくら`
finds 佐々木 さくら as the box calls her, and a house rule's choices read as a request."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner import cli


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.fixture
def japanese(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    config = tmp_path / "ja.toml"
    config.write_text('language = "ja"\n[display]\ndriver = "dummy"\n', encoding="utf-8")
    db = tmp_path / "c.db"
    store = Store.open(db)
    for name in ("佐々木 さくら", "佐々木 健一", "ミヤ・ロドリゲス"):
        store.add_player(name)
    store.close()
    return config, str(db)


def test_language_jp_is_refused_in_japanese(tmp_path: Path, capsys, japanese) -> None:  # noqa: ANN001
    config = tmp_path / "jp.toml"
    config.write_text('language = "jp"\n[display]\ndriver = "dummy"\n', encoding="utf-8")
    code, said = run(capsys, "--config", str(config), "players", "list")
    assert code == 2 and "'jp' は使えません" in said and "must be" not in said, said


def test_a_missing_name_is_quoted(capsys, japanese) -> None:  # noqa: ANN001
    config, db = japanese
    code, said = run(capsys, "--config", str(config), "--db", db, "players", "rename",
                     "存在しない", "何か")
    assert code == 2 and "「存在しない」は名簿にいません" in said, said


@pytest.mark.parametrize(("given", "found"), [("さくら", True), ("ミヤ", True),
                                              ("佐々木", False), ("だれか", False)])
def test_stats_finds_a_player_by_the_name_the_box_shows(capsys, japanese, given: str,  # noqa: ANN001
                                                        found: bool) -> None:
    config, db = japanese
    code, said = run(capsys, "--config", str(config), "--db", db, "stats", "--player", given)
    assert (code == 0) is found, said


def test_a_house_rules_choices_read_as_a_request() -> None:
    from companion.core import i18n
    from companion.core.i18n import _

    i18n.use("ja")
    try:
        said = _("house rule {name!r} must be one of {choices}, not {value}.").format(
            name="solo_energy", choices="4, 5", value=6)
    finally:
        i18n.use("en")
    assert said == "ハウスルール solo_energy は 4, 5 から選んでください(6 は使えません)。"
