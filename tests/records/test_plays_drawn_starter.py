"""Guards the starter of a game that draws it during play (Result.starter): the
exports name that player as the start player (they said seat 1, read from the options,
which name no starter in such a game)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.records.bgstats import as_bgstats
from companion.records.json_export import as_json
from companion.records.plays import plays as read_plays
from companion.testing import Rig
from tests.plugin_package import KEY, plugin  # noqa: F401  (a fixture)


def test_the_starter_drawn_at_the_table_is_exported(plugin: Path) -> None:  # noqa: F811
    rig = Rig(players=("Ann", "Bob"), seed=5)
    try:
        rig.open_game(KEY)
        rig.keys("up", "ok")  # Start: Ann and Bob, two dice each
        rig.keys("long ok")   # hold OK: who bids first is drawn
        starter = rig.app.session.state.players[rig.app.session.state.first]
        assert starter == "Bob"  # seat 2: the options alone would say seat 1, Ann
        rig.keys("ok", "ok")  # Ann loses both her dice
        assert "Game over" in rig.text
        (play,) = json.loads(as_json(read_plays(rig.store)))
        assert play["start_player"] == starter
        scores = as_bgstats(read_plays(rig.store))["plays"][0]["playerScores"]
        assert [s["startPlayer"] for s in scores] == [False, True]
    finally:
        rig.close()
