"""Guards the second evening: every installed game (plugins included) played to its end
through the box's screens, then opened again from the start menu and played to its end a
second time, and every game's setup opened in every state the log can give it. A fresh
log hid that Brikks could not be set up after one finished game (issue 41)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.config.registry import discover
from companion.testing import Rig, play_to_the_end
from companion.ui.setup import SetupScreen

GAMES = sorted(discover())
#: A family with one surname and a guest-free table of four, as a regular group is.
ROSTER = ("佐々木 健一", "佐々木 真理子", "佐々木 さくら", "高橋 ゆうこ")


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str], Path]:
    """``finished(game, table)``: a log with one game of ``game`` played to its end, by
    the roster's people (``"roster"``) or by one of them and guests (``"guest"``); each
    made once, then copied for the test that asks."""
    made: dict[tuple[str, str], Path] = {}
    folder = tmp_path_factory.mktemp("finished")

    def log(game: str, table: str) -> Path:
        if (game, table) not in made:
            path = folder / f"{game}-{table}.db"
            rig = Rig(db=str(path), players=ROSTER if table == "roster" else ROSTER[:1])
            try:
                play_to_the_end(rig, game)
            finally:
                rig.close()
            made[game, table] = path
        copy = folder / f"copy-{len(list(folder.iterdir()))}.db"
        shutil.copy(made[game, table], copy)
        return copy

    return log


def last_table(rig: Rig, game: str) -> list[str]:
    """The people of the last finished game of ``game``, seat by seat."""
    last = next(g for g in rig.store.history(10) if g.kind == game)
    seats = rig.store.seat_players().get(last.id, {})
    return [seats[i].name for i in sorted(seats)]


def opens_cleanly(rig: Rig, game: str) -> None:
    """Open ``game`` from the start menu: its setup (or the game) is drawn and nothing
    went wrong; every key on the setup is harmless. (Whether names fit is the names
    test's business, not this one's.)"""
    rig.open_game(game)
    assert not rig.app.slips, rig.app.slips
    assert "went wrong" not in (rig.app.message or ""), rig.app.message
    assert rig.frame is not None
    if isinstance(rig.app.top, SetupScreen):
        for key in ("down", "up", "right", "left", "down", "left", "right", "up"):
            rig.press(key)
            assert not rig.app.slips, rig.app.slips


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_played_to_its_end_twice_in_a_row(game: str, finished) -> None:
    rig = Rig(db=str(finished(game, "roster")))
    try:
        first = last_table(rig, game)
        rig.open_game(game)
        assert not rig.app.slips, rig.app.slips
        setup = rig.app.top
        if isinstance(setup, SetupScreen) and setup.from_roster and setup.title is None:
            # The same table as last time, the cursor on Start: one press to play again.
            assert setup.players() == first, (setup.players(), first)
            assert setup.rows()[setup.row] is None, setup.line(setup.rows()[setup.row])
        assert play_to_the_end(rig, game, seed=2) >= 0
        assert len([g for g in rig.store.history(10) if g.kind == game]) == 2
        opens_cleanly(rig, game)  # and a third time
    finally:
        rig.close()


@pytest.mark.parametrize("state", ["empty", "roster", "guest", "hidden"])
@pytest.mark.parametrize("game", GAMES)
def test_every_setup_opens_in_every_state_of_the_log(game: str, state: str, finished,
                                                     tmp_path: Path) -> None:
    """No finished game; one finished by roster players; one with a guest at the table;
    one whose player has since been hidden."""
    if state == "empty":
        rig = Rig(db=str(tmp_path / "empty.db"), players=ROSTER)
    else:
        rig = Rig(db=str(finished(game, "guest" if state == "guest" else "roster")))
    try:
        if state == "hidden":
            rig.store.hide_player(ROSTER[0])
        opens_cleanly(rig, game)
        setup = rig.app.top
        if isinstance(setup, SetupScreen) and setup.from_roster:
            hidden = {p.name for p in rig.store.players(hidden=True) if p.hidden}
            assert not hidden & set(setup.players()), setup.players()
    finally:
        rig.close()
