"""Guards which game comes back after a power cut: the one being played, not the newest
one started. Dice roller, set aside for Brain Crush, resumed from History > Unfinished
and rolled again — the box loses power — and it boots into the dice roller with its
rolls, not into Brain Crush (found by the deep monkey, tests/whole_box/test_deep_play.py)."""

from __future__ import annotations

import itertools
from pathlib import Path

from companion.testing import Rig


def ticking(rig: Rig) -> None:
    """The log's clock moves five seconds each time it is read, as a night at the table."""
    seconds = itertools.count(1_700_000_000, 5)
    rig.store.clock = lambda: float(next(seconds))


def test_the_game_played_last_comes_back_after_a_power_cut(tmp_path: Path) -> None:
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db)
    ticking(rig)
    rig.open_game("dice_roller")
    rig.keys("ok")  # a roll
    rig.keys("back")
    rig.open_game("brain_crush")  # sets the dice roller aside
    rig.keys("up", "ok")  # Start: Brain Crush is under way
    assert rig.app.session.key == "brain_crush"
    rig.keys("back", "down", "down", "ok", "ok", "down", "ok")  # History > Unfinished > Dice
    rig.keys("ok")  # Resume
    assert rig.app.session.key == "dice_roller"
    rig.keys("ok", "ok")  # two more rolls
    rolls = rig.app.session.actions
    assert len(rolls) == 3
    game_id = rig.app.session.game_id
    rig.close()  # the power goes

    again = Rig(db=db)
    try:
        session = again.app.session
        assert session is not None and session.game_id == game_id, again.app.texts
        assert session.key == "dice_roller" and session.actions == rolls
        assert again.app.texts[0] == "Dice 2d6"  # its screen, not Brain Crush's
    finally:
        again.close()


def test_a_game_just_started_comes_back_before_one_played_earlier(tmp_path: Path) -> None:
    db = str(tmp_path / "companion.db")
    rig = Rig(db=db)
    ticking(rig)
    rig.open_game("dice_roller")
    rig.keys("ok", "ok", "back")
    rig.open_game("brain_crush")
    rig.keys("up", "ok")  # started, nothing played yet
    game_id = rig.app.session.game_id
    rig.close()
    again = Rig(db=db)
    try:
        assert again.app.session is not None and again.app.session.game_id == game_id
    finally:
        again.close()
