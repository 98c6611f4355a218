"""Issue 35, the English evening: one slip on the name keyboard plus the finishing hold
saved a stray player "De". A name typed on the box joins the roster only once OK answers
"Add De to the players?"; BACK goes back to the keyboard with the name still typed."""

from __future__ import annotations

import pytest

from benchmarks.name_entry import keys_for
from companion.testing import Rig
from companion.ui.name_entry import NameEntry
from companion.ui.setup import SetupScreen

ASKS = {"en": "Add De to the players?", "ja": "Deをプレイヤーに追加しますか?"}


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_typed_name_is_asked_about_before_it_joins(language: str) -> None:
    rig = Rig(language=language, players=("Ann",))
    try:
        rig.open_game("genial")
        setup = rig.app.top
        assert isinstance(setup, SetupScreen)
        while setup.rows()[setup.row] is not setup.seats[1]:
            rig.keys("down")
        while setup.seats[1].value != "+ New player":
            rig.keys("right")
        rig.keys("ok")
        for key, long in keys_for("De", language):
            rig.press(key.lower(), long=long)
        assert rig.app.question is not None and rig.app.question.text == ASKS[language]
        assert rig.store.player("De") is None
        rig.keys("back")                     # no: the keyboard, "De" still typed
        assert isinstance(rig.app.top, NameEntry) and rig.app.top.kb.text == "De"
        assert rig.store.player("De") is None
        rig.keys("long ok", "ok")            # finish again, yes
        assert rig.store.player("De") is not None and setup.seats[1].value == "De"
    finally:
        rig.close()
