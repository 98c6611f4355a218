"""Guards ``companion players import``: a BG Stats export's players take their UUIDs,
and every file the roster cannot take is one sentence with nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.errors import RosterError
from companion.log.store import Store
from companion.owner import cli
from companion.records.bgstats_import import import_players

ANN, BEN = "0F6C1E2A-1111-4A2B-9C3D-000000000001", "0F6C1E2A-1111-4A2B-9C3D-000000000002"


def export(*people: tuple[str, str]) -> str:
    return json.dumps({"players": [{"uuid": u, "id": i, "name": n, "isAnonymous": False}
                                   for i, (n, u) in enumerate(people, start=1)],
                       "plays": []}, ensure_ascii=False)


def roster(store: Store) -> list[tuple[str, str]]:
    return [(p.name, p.uuid) for p in store.players(hidden=True)]


def test_a_roster_player_takes_the_uuid_under_any_case_or_width() -> None:
    store = Store.open(":memory:")
    store.add_player("ＡＮＮ")  # full width: saved as "ANN"
    plan = import_players(store, export(("ann", ANN), ("Ben", BEN)))
    assert plan.done and roster(store) == [("ANN", ANN), ("Ben", BEN)]
    again = import_players(store, export(("ann", ANN)))
    assert again.changes[0].same and again.lines() == [f"ann already carries {ANN}."]


def test_dry_run_changes_nothing() -> None:
    store = Store.open(":memory:")
    store.add_player("Ann")
    before, generation = roster(store), store.generation
    plan = import_players(store, export(("Ann", ANN), ("Ben", BEN)), dry_run=True)
    assert not plan.done and [c.roster_name for c in plan.changes] == ["Ann", None]
    assert roster(store) == before and store.generation == generation


@pytest.mark.parametrize("text, said", [
    ("not json", "this is not a BG Stats export"),
    ('{"games": []}', "this is not a BG Stats export"),
    ('{"players": [{"name": "Ann", "uuid": "not-a-uuid"}]}', "this is not a BG Stats export"),
    (export(("Ann", ANN), ("Guest 2", BEN)), "Guest 2 in the file: Guest 2 is kept for seats"),
    (export(("Ann", ANN), ("Ann\x07", BEN)), "Ann\x07 in the file: A name cannot hold control"),
    (export(("Ann", ANN), ("ANN", BEN)), "ANN is in the file twice"),
    (export(("Ann", ANN), ("Ben", ANN)), f"{ANN} is in the file twice"),
    (export(("Cy", ANN)), f"{ANN} (Cy in the file) already belongs to Ann on the roster"),
])
def test_what_the_roster_cannot_take_is_refused_whole(text: str, said: str) -> None:
    store = Store.open(":memory:")
    store.add_player("Ann")
    store.take_uuids([("Ann", ANN)])
    before, generation = roster(store), store.generation
    with pytest.raises(RosterError) as err:
        import_players(store, text)
    assert str(err.value).startswith(said) and "nothing was changed" in str(err.value).lower()
    assert roster(store) == before and store.generation == generation


def test_the_command_says_it_in_one_line_and_exit_2(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = str(tmp_path / "c.db")
    Store.open(db).close()
    bad = tmp_path / "photo.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 not json")
    assert cli.main(["players", "--db", db, "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: this is not a BG Stats export") and err.count("\n") == 1
    assert cli.main(["players", "--db", db, "import", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.startswith("companion: cannot read")
    good = tmp_path / "BGStatsExport.json"
    good.write_text(export(("Ann", ANN), ("😀", BEN)), encoding="utf-8")
    assert cli.main(["players", "--db", db, "import", str(good)]) == 2  # no font draws it
    assert "cannot show 😀" in capsys.readouterr().err
    store = Store.open(db)
    assert store.players(hidden=True) == []
    store.close()


def test_the_japanese_box_says_the_plan_in_japanese(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db, good = str(tmp_path / "c.db"), tmp_path / "g.json"
    Store.open(db).close()
    good.write_text(export(("さくら", ANN)), encoding="utf-8")
    conf = tmp_path / "c.toml"
    conf.write_text('language = "ja"\n', encoding="utf-8")
    assert cli.main(["--config", str(conf), "players", "--db", db, "import", str(good),
                     "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "さくら" in out and "追加" in out and "変更していません" in out
