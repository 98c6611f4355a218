"""Guards that a game in progress is never lost from sight: New game asks first, and every
unfinished game (old logs' orphans included) is listed, resumable and abandonable."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from companion.testing import Rig

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _brikks_rolls(rig: Rig) -> int:
    """From the start menu: a Brikks game for two with two rolls, then BACK to the menu."""
    rig.keys("ok", *["down"] * 3, "ok")  # New game → Brikks
    assert "Brikks | setup" in rig.text
    rig.keys("ok", "ok")  # OK jumps to Start, OK starts
    game_id = rig.app.session.game_id
    for _ in range(4):
        if " rolls" in rig.text:
            break
        rig.keys("ok")  # each player takes the start block offered
    rig.keys("roll", "roll")
    assert rig.store.actions(game_id)
    rig.keys("back")
    return game_id


def _says(rig: Rig, words: str) -> bool:
    """Whether the screen says ``words`` (a band's line breaks ignored)."""
    return words in rig.text.replace(" | ", " ")


def _menu(rig: Rig, label: str) -> None:
    """Move the start menu's cursor to ``label`` and press OK."""
    menu = rig.app.top
    steps = (menu.items().index(label) - menu.index) % len(menu.items())
    rig.keys(*["down"] * steps, "ok")


def test_new_game_asks_and_set_aside_keeps_the_old_game_listed(rig: Rig) -> None:
    brikks = _brikks_rolls(rig)
    assert rig.app.top.items()[0] == "To Brikks"
    _menu(rig, "New game")
    assert "Brikks | is not finished yet:" in rig.text
    assert "Carry on" in rig.text and "Set aside, new game" in rig.text
    assert "End, save result" not in rig.text  # Brikks cannot end without its score sheets
    rig.keys("down", "ok")  # set aside
    assert "Genial Spezial" in rig.text  # the game picker
    rig.keys(*["down"] * 4, "ok", "up", "ok")  # Brain Robbery → Start
    robbery = rig.app.session.game_id
    assert rig.app.session.key == "brain_robbery"
    assert _says(rig, "Brikks set aside: History > Unfinished")  # a band over the new game
    # The old game is still in the log, unfinished, and listed.
    assert rig.store.game(brikks).finished is None
    rig.keys("back")
    _menu(rig, "History")
    assert rig.app.top.items()[0] == "Unfinished (2)"
    rig.keys("ok")
    assert rig.text.split(" | ")[2:4] == [f"{_md(rig, robbery)} Brain Robbery",
                                          f"{_md(rig, brikks)} Brikks"]  # newest first
    rig.keys("down", "ok", "ok")  # Brikks → Resume
    assert rig.app.session.game_id == brikks
    assert "Resumed Brikks." in rig.text
    assert len(rig.app.session.actions) == len(rig.store.actions(brikks))


def _md(rig: Rig, game_id: int) -> str:
    from companion.core.localtime import month_day

    return month_day(rig.store.game(game_id).started)


def test_carry_on_goes_back_to_the_game(rig: Rig) -> None:
    brikks = _brikks_rolls(rig)
    _menu(rig, "New game")
    rig.keys("ok")
    assert rig.app.session.game_id == brikks
    assert type(rig.app.top).__name__ == "BrikksScreen"
    rig.keys("back")
    assert rig.app.top.index == 0  # the start menu's cursor is on its first entry


def test_end_and_record_where_the_game_allows(rig: Rig) -> None:
    rig.keys("ok", "ok")  # New game → Dice roller (it starts at once)
    roller = rig.app.session.game_id
    rig.keys("roll", "roll", "back")
    _menu(rig, "New game")
    assert "End, save result" in rig.text
    rig.keys("down", "down", "ok")
    record = rig.store.game(roller)
    assert record.finished is not None and record.result["detail"] == "2 rolls"
    assert _says(rig, "Dice roller ended; result saved.")
    assert "Genial Spezial" in rig.text  # straight on to the game picker
    rig.keys("back")
    assert "Back to" not in rig.text
    _menu(rig, "History")
    assert "Unfinished" not in rig.text
    assert "Dice roller" in rig.app.top.items()[0]


def test_abandon_asks_and_then_the_game_leaves_the_list(rig: Rig) -> None:
    rig.keys("ok", "ok", "roll", "back")  # a dice roller game
    roller = rig.app.session.game_id
    _menu(rig, "History")
    rig.keys("ok", "ok", "down", "ok")  # Unfinished → the game → Abandon
    assert "Abandon Dice roller" in rig.text and "OK yes" in rig.text
    rig.keys("long back", "right")  # ignored: only OK or BACK answer
    assert "Abandon Dice roller" in rig.text
    rig.keys("back")  # no
    assert rig.store.game(roller) in rig.store.unfinished_games()
    rig.keys("ok")  # Abandon again
    rig.keys("ok")  # yes
    assert rig.store.unfinished_games() == []
    assert rig.app.session is None
    assert _says(rig, "Dice roller abandoned.")
    assert "Unfinished | 0 | No unfinished games" in rig.text


def test_orphans_of_an_old_log_are_listed(tmp_path: Path) -> None:
    """tests/fixtures/v1-log.sqlite.gz was written by 0.1.0, which dropped an unfinished
    game from sight whenever a new one started; every one of them is listed now."""
    db = tmp_path / "companion.db"
    with gzip.open(FIXTURES / "v1-log.sqlite.gz", "rb") as src, open(db, "wb") as dst:
        shutil.copyfileobj(src, dst)
    rig = Rig(db=str(db))
    try:
        orphans = rig.store.unfinished_games()
        assert len(orphans) == 83
        assert rig.app.session.game_id == orphans[0].id  # the newest comes back at start
        rig.keys("back")
        assert [r.id for r in orphans] == sorted((r.id for r in orphans), reverse=True)
        _menu(rig, "History")
        assert rig.app.top.items()[0] == "Unfinished (83)"
        rig.keys("ok")
        assert "Unfinished | 83" in rig.text
        # Down to the oldest Genial Spezial game (id 5), resume it: it replays.
        target = [r.id for r in orphans].index(5)
        rig.keys(*["down"] * target, "ok")
        assert "Genial Spezial" in rig.text and "Started" in rig.text
        rig.keys("ok")
        assert rig.app.session.game_id == 5 and rig.app.session.key == "genial"
        assert len(rig.app.session.actions) == 19
    finally:
        rig.close()


def test_the_second_brikks_of_the_evening_is_named_once(rig: Rig) -> None:
    """A Brikks set aside and a new Brikks started: the menu offers the one being played,
    once ("To Brikks"), and the first stays under History > Unfinished."""
    first = _brikks_rolls(rig)
    _menu(rig, "New game")
    rig.keys("down", "ok")  # set aside
    rig.keys(*["down"] * 3, "ok", "ok", "ok")  # Brikks → setup → Start
    second = rig.app.session.game_id
    assert second != first and rig.app.session.key == "brikks"
    rig.keys("back")
    assert rig.app.top.items()[:2] == ["To Brikks", "New game"]
    rig.keys("ok")
    assert rig.app.session.game_id == second
