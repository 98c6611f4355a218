"""Guards issues 43 and 44 on ``companion players import`` (the page's import calls the
same function): 山田　一郎 (U+3000) comes in as 山田 一郎; one name too long for the box
("Sebastian Müller") never refuses the whole file: it is left out with a short name
proposed, ``--shorten`` brings them in under it, ``--leave-out`` leaves anyone out, each
said in one sentence; "Chloé" in the file is the box's Chloe, said so, unless named
``--someone-else``; a UUID spelled ``{…}``, ``urn:uuid:…`` or in lower case is one UUID;
JSON nested deeply is one sentence and exit 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.errors import RosterError
from companion.log.store import Store
from companion.owner import cli
from companion.records.bgstats_import import import_players

U = "0F6C1E2A-1111-4A2B-9C3D-00000000000{}"


def export(*people: tuple[str, str]) -> str:
    return json.dumps({"players": [{"uuid": u, "id": i, "name": n, "isAnonymous": False}
                                   for i, (n, u) in enumerate(people, start=1)],
                       "plays": []}, ensure_ascii=False)


GROUP = export(("Ann", U.format(1)), ("山田\u3000一郎", U.format(2)),
               ("Sebastian Müller", U.format(3)), ("Chloé", U.format(4)))


def roster(db: Path) -> dict[str, str]:
    store = Store.open_existing(db)
    try:
        return {p.name: p.uuid for p in store.players(hidden=True)}
    finally:
        store.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "companion.db"
    store = Store.open(path)
    store.add_player("Chloe")
    store.close()
    (tmp_path / "group.json").write_text(GROUP, encoding="utf-8")
    return path


def test_the_preview_says_what_happens_to_each_person(db: Path, capsys) -> None:  # noqa: ANN001
    assert cli.main(["players", "--db", str(db), "import", str(db.parent / "group.json"),
                     "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"Ann is added with {U.format(1)}.",
                   f"山田 一郎 is added with {U.format(2)}.",
                   "Sebastian Müller is left out: a name on the box is at most 12 "
                   "characters; shortened, it would be Sebastian M..",
                   f"Chloe takes {U.format(4)} (as Chloé in BG Stats: a name alike, the same "
                   "person most likely).",
                   "--shorten brings them in under the short names proposed.",
                   "Nothing was changed (--dry-run)."]
    assert list(roster(db)) == ["Chloe"]


def test_the_import_brings_in_the_others_and_leaves_out_the_long_name(db: Path) -> None:
    assert cli.main(["players", "--db", str(db), "import",
                     str(db.parent / "group.json")]) == 0
    assert roster(db) == {"Chloe": U.format(4), "Ann": U.format(1), "山田 一郎": U.format(2)}


def test_shorten_leave_out_and_someone_else(db: Path, capsys) -> None:  # noqa: ANN001
    assert cli.main(["players", "--db", str(db), "import", str(db.parent / "group.json"),
                     "--shorten", "--leave-out", "ann", "--someone-else", "Chloé"]) == 0
    out = capsys.readouterr().out
    assert "Ann is left out, as asked." in out
    assert f"Sebastian Müller is added as Sebastian M. with {U.format(3)}." in out
    assert f"Chloé is added with {U.format(4)}." in out
    assert roster(db) == {"Chloe": roster(db)["Chloe"], "山田 一郎": U.format(2),
                          "Sebastian M.": U.format(3), "Chloé": U.format(4)}


SPELLINGS = {"braces": lambda u: "{" + u.lower() + "}", "urn": lambda u: "urn:uuid:" + u,
             "lower case": str.lower}


@pytest.mark.parametrize("how", SPELLINGS)
def test_one_uuid_however_spelled(how: str) -> None:
    spelt = SPELLINGS[how]
    store = Store.open(":memory:")
    import_players(store, export(("Ann", U.format(1))))
    with pytest.raises(RosterError, match="already belongs to Ann"):
        import_players(store, export(("Ben", spelt(U.format(1)))))
    with pytest.raises(RosterError, match="is in the file twice"):
        import_players(store, export(("Cy", U.format(7)), ("Dee", spelt(U.format(7)))))
    plan = import_players(store, export(("Ann", spelt(U.format(1)))))
    assert plan.changes[0].same and store.player("Ann").uuid == U.format(1)


def test_deeply_nested_json_is_one_sentence(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    db = tmp_path / "companion.db"
    Store.open(db).close()
    deep = tmp_path / "deep.json"
    deep.write_text('{"players": ' + "[" * 200_000 + "]" * 200_000 + "}", encoding="utf-8")
    assert cli.main(["players", "--db", str(db), "import", str(deep)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nests its data too deeply" in err and "Traceback" not in err


def test_a_second_import_keeps_the_shortened_person() -> None:
    """Issue 44: "Sebastian Müller" came in as "Sebastian M." with his UUID; the same
    file again refused itself ("already belongs to Sebastian M."), with --shorten or
    without."""
    store = Store.open(":memory:")
    data = export(("Sebastian Müller", U.format(3)))
    import_players(store, data, shorten=True)
    for shorten in (True, False):
        plan = import_players(store, data, shorten=shorten)
        assert plan.lines() == [f"Sebastian M. already carries {U.format(3)}."]
    assert roster_of(store) == {"Sebastian M.": U.format(3)}


def roster_of(store: Store) -> dict[str, str]:
    return {p.name: p.uuid for p in store.players(hidden=True)}
