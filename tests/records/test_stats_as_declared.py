"""Guards what the records read from each game's declaration (no guessing in the core):
tools win nothing, Brikks' solo game has no winner and its rating comes from the score,
ties name every holder (``stats`` and the box), durations leave set-aside time out
(old logs too), CSV cells cannot run as formulas, and ``[records] location``."""

from __future__ import annotations

import csv
import gzip
import io
import shutil
from pathlib import Path

import pytest

from companion.app.session import GameSession
from companion.config.file import from_mapping
from companion.config.registry import discover
from companion.core.errors import ConfigError
from companion.log.store import Store
from companion.records import stats
from companion.records.bgstats import as_bgstats
from companion.records.csv_export import as_csv
from companion.records.plays import plays as read_plays
from companion.shell.players import GameRecords
from companion.testing import Rig

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def genial(store: Store, players: list[str], *bonuses: int) -> None:
    """A Genial Spezial game: one turn per bonus (seat 1 first), each scoring every colour."""
    game = GameSession.start(store, "genial", {"players": players, "first": 0})
    for bonus in bonuses:
        game.apply({"type": "turn", "all": bonus})
    game.apply({"type": "end_early"})


def solo_brikks(store: Store, name: str, last_row: int) -> None:
    game = GameSession.start(store, "brikks", {"players": [name]})
    for action in ({"type": "start_block", "player": 0, "colour": "red"},
                   {"type": "roll", "number": 1, "colour": "red"},
                   {"type": "out", "player": 0},
                   {"type": "score", "player": 0, "rows": [10] * 9 + [last_row, 0],
                    "bonus_marks": 0, "bombs_left": 0, "energy_left": 0}):
        game.apply(action)


def test_every_game_says_whether_it_is_a_tool() -> None:
    tools = {k for k, g in discover().items() if getattr(g, "tool", False)}
    assert tools == {"dice_roller", "dice_test", "any_dice", "turn_timer"}
    assert not discover()["brikks"].solo_wins and discover()["score_pad"].solo_wins


def test_ties_name_every_holder_in_stats() -> None:
    store = Store.open(":memory:")
    for name in ("Ann", "Ben", "Dev"):
        store.add_player(name)
    genial(store, ["Dev", "Ben"], 6, 6)  # Dev's weakest colour is 6, and so is Ben's
    genial(store, ["Ann", "Ben"], 2)
    solo_brikks(store, "Ann", 8)
    solo_brikks(store, "Dev", 8)
    rows = read_plays(store)
    best = {r.what: r for r in stats.records(rows, "genial")}["best"]
    assert best.holders == ("Ben", "Dev") and best.value == 6
    assert best.label == "Best weakest colour" and best.short == "Weakest"
    solo = stats.records(rows, "brikks")
    assert [r.what for r in solo] == ["solo"]  # a solo game wins nothing: no "Most wins"
    assert solo[0].holders == ("Ann", "Dev") and solo[0].note == "60–69: Room to grow."
    text = stats.as_text(rows)
    assert f"{'Best weakest colour':<20}  Ben & Dev  6\n" in text
    assert f"{'Best solo':<20}  Ann & Dev  67  (60–69: Room to grow.)\n" in text
    assert stats.as_json(rows)["records"]["genial"][1]["who"] == ["Ben", "Dev"]
    assert all(not p.winners for p in rows if p.key == "brikks")


def test_the_box_shows_every_holder_and_the_rating_in_japanese() -> None:
    rig = Rig(players=("Ann", "Ben", "Dev", "Chloé"), language="ja")
    try:
        for name in ("Ann", "Ben", "Dev", "Chloé"):
            solo_brikks(rig.store, name, 8)
        rig.app.push(GameRecords(rig.app, "brikks"))
        rig.pump()
        lines = rig.app.top.lines()
        shown = " ".join(right for _f, _w, right in lines)
        for name in ("Ann", "Ben", "Dev", "Chloé"):
            assert name in shown
        assert lines[0][1] == "ソロ" and "60–69" in lines[-2][2] + lines[-1][2]
        rig.app.render()
        assert rig.faults() == []
        rig.keys("down", "down", "down")
        rig.app.render()
        assert rig.faults() == []
    finally:
        rig.close()


