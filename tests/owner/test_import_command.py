"""Issue 44's done-when, on the command line: a two-year BG Stats export (generated in
the test: 410 plays over 20 games, five regulars, three who left, 山田　一郎 with U+3000,
"Chloé" beside the box's "Chloe", "Sebastian Müller" of 16 characters) comes in through
``companion import``; ``companion stats --json`` counts what the test counts from the
generated data; a second import adds nothing; the box's next export lands on the group's
player, game and location UUIDs. Before, ``companion import`` did not exist and the
plays never came in (Ann's card said 2 plays where BG Stats had 225)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.group_export import Export, group_export
from companion.app.session import GameSession
from companion.log.store import Store
from companion.owner import cli

#: 2026-12-05 20:00 UTC: the box's own plays, after the file's two years.
NOW = 1796500800.0
#: Who each person of the file is on the box after ``--shorten --leave-out Frank``.
ON_BOX = {"Ann": "Ann", "Ben": "Ben", "Chloé": "Chloe", "山田\u3000一郎": "山田 一郎",
          "Dora": "Dora", "Sebastian Müller": "Sebastian M.", "Eve": "Eve"}


def box_log(db: Path) -> None:
    """The box before the import: Ann and Chloe on its roster, one Genial they played
    (Ann won)."""
    store = Store.open(db, clock=lambda: NOW)
    try:
        store.add_player("Ann")
        store.add_player("Chloe")
        genial(store)
    finally:
        store.close()


def genial(store: Store) -> None:
    game = GameSession.start(store, "genial", {"players": ["Ann", "Chloe"]})
    game.apply({"type": "turn", "all": 3})
    game.apply({"type": "end_early"})


def run(tmp_path: Path, capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    config = tmp_path / "config.toml"
    if not config.exists():
        config.write_text('[display]\ndriver = "dummy"\n', encoding="utf-8")
    code = cli.main(["--config", str(config), *argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def expected_counts(export: Export) -> dict[str, tuple[int, int]]:
    """Plays and wins per roster name, counted from the generated data and the box's
    one Genial."""
    counts = {ON_BOX[name]: (export.plays[name], export.wins[name]) for name in ON_BOX}
    counts["Ann"] = (counts["Ann"][0] + 1, counts["Ann"][1] + 1)
    counts["Chloe"] = (counts["Chloe"][0] + 1, counts["Chloe"][1])
    return counts


def stats_counts(tmp_path: Path, capsys: pytest.CaptureFixture, db: Path
                 ) -> dict[str, tuple[int, int]]:
    code, out, _err = run(tmp_path, capsys, "stats", "--json", "--db", str(db))
    assert code == 0
    return {p["name"]: (p["plays"], p["wins"]) for p in json.loads(out)["players"]}


@pytest.fixture
def imported(tmp_path: Path, capsys: pytest.CaptureFixture) -> tuple[Export, Path, str]:
    export = group_export()
    path = tmp_path / "BGStatsExport.json"
    path.write_text(json.dumps(export.data, ensure_ascii=False), encoding="utf-8")
    db = tmp_path / "companion.db"
    box_log(db)
    code, out, err = run(tmp_path, capsys, "import", str(path), "--shorten",
                         "--leave-out", "Frank", "--db", str(db))
    assert (code, err) == (0, "")
    return export, db, out


def test_the_groups_plays_come_in_and_count(imported: tuple[Export, Path, str],
                                            tmp_path: Path,
                                            capsys: pytest.CaptureFixture) -> None:
    export, db, out = imported
    assert "410 plays added, 0 already on the box." in out
    assert "山田 一郎 is added with" in out and "Frank is left out, as asked." in out
    assert "Chloe takes" in out and "Sebastian Müller is added as Sebastian M." in out
    assert "1 game is the box's own" not in out  # Genial (its id) and Brikks (its name)
    assert "2 games are the box's own: Genial as Genial Spezial, Brikks." in out
    assert "18 games kept under their own names" in out
    store = Store.open(db)
    try:
        uuids = {p.name: p.uuid for p in store.players(hidden=True)}
    finally:
        store.close()
    assert sorted(uuids) == sorted(ON_BOX.values())
    assert all(uuids[ON_BOX[n]] == export.player_uuid[n].upper() for n in ON_BOX)
    assert stats_counts(tmp_path, capsys, db) == expected_counts(export)
    code, out, _err = run(tmp_path, capsys, "history", "--json", "--db", str(db))
    rows = json.loads(out)
    assert code == 0 and len(rows) == 411
    by_game: dict[str, int] = {}
    for r in rows:
        by_game[r["game"]] = by_game.get(r["game"], 0) + 1
    assert by_game.pop("Genial Spezial") == export.per_game["Genial"] + 1
    assert by_game == {name: n for name, n in export.per_game.items() if name != "Genial"}


def test_a_second_import_adds_nothing(imported: tuple[Export, Path, str], tmp_path: Path,
                                      capsys: pytest.CaptureFixture) -> None:
    export, db, _out = imported
    code, out, _err = run(tmp_path, capsys, "import", str(tmp_path / "BGStatsExport.json"),
                          "--shorten", "--leave-out", "Frank", "--db", str(db))
    assert code == 0 and "0 plays added, 410 already on the box." in out, _err
    assert stats_counts(tmp_path, capsys, db) == expected_counts(export)


def test_a_newer_export_adds_only_the_new_plays(tmp_path: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "companion.db"
    box_log(db)
    older, newer = group_export(300), group_export(310)  # the same seed: 300 in common?
    path = tmp_path / "export.json"
    path.write_text(json.dumps(older.data), encoding="utf-8")
    assert run(tmp_path, capsys, "import", str(path), "--shorten", "--db", str(db))[0] == 0
    newer.data["plays"] = older.data["plays"] + newer.data["plays"][:10]
    newer.data["plays"][-10:] = [{**p, "uuid": p["uuid"][:-4] + "beef"}
                                 for p in newer.data["plays"][-10:]]
    path.write_text(json.dumps(newer.data), encoding="utf-8")
    code, out, _err = run(tmp_path, capsys, "import", str(path), "--shorten", "--db",
                          str(db), "--dry-run")
    assert code == 0 and "10 plays would be added, 300 already on the box." in out
    code, out, _err = run(tmp_path, capsys, "import", str(path), "--shorten", "--db", str(db))
    assert code == 0 and "10 plays added, 300 already on the box." in out


def test_the_boxs_next_export_lands_on_the_groups_uuids(
        imported: tuple[Export, Path, str], tmp_path: Path,
        capsys: pytest.CaptureFixture) -> None:
    export, db, _out = imported
    store = Store.open(db, clock=lambda: NOW + 3600)
    try:
        genial(store)
    finally:
        store.close()
    sent = tmp_path / "out.bgsplay"
    code, _out, _err = run(tmp_path, capsys, "history", "--bgstats", str(sent), "--db",
                           str(db))
    data = json.loads(sent.read_text(encoding="utf-8"))
    assert code == 0 and len(data["plays"]) == 2  # the box's own; never the imported
    assert {p["name"]: p["uuid"] for p in data["players"]} == {
        "Ann": export.player_uuid["Ann"].upper(), "Chloe": export.player_uuid["Chloé"].upper()}
    assert [g["uuid"] for g in data["games"]] == [export.game_uuid["Genial"].upper()]
    most = export.place_count.most_common(1)[0][0]
    assert data["locations"] == [{"uuid": export.place_uuid[most].upper(), "id": 1,
                                  "name": most,
                                  "modificationDate": data["locations"][0]["modificationDate"]}]


def test_a_bad_file_is_one_sentence_and_changes_nothing(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture) -> None:
    db = tmp_path / "companion.db"
    box_log(db)
    export = group_export(5)
    export.data["plays"][3]["gameRefId"] = 99
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export.data), encoding="utf-8")
    code, out, err = run(tmp_path, capsys, "import", str(path), "--db", str(db))
    assert code == 2 and out == ""
    assert err.strip().endswith("play 4 in the file names a game the file does not list; "
                                "nothing was changed.") and err.count("\n") == 1
    store = Store.open(db)
    try:
        assert store.imported.count() == 0 and len(store.players()) == 2
    finally:
        store.close()


def test_stats_of_a_game_the_box_has_no_rules_for(imported: tuple[Export, Path, str],
                                                 tmp_path: Path,
                                                 capsys: pytest.CaptureFixture) -> None:
    """``companion stats --game azul`` names a game the group's plays brought in (it was
    "unknown game")."""
    export, db, _out = imported
    code, out, err = run(tmp_path, capsys, "stats", "--game", "azul", "--json", "--db",
                         str(db))
    assert (code, err) == (0, "")
    counted = {p["name"]: p["games"]["Azul"]["plays"] for p in json.loads(out)["players"]}
    assert sum(counted.values()) > export.per_game["Azul"] >= max(counted.values()) > 0
    assert run(tmp_path, capsys, "stats", "--game", "Mystery", "--db", str(db))[0] == 2
