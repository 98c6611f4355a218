"""Guards issue 35's command-line wording: ``--game`` takes a game's name as the owner
reads it (「頭脳絶好調スペシャル」, full-width letters, either language) and lists each
game with its name when it names none; ``doctor`` says 「1時間以内」 for a backup made
in the last hour (not 「0時間前」) and "disk" on a laptop (no SD card there); an export's
line ends as a Japanese sentence (「。」)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config.file import from_mapping
from companion.log.store import Store
from companion.owner import cli
from companion.owner.doctor.checks import Doctor
from companion.owner.doctor.storage import backup_checks, card_check
from companion.owner.players_command import game_key
from tests.records.test_stats_as_declared import genial


@pytest.fixture
def speaks_japanese(monkeypatch, tmp_path: Path) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture
def log(tmp_path: Path) -> str:
    db = str(tmp_path / "c.db")
    store = Store.open(db)
    for name in ("ゆい", "健太"):
        store.add_player(name)
    genial(store, ["ゆい", "健太"], 3)
    store.close()
    return db


@pytest.mark.parametrize("name", ["genial", "頭脳絶好調スペシャル", "頭脳絶好調SP",
                                  "頭脳絶好調ＳＰ", "Genial Spezial", "genial spezial",
                                  "GENIAL  SPEZIAL"])
def test_game_names_the_game_in_either_language(name: str) -> None:
    assert game_key(name) == "genial"


def test_stats_history_and_exports_take_the_japanese_name(speaks_japanese, log, capsys) -> None:
    assert cli.main(["stats", "--db", log, "--game", "頭脳絶好調スペシャル"]) == 0
    assert "記録(頭脳絶好調スペシャル)" in capsys.readouterr().out
    assert cli.main(["stats", "--db", log, "--game", "頭脳絶好調SP", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["records"]) == ["genial"]
    assert cli.main(["history", "--db", log, "--game", "頭脳絶好調ＳＰ", "--json"]) == 0
    assert [p["game"] for p in json.loads(capsys.readouterr().out)] == ["頭脳絶好調スペシャル"]


def test_an_unknown_game_is_refused_with_each_games_name(speaks_japanese, log, capsys) -> None:
    assert cli.main(["stats", "--db", log, "--game", "頭脳"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: --game 頭脳: そのゲームはありません。")
    assert err.count("\n") == 1
    assert "genial(頭脳絶好調スペシャル)、" in err and "brikks(Brikks)" in err


def test_the_export_line_is_a_sentence(speaks_japanese, log, tmp_path, capsys) -> None:
    out = tmp_path / "plays.bgsplay"
    assert cli.main(["history", "--db", log, "--bgstats", str(out)]) == 0
    assert capsys.readouterr().out == f"1件のプレイを {out} に書き出しました。\n"


def backups_of(tmp_path: Path, hours_ago: float) -> Path:
    state = tmp_path / "state-dir"
    (state / "backups").mkdir(parents=True)
    Store.open(state / "companion.db").close()
    when = time.gmtime(time.time() - hours_ago * 3600)  # named by when, in UTC
    (state / "backups" / time.strftime("companion-%Y%m%d-%H%M%S.db", when)).write_bytes(b"")
    return state / "companion.db"


def test_a_backup_of_the_last_hour_is_within_the_hour(japanese, tmp_path: Path) -> None:
    age, _card = backup_checks(backups_of(tmp_path, 0.3))
    assert age.detail == "最新は1時間以内、1個を保存中"
    age, _card = backup_checks(backups_of(tmp_path / "later", 3))
    assert age.detail == "最新は3時間前、1個を保存中"


def test_a_laptop_has_a_disk_not_an_sd_card(japanese, tmp_path: Path) -> None:
    assert str(card_check(tmp_path, 0, 10**12, on_pi=True)).startswith("ok    SDカード: ")
    full = str(card_check(tmp_path, 0, 10**6, on_pi=False))
    assert full.startswith("FAIL  ディスク: ") and "ディスクの空きを増やして" in full
    assert "カード" not in full
    log = backups_of(tmp_path, 30)
    doctor = Doctor(from_mapping({"state": {"dir": str(log.parent)}}), dev=tmp_path,
                    model=tmp_path / "no-model", groups=set, user=lambda: "pi",
                    is_root=lambda: False, pin_factory=MockFactory())
    lines = [str(check) for check in doctor.run()]  # no Raspberry Pi model: a laptop
    assert any(line.startswith("ok    ディスク: ") for line in lines), lines
    assert not [line for line in lines if "カード" in line], lines