def test_old_logs_migrate_and_keep_their_durations(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    with gzip.open(FIXTURES / "v1-log.sqlite.gz", "rb") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    store = Store.open(str(db))
    try:
        assert store.pauses() == {}
        rows = read_plays(store)
        assert rows and all(r.played is not None for r in rows)
        for r in rows:
            record = store.game(r.id)
            assert record is not None and r.finished == record.finished
        # a game set aside from now on counts its pause; the old ones stay as they were
        before = {r.id: r.duration_min for r in rows}
        GameSession.start(store, "dice_roller", {"players": ["Table"]})
        assert {r.id: r.duration_min for r in read_plays(store)} == before
    finally:
        store.close()


def test_set_aside_time_is_left_out_and_resume_ends_it() -> None:
    now = [1_795_377_600.0]
    store = Store.open(":memory:", clock=lambda: now[0])
    first = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    now[0] += 120
    other = GameSession.start(store, "dice_roller", {"players": ["Table"]})  # sets it aside
    now[0] += 1800
    other.apply({"type": "finish"})
    assert list(store.pauses()) == [first.game_id]
    GameSession.resume(store, other.game_id)  # a finished game: nothing to resume
    now[0] += 600
    again = GameSession.resume(store, first.game_id)
    ((since, until),) = store.pauses()[first.game_id]
    assert until is not None and since < until
    now[0] += 60
    again.apply({"type": "turn", "all": 1})
    again.apply({"type": "end_early"})
    (play,) = [p for p in read_plays(store) if p.key == "genial"]
    assert play.played == 180 and play.duration_min == 3


def test_resuming_one_game_sets_the_one_in_play_aside() -> None:
    now = [1_795_377_600.0]
    store = Store.open(":memory:", clock=lambda: now[0])
    first = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    now[0] += 60
    second = GameSession.start(store, "genial", {"players": ["Dev", "Ben"]})  # first aside
    now[0] += 60
    GameSession.resume(store, first.game_id)  # from History > Unfinished: second aside
    generation = store.generation
    GameSession.resume(store, first.game_id)  # again (a restart): nothing to save
    assert store.generation == generation
    now[0] += 600
    second = GameSession.resume(store, second.game_id)
    now[0] += 60
    second.apply({"type": "turn", "all": 1})
    second.apply({"type": "end_early"})
    (play,) = read_plays(store)
    assert play.id == second.game_id and play.played == 120


def test_csv_cells_never_run_as_formulas() -> None:
    store = Store.open(":memory:")
    genial(store, ["=1+1", "@SUM(A1)"], 3)
    text = as_csv(read_plays(store))
    cells = [row["player"] for row in csv.DictReader(io.StringIO(text))]
    assert cells == ["'=1+1", "'@SUM(A1)"]
    assert ",=" not in text and ",@" not in text


def test_the_location_comes_from_the_config() -> None:
    store = Store.open(":memory:")
    genial(store, ["Ann", "Ben"], 3)
    place = from_mapping({"records": {"location": "Ann's flat"}}).records["location"]
    data = as_bgstats(read_plays(store), location=place)
    assert [loc["name"] for loc in data["locations"]] == ["Ann's flat"]
    assert from_mapping({}).records["location"] == "Table Companion"


@pytest.mark.parametrize("value", ["", "  ", "a\tb", "x" * 41, 3])
def test_a_bad_location_is_one_sentence(value: object) -> None:
    with pytest.raises(ConfigError) as err:
        from_mapping({"records": {"location": value}})
    assert str(err.value).startswith("records.location: must ")
    assert str(err.value).count(".") >= 1 and "\n" not in str(err.value)


def test_a_declaration_with_unusable_records_is_listed_broken() -> None:
    from dataclasses import replace

    from companion.config.registry import Records, declaration_problem, find

    brikks = find("brikks")
    assert declaration_problem(brikks) is None
    assert "tool or solo_wins" in str(declaration_problem(replace(brikks, tool="yes")))
    assert "records must be" in str(declaration_problem(replace(brikks, records={})))
    bad = replace(brikks, records=Records(solo_note="no_colon"))
    assert "package.module:name" in str(declaration_problem(bad))
