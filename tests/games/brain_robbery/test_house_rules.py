"""Guards `house_rules.brain_robbery.board_names` in the config file: a list that does not
name all 8 boards is refused at start-up (one line on stderr, exit 2), not on game night."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner.cli import main

BOARDS = ["Red", "Blue", "Green", "Gold", "Grey", "Pink", "Teal", "Plum"]


def config(tmp_path: Path, names: list[str]) -> str:
    path = tmp_path / "config.toml"
    listed = ", ".join(f'"{n}"' for n in names)
    path.write_text(f"[house_rules.brain_robbery]\nboard_names = [{listed}]\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("count", [3, 9])
def test_a_wrong_number_of_board_names_is_refused_at_start_up(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C.UTF-8")
    names = (BOARDS * 2)[:count]
    assert main(["--config", config(tmp_path, names), "--db", str(tmp_path / "c.db"),
                 "history"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert "board_names" in err and "name all 8 boards" in err and f"{count} given" in err


@pytest.mark.parametrize("names", [BOARDS, []])
def test_all_eight_board_names_or_none_are_fine(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, names: list[str]) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    Store.open(tmp_path / "c.db").close()  # history reads a log; it never makes one
    assert main(["--config", config(tmp_path, names), "--db", str(tmp_path / "c.db"),
                 "history"]) == 0
    assert capsys.readouterr().err == ""
