"""Guards that an owner's house rules reach a game package that uses the shared setup
screen: ``[house_rules.high_card] aces_high = false`` in the config is in the options
the setup builds, and decides the round (it was checked at start-up, then ignored)."""

from __future__ import annotations

from companion.config.file import from_mapping
from companion.testing import Rig


def rig_with(house_rules: dict) -> Rig:
    return Rig(players=("Ann", "Bob"), config=from_mapping({
        "display": {"driver": "dummy"}, "input": {"bounce_ms": 20, "hold_ms": 100},
        "house_rules": house_rules}))


def test_the_owners_house_rule_reaches_the_game() -> None:
    rig = rig_with({"high_card": {"aces_high": False}})
    try:
        rig.open_game("high_card")
        rig.keys("up", "ok")  # the setup's Start
        session = rig.app.session
        assert session.options["house_rules"] == {"aces_high": False}
        assert session.state.aces_high is False
        rig.app.play({"type": "draw", "card": "AS"})
        rig.app.play({"type": "draw", "card": "2C"})
        assert session.state.wins == (0, 1)  # the ace is the lowest card
    finally:
        rig.close()


def test_without_house_rules_the_options_stay_as_they_were() -> None:
    rig = rig_with({})
    try:
        rig.open_game("high_card")
        rig.keys("up", "ok")
        assert rig.app.session.options == {"players": ["Ann", "Bob"], "rounds": 5}
    finally:
        rig.close()
