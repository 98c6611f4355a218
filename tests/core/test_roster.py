"""Guards the roster: the name rules, add/rename/merge/hide in the store, the seat links
new games get, and the migration that turns an old log's names into roster entries."""

from __future__ import annotations

import gzip
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import roster
from companion.core.errors import BadName, RosterError
from companion.log.store import Store

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize(("name", "why"), [
    ("", "at least one letter"),
    ("    ", "at least one letter"),
    ("Bartholomew Jr", "at most 12 characters"),
    ("Ann\x07", "control characters"),
    ("Ann\nBen", "control characters"),
    ("Ann\ue000", "private-use"),
    ("Ann\u200b", r"invisible character U\+200B"),
    ("A\tB", "control characters"),
    ("Guest 2", "kept for seats"),
    ("table", "kept for seats"),
])
def test_a_bad_name_says_what_is_wrong(name: str, why: str) -> None:
    with pytest.raises(BadName, match=why):
        roster.clean_name(name)


def test_names_are_normalised_and_compared_without_case_or_width() -> None:
    assert roster.clean_name("  Ａｎｎ   Lee ") == "Ann Lee"
    assert roster.name_key("ANN") == roster.name_key("ａｎｎ") == roster.name_key("ann")
    assert roster.clean_name("はると") == "はると"
    assert roster.clean_name("ﾊﾙﾄ") == "ハルト"  # half-width katakana is NFKC'd
    assert roster.clean_name("Zoë") == "Zoë" and len(roster.clean_name("Ｘ" * 12)) == 12


@given(st.text(max_size=20))
def test_any_text_is_either_a_clean_name_or_one_sentence(text: str) -> None:
    try:
        clean = roster.clean_name(text)
    except BadName as err:
        assert str(err).endswith(".") and "\n" not in str(err)
    else:
        assert 1 <= len(clean) <= roster.MAX_LEN and clean == clean.strip()
        assert roster.clean_name(clean) == clean


def test_add_rename_merge_hide_keep_history_and_the_uuid() -> None:
    store = Store.open(":memory:")
    ann = store.add_player("Ann")
    store.add_player("Ben")
    game = store.new_game("genial", {"players": ["Ann", "Ben", "Guest 3"]})
    with pytest.raises(BadName, match="already on the roster"):
        store.add_player("ＡＮＮ")
    renamed = store.rename_player("ann", "Annie")
    assert renamed.uuid == ann.uuid and renamed.id == ann.id
    assert {s: p.name for s, p in store.seat_players()[game].items()} == {0: "Annie", 1: "Ben"}
    store.rename_player("Annie", "ANNIE")  # a change of case is a rename, not a clash
    with pytest.raises(RosterError, match="played each other in game"):
        store.merge_players("Ben", "Annie")
    store.add_player("Benny")
    later = store.new_game("brikks", {"players": ["Benny"]})
    kept = store.merge_players("Benny", "Ben")
    assert store.player("Benny") is None and store.seat_players()[later][0].id == kept.id
    store.hide_player("Ben")
    assert [p.name for p in store.players()] == ["ANNIE"]
    assert [p.name for p in store.players(hidden=True)] == ["Ben", "ANNIE"]
    with pytest.raises(RosterError, match="not on the roster"):
        store.rename_player("Cleo", "Cleopatra")


def test_recently_played_come_first_in_their_seat_order() -> None:
    store = Store.open(":memory:")
    for name in ("Ann", "Ben", "Cleo", "Dan", "Eve"):
        store.add_player(name)
    store.new_game("genial", {"players": ["Dan", "Ann"]})
    store.new_game("genial", {"players": ["Eve", "Cleo"]})
    assert [p.name for p in store.players()] == ["Eve", "Cleo", "Dan", "Ann", "Ben"]


def test_a_refused_name_saves_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    store = Store.open(db)
    for bad in ("", " ", "x" * 13, "A\x00"):
        with pytest.raises(BadName):
            store.add_player(bad)
    store.close()
    assert Store.open(db).players(hidden=True) == []


def _old_log(tmp_path: Path) -> str:
    db = tmp_path / "companion.db"
    with gzip.open(FIXTURES / "v1-log.sqlite.gz", "rb") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    return str(db)


def test_a_failing_migration_leaves_the_log_as_it_was(tmp_path: Path, monkeypatch) -> None:
    from companion.log import schema

    db = _old_log(tmp_path)

    real = schema.MIGRATIONS[1]

    def broken(conn: sqlite3.Connection) -> None:
        """Fails half-way on the file (the read-only copy in memory migrates fine)."""
        if not conn.execute("PRAGMA database_list").fetchone()[2]:
            return real(conn)
        conn.execute("CREATE TABLE players (id INTEGER)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(schema, "MIGRATIONS", [schema.MIGRATIONS[0], broken,
                                              *schema.MIGRATIONS[2:]])
    opened = Store.open(db)
    assert opened.read_only and "Not saving" in opened.notice
    opened.close()
    raw = sqlite3.connect(db)
    assert raw.execute("SELECT version FROM schema_version").fetchone()[0] == 1
    assert raw.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'players'"
                       ).fetchone()[0] == 0
    raw.close()


def test_players_list_says_when_everyone_is_hidden(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from companion.owner import cli

    db = str(tmp_path / "c.db")
    Store.open(db).close()
    assert cli.main(["players", "--db", db, "list"]) == 0
    assert "Nobody on the roster yet" in capsys.readouterr().out
    assert cli.main(["players", "--db", db, "add", "Ann"]) == 0
    assert cli.main(["players", "--db", db, "hide", "Ann"]) == 0
    capsys.readouterr()
    assert cli.main(["players", "--db", db, "list"]) == 0
    assert "Everyone on the roster is hidden" in capsys.readouterr().out
    assert cli.main(["players", "--db", db, "list", "--all"]) == 0
    assert "Ann" in capsys.readouterr().out


def test_a_name_the_box_cannot_draw_is_refused_on_the_command_line(
        tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from companion.owner import cli

    db = str(tmp_path / "c.db")
    Store.open(db).close()
    assert cli.main(["players", "--db", db, "add", "Ann😀"]) == 2
    assert "cannot show 😀" in capsys.readouterr().err
    for fine in ("Zoë", "はなこ", "山田"):
        assert cli.main(["players", "--db", db, "add", fine]) == 0
    assert cli.main(["players", "--db", db, "rename", "Zoë", "Zoë😀"]) == 2
    assert sorted(p.name for p in Store.open(db).players()) == sorted(["Zoë", "はなこ", "山田"])
