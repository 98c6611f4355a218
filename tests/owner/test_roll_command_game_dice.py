"""Guards the games' own dice on the command line (``companion roll brikks``): each game
declares its dice (``GameInfo.dice`` names them, its rules' ``DICE`` holds them), so the
command line knows no game by name, and a plugin's dice roll the same way."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.config import registry
from companion.core import i18n
from companion.core.dice import Dice
from companion.games.brikks import data
from companion.owner.roll_command import roll
from tests.plugin_package import KEY, plugin  # noqa: F401  (a fixture)

ROLL_COMMAND = Path(__file__).resolve().parents[2] / "companion" / "owner" / "roll_command.py"


def test_the_roll_command_names_no_game() -> None:
    """Its code (its docstrings may show an example) says no game's name."""
    tree = ast.parse(ROLL_COMMAND.read_text(encoding="utf-8"))
    docstrings = {id(f.body[0].value) for f in ast.walk(tree)
                  if isinstance(f, ast.Module | ast.FunctionDef) and f.body
                  and isinstance(f.body[0], ast.Expr)}
    code = [n.value.lower() for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docstrings]
    code += [n.id.lower() for n in ast.walk(tree) if isinstance(n, ast.Name)]
    assert [w for w in code if "brikks" in w or "brain" in w] == []


def test_brikks_rolls_its_d4_and_the_colour_die_of_its_own_data() -> None:
    line = roll("brikks", Dice.seeded(2))
    assert line.startswith("Brikks: ") and "column" in line
    assert any(f"colour die {colour})" in line for colour in data.COLOURS)
    assert roll("BRIKKS", Dice.seeded(2)) == line


def test_a_games_dice_speak_its_catalogue() -> None:
    i18n.use("ja")
    try:
        line = roll("brikks", Dice.seeded(2))
        assert "列目" in line and "色ダイス" in line and "white" not in line
        assert roll("brain_robbery", Dice.seeded(2)).startswith("ブレイン強盗: ")
    finally:
        i18n.use("en")


def test_the_example_game_declares_a_card_to_draw() -> None:
    line = roll("high-card", Dice.seeded(3))
    assert line.startswith("High card: ") and len(line.split(": ")[1]) == 2


def test_dice_a_game_declares_but_its_rules_lack_are_named(plugin: Path) -> None:  # noqa: F811
    init = plugin / "__init__.py"
    init.write_text(init.read_text().replace("screens=", "dice=(\"liar\",), screens="))
    problem = registry.import_problem(KEY)
    assert problem is not None
    assert str(problem) == "its rules module liar_tally.rules has no GameDice 'liar' in DICE."
