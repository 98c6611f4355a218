"""Guards the seat names the box writes itself: a guest is 「ゲスト2」 on a Japanese box
and nobody on the roster, old logs' "Guest 2" and the dice games' "Table" read in the
language in use, "Table" takes no place or win, and shared places are numbered 1, 1, 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.config.file import from_mapping
from companion.core import i18n, roster
from companion.core.errors import BadName
from companion.log.store import Store
from companion.records.plays import plays as read_plays
from companion.records.table import as_table
from companion.testing import Rig


def test_a_japanese_setup_seats_a_guest_as_gesuto(tmp_path: Path) -> None:
    rig = Rig(db=str(tmp_path / "c.db"),
              config=from_mapping({"display": {"driver": "dummy"}, "language": "ja"}))
    try:
        rig.keys("ok", "down", "down", "ok")  # New game → Genial Spezial
        assert any("ゲスト1" in t for t in rig.app.texts), rig.app.texts
        assert not any("Guest" in t for t in rig.app.texts)
        rig.keys("up", "ok", "ok")  # to Start, start, and past the board page
        players = rig.app.session.state.players
        assert list(players) == ["ゲスト1", "ゲスト2"]
        assert rig.app.store.players() == []  # guests join no roster
    finally:
        rig.close()


def test_a_roster_name_cannot_be_a_japanese_guest() -> None:
    for name in ("ゲスト", "ゲスト1", "ゲスト 3", "ｹﾞｽﾄ2"):
        assert roster.is_guest(name)
        with pytest.raises(BadName):
            roster.clean_name(name)
    assert not roster.is_guest("ゲストハウス")


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A log with a dice roller game and a Genial game Ann and the old "Guest 2" tie."""
    db = tmp_path / "c.db"
    store = Store.open(db)
    dice = GameSession.start(store, "dice_roller", {"players": ["Table"]})
    dice.apply({"type": "roll", "dice": [3, 4]})
    dice.apply({"type": "finish"})
    genial = GameSession.start(store, "genial", {"players": ["Ann", "Guest 2", "Cy"]})
    genial.apply({"type": "turn", "all": 2})               # Ann 2 2 2 2
    genial.apply({"type": "turn", "all": 2})               # Guest 2: 2 2 2 2
    genial.apply({"type": "turn", "points": {"orange": 1}})  # Cy 1 0 0 0
    genial.apply({"type": "end_early"})
    store.close()
    return db


def summary(rig: Rig, entry: int) -> list[str]:
    rig.keys("down", "ok", *["down"] * entry, "ok")  # start menu → History → the game
    return rig.app.top.lines()


def test_history_in_japanese_names_the_guest_and_leaves_the_table_out(played: Path) -> None:
    rig = Rig(db=str(played),
              config=from_mapping({"display": {"driver": "dummy"}, "language": "ja"}))
    try:
        genial = summary(rig, 0)  # newest first: Genial
        assert [line for line in genial if line[:2] in ("1.", "3.")] == [
            "1. Ann 2", "1. ゲスト2 2", "3. Cy 0"], genial
        assert not any("Guest" in line for line in genial), genial
        rig.keys("back", "down", "ok")
        dice = rig.app.top.lines()
        assert not any("Table" in line or "テーブル" in line for line in dice), dice
    finally:
        rig.close()


def test_the_history_table_in_japanese(played: Path) -> None:
    store = Store.open(played)
    rows = read_plays(store)
    store.close()
    i18n.use("ja")
    try:
        table = as_table(rows)
    finally:
        i18n.use("en")
    dice = next(line for line in table.splitlines() if "テーブル" in line)
    assert dice.split()[-2] == "-"  # the table wins nothing
    assert "ゲスト2" in table and "Guest" not in table and "Table" not in table


def test_a_guest_too_wide_for_its_column_is_shortened_whole(japanese) -> None:  # noqa: ANN001
    from companion.ui.paint import Painter

    p = Painter.blank()
    assert p.fit_name("ゲスト2", "text", 30) == "客2"  # never 「ゲス」: an insult
    assert p.fit_name("Guest 2", "text", 40) == "Guest2"
    assert p.fit_name("ゲスト2", "text", 60) == "ゲスト2"
    assert p.cut == []  # shortened, not cut: the guest is still named in full
    assert p.fit_name("山田はなこ", "text", 30) == "山…" and p.cut == ["山田はなこ"]


def test_the_history_table_shows_every_name_whole(played: Path) -> None:
    """`companion history` cut 健太 to 「健」 at the end of its players column (issue 35):
    the players come last, whole, joined with 「、」."""
    from dataclasses import replace

    store = Store.open(played)
    rows = read_plays(store)
    store.close()
    evening = ["山田 一郎", "山田 花子", "佐藤 健太", "鈴木 美咲"]
    i18n.use("ja")
    try:
        table = as_table([replace(rows[0], players=evening, winners=evening[2:3])])
    finally:
        i18n.use("en")
    assert table.splitlines()[1].endswith("佐藤 健太  山田 一郎、山田 花子、佐藤 健太、鈴木 美咲")
