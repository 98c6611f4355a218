"""Guards issue 44 ("names as people write them") on the command line: ``players add``
takes 佐々木　真理子 (U+3000) and a decomposed "é" as people type them; a name alike to
one on the roster ("Chloé" beside "Chloe") is one sentence naming ``--someone-else``,
nothing saved, and joins as another person only with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.log.store import Store
from companion.owner.cli import main


def names(db: Path) -> list[str]:
    store = Store.open_existing(db)
    try:
        return [p.name for p in store.players(hidden=True)]
    finally:
        store.close()


def test_names_as_people_type_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "companion.db"
    Store.open(db).close()
    assert main(["players", "add", "佐々木\u3000真理子", "--db", str(db)]) == 0
    assert main(["players", "add", "Chloe\u0301", "--db", str(db)]) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert out == "Added 佐々木 真理子.\nAdded Chloé.\n"
    assert names(db) == ["佐々木 真理子", "Chloé"]


def test_a_name_alike_is_asked_about_never_added_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "companion.db"
    Store.open(db).close()
    assert main(["players", "add", "Chloe", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["players", "add", "Chloé", "--db", str(db)]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and "looks like Chloe" in err \
        and "--someone-else" in err, err
    assert names(db) == ["Chloe"]
    assert main(["players", "add", "Chloé", "--someone-else", "--db", str(db)]) == 0
    assert names(db) == ["Chloe", "Chloé"]
