"""Guards the box against a game package's bad declaration or a rules/screens module
without a function the box calls: the game is refused in one sentence (the menu's
"(broken)", `companion doctor`), never a "Sorry, that screen went wrong" at the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import registry
from companion.config.registry import Unavailable
from companion.owner.doctor.games import games_report
from companion.testing import Rig
from tests.plugin_package import KEY, play_a_round, plugin  # noqa: F401  (a fixture)

BAD = [
    ("min_players=5, max_players=2,",
     "its declaration gives min_players 5 above max_players 2; both are whole numbers "
     "from 1, min_players the smaller."),
    ("min_players=0, max_players=0,",
     "its declaration gives min_players 0 and max_players 0; both must be whole numbers "
     "from 1, min_players the smaller."),
    ("min_players='2', max_players=6,",
     "its declaration gives min_players '2' and max_players 6; both must be whole numbers "
     "from 1, min_players the smaller."),
    ("short=N_(\"Liar's dice tally for everyone\"),",
     "its declaration's short title \"Liar's dice tally for everyone\" has 30 characters; "
     "at most 16 fit a menu line."),
    ("title=None,", "its declaration gives title as None; it must be a text."),
    ("bgg_id='45',", "its declaration gives bgg_id '45'; it must be a BoardGameGeek id (a "
     "whole number from 1) or None."),
    ("house_rules={'spot_on': True},",
     "its declaration's house_rules must map each rule's name to a HouseRule."),
    ("house_rules={'dice': HouseRule(7, 'Dice each.', (1, 2, 3))},",
     "its declaration's house rule 'dice' does not allow its own default (house rule "
     "'dice' must be one of 1, 2, 3, not 7.)."),
    ("actions=['lose'],", "its declaration's actions must map each action type to its "
     "name, NC_(\"action\", \"…\")."),
    ("api_version='2.0',", "it was written for version 2.0 of the companion's game API, and "
     "this companion has 1.0: update the companion to play it."),
    ("api_version=2,", "its declaration gives api_version 2; it must be a version such as "
     "\"1.0\"."),
    ("dice='liar',", "its declaration's dice must be a tuple of names such as "
     "(\"high-card\",): lower-case letters, digits and '-'."),
]


#: The fixture's declaration, argument by argument (Python source).
DECLARED = {"key": '"liar_tally"', "title": 'N_("Liar\'s dice tally")',
            "short": 'N_("Liar\'s dice")', "min_players": "2", "max_players": "6",
            "rules": '"liar_tally.rules"', "screens": '"liar_tally.screens"',
            "actions": '{"lose": NC_("action", "die lost"), '
                       '"first": NC_("action", "first bidder")}'}


def declare(package: Path, change: str) -> None:
    """Write the package's declaration with ``change`` ("name=value, …") in it."""
    changed = dict(DECLARED)
    changed.update(dict(part.split("=", 1) for part in _arguments(change)))
    (package / "__init__.py").write_text(
        "from companion.api.declaration import NC_, GameInfo, HouseRule, N_\n\n"
        "GAME = GameInfo(" + ", ".join(f"{k}={v}" for k, v in changed.items()) + ")\n")


def _arguments(change: str) -> list[str]:
    """``"a=1, b={'x': 2},"`` → ``["a=1", "b={'x': 2}"]`` (split at top-level commas)."""
    parts, depth, current = [], 0, ""
    for ch in change:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    return [p for p in [*parts, current.strip()] if p]


@pytest.mark.parametrize(("change", "sentence"), BAD)
def test_a_bad_declaration_is_refused_in_one_sentence(plugin: Path, change: str,  # noqa: F811
                                                      sentence: str) -> None:
    declare(plugin, change)
    entry = registry.discover()[KEY]
    assert isinstance(entry, Unavailable) and entry.why() == sentence
    assert f"FAIL  game {KEY}: {sentence}" in [str(c).split("\n")[0] for c in games_report()]
    rig = Rig()
    try:
        rig.open_game(KEY)
        assert "liar_tall (broken)" in rig.text
        assert "liar_tally does not | load; companion | doctor says why." in rig.text
        assert rig.app.slips == []
    finally:
        rig.close()


def test_the_fixture_as_it_is_plays(plugin: Path) -> None:  # noqa: F811
    play_a_round()


@pytest.mark.parametrize(("module", "function"), [("rules", "result"),
                                                  ("screens", "play_screen")])
def test_a_module_without_a_function_the_box_calls_is_named(plugin: Path, module: str,  # noqa: F811
                                                            function: str) -> None:
    path = plugin / f"{module}.py"
    path.write_text(path.read_text().replace(f"def {function}(", f"def {function}_old("))
    sentence = f"its {module} module liar_tally.{module} has no {function}()."
    lines = [str(c).split("\n")[0] for c in games_report()]
    assert f"FAIL  game {KEY}: {sentence}" in lines
    rig = Rig(players=("Ann", "Bob"))
    rig.app.strict = False  # as on the box: a slip would show "Sorry, that screen went wrong"
    try:
        rig.open_game(KEY)
        assert rig.app.slips == [] and "cannot be" in rig.text
        assert " ".join(rig.app.message.split()) == f"{KEY} cannot be played: {sentence}"
    finally:
        rig.close()
