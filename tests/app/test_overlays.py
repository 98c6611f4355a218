"""Guards that messages do not eat keys (informational notices are a band that goes by
itself; the key pressed meanwhile acts) and that a burst of undos stops at a round
boundary or a game's first action with one question."""

from __future__ import annotations

import time
from pathlib import Path

from companion.testing import Clock, Rig
from tests.apprun import AppProcess

GENIAL = ["Ann", "Bob", "Cy"]


def genial(tmp_path: Path) -> Rig:
    rig = Rig(db=str(tmp_path / "companion.db"), clock=Clock())
    rig.app.start_game("genial", {"players": GENIAL, "first": 0})
    return rig


def turn(rig: Rig, *keys: str) -> None:
    """One Genial turn on the score table: the points' arrows, then OK."""
    rig.keys(*keys, "ok")


def says(rig: Rig, words: str) -> bool:
    return words in rig.text.replace(" | ", " ")


def test_the_key_after_an_undo_notice_acts_and_the_band_goes_by_itself(tmp_path: Path) -> None:
    rig = genial(tmp_path)
    try:
        turn(rig, "up", "up")          # Ann
        turn(rig, "up")                # Bob
        rig.keys("long back")          # undo Bob's turn
        assert says(rig, "Undone: Bob's turn") and rig.app.message is None
        assert len(rig.app.session.actions) == 1
        turn(rig, "up", "up", "up")    # the OK meant for Bob's turn is not lost
        assert len(rig.app.session.actions) == 2
        assert rig.app.session.actions[-1]["points"] == {"orange": 3}
        assert says(rig, "Undone: Bob's turn")  # still within its two seconds
        rig.later(2.1)
        assert "Undone" not in rig.text
    finally:
        rig.close()


def test_points_lost_to_the_cap_do_not_eat_the_next_ok(tmp_path: Path) -> None:
    rig = genial(tmp_path)
    try:
        for _ in range(4):             # Ann gets orange to 18 over four rounds
            turn(rig, *["up"] * 5 if _ < 3 else ["up"] * 3)
            turn(rig, "up")
            turn(rig, "up")
        assert rig.app.session.state.tracks[0][0] == 18
        turn(rig, *["up"] * 4)         # 18 + 4: two lost to the cap
        assert says(rig, "Cap: Ann lost 2")
        rig.keys("up")                 # straight into Bob's turn: a point on orange
        assert "Bob's turn" in rig.app.texts and "+1" in rig.app.texts
        assert len(rig.app.session.actions) == 13  # nothing confirmed yet
    finally:
        rig.close()


def test_an_error_stays_until_a_key_and_that_key_does_nothing_else(rig: Rig) -> None:
    rig.app.start_game("brikks", {"players": ["Ann", "Ben"]})
    before = type(rig.app.top)
    rig.app.notice("Not saved, try again: the storage is full")
    rig.keys("back")                   # closes the message only
    assert rig.app.message is None and type(rig.app.top) is before


def test_a_burst_of_undos_stops_once_at_the_round_boundary(tmp_path: Path) -> None:
    rig = genial(tmp_path)
    n = lambda: len(rig.app.session.actions)  # noqa: E731
    try:
        for _ in range(2):             # two whole rounds, then Ann opens round 3
            for points in (1, 2, 3):
                turn(rig, *["up"] * points)
        turn(rig, "up")
        assert n() == 7
        rig.keys("long back")          # Ann's round-3 turn: no question
        assert n() == 6 and says(rig, "Undone: Ann's turn")
        rig.keys("long back")          # Cy's turn closed round 2: ask
        assert says(rig, "Undo back into round 2?") and n() == 6
        rig.keys(*["long back"] * 10)  # the rest of the burst does nothing
        assert says(rig, "Undo back into round 2?") and n() == 6
        rig.keys("back")               # no
        assert n() == 6 and "Undo back" not in rig.text
        rig.keys("long back", "ok")    # asked again; yes
        assert n() == 5
        assert rig.store.actions(rig.app.session.game_id) == rig.app.session.actions
        assert type(rig.app.top).__name__ == "GenialScreen"
        rig.keys("long back", "long back")  # inside round 2: no question
        assert n() == 3
        rig.keys("long back", "ok")    # round 1's last turn: asked, yes
        assert n() == 2
        rig.keys("long back")
        assert n() == 1
        rig.keys("long back")          # the first action: ask
        assert says(rig, "Undo the game's first action?")
        rig.keys("ok")
        assert n() == 0 and rig.store.actions(rig.app.session.game_id) == []
        rig.keys("long back")
        assert says(rig, "Nothing to undo.")
    finally:
        rig.close()


def test_the_band_vanishes_on_its_own_in_the_real_app(tmp_path: Path) -> None:
    """The real program: an undo notice shows, then goes after ~2 s with no key."""
    with AppProcess(tmp_path, tmp_path / "companion.db") as app:
        app.wait_for("New game")
        app.keys(b"\r\r")                # New game → Dice roller
        app.wait_for("Dice 2d6")         # the list between may not be drawn (a burst)
        app.keys(b"  u")                 # two rolls, undo the second
        app.wait_for("Undone: roll")
        shown = time.monotonic()
        seen = len(app.lines())
        while time.monotonic() - shown < 6:
            later = app.lines()[seen:]
            if later and "Undone" not in later[-1]:
                break
            time.sleep(0.02)
        else:
            raise AssertionError(f"the band stayed: {app.lines()[-3:]}")
        assert 1.5 <= time.monotonic() - shown <= 3.5
