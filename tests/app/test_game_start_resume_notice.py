"""Issue 35: after a power cut, entries keyed but not confirmed with OK are gone (as
documented), and the table is now told so when the game comes back."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.testing import Clock, Rig

SAYS = {"en": "Resumed Genial Spezial: only what had OK is kept.",
        "ja": "頭脳絶好調SPを再開。OKしていない入力は消えました。"}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_resume_after_a_power_cut_says_unconfirmed_keys_are_gone(
        tmp_path: Path, language: str) -> None:
    db = str(tmp_path / "c.db")
    rig = Rig(db=db, language=language, players=("Ann", "Bob"))
    rig.open_game("genial")
    rig.keys("ok", "ok", "ok", "up", "ok")   # one turn confirmed
    rig.keys("up", "up")                     # two points keyed, never OK'd: the power goes
    confirmed = rig.app.session.state.tracks
    rig.close()
    rig = Rig(db=db, language=language, clock=Clock())
    try:
        assert rig.app.session.state.tracks == confirmed
        assert rig.app.band is not None and rig.app.band.text == SAYS[language]
        assert rig.faults() == []            # the whole sentence on the band
        rig.later(2.1)
        assert rig.app.band is None
    finally:
        rig.close()
