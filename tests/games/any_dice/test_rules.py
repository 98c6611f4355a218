"""Guards any dice: the roll notation, custom dice and named sets from the config (bad
ones refused with one line), `companion roll 3d6+d20` and `roll colour`, the Any dice
game through the box with histogram and physical entry, and Test your dice for a d20."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.config import file as config
from companion.core import fairness
from companion.core.dice import Dice
from companion.core.dicesets import NotationError, describe, distribution, parse, standard
from companion.core.errors import CompanionError, ConfigError
from companion.games.any_dice import rules
from companion.owner.roll_command import roll
from companion.records.plays import plays as read_plays
from companion.testing import Rig

ROOT = Path(__file__).resolve().parents[3]
DICE_CONFIG = """
[[dice]]
name = "colour"
faces = ["white", "yellow", "green", "red", "blue", "black"]

[[dice]]
name = "fudge"
faces = ["-", "-", "0", "0", "+", "+"]

[[dice]]
name = "attack"
roll = "3d6+d20"
"""


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


def test_notation_for_every_shelf_die_and_mixed_sets() -> None:
    for sides in (4, 6, 8, 10, 12, 20, 100):
        assert parse(f"2d{sides}") == (standard(sides),) * 2
    dice = parse(" 3D6 + d20 ")
    assert [d.label for d in dice] == ["d6", "d6", "d6", "d20"] and describe(dice) == "3d6+d20"
    named = config.load_text(DICE_CONFIG).dice
    assert describe(parse("2 colour + d4", named)) == "2 colour+d4"
    assert describe(named["attack"]) == "3d6+d20"


@pytest.mark.parametrize(("text", "message"), [
    ("", "an empty roll"), ("2d6+", "a '.' with no die"), ("3x6", "not a die"),
    ("0d6", "1 to 100 dice, not 0"), ("d1", "2 to 1000 sides"), ("101d6", "1 to 100 dice"),
    ("colour", "not a die: write NdS"), ("60d6+60d6", "at most 100 dice"),
])
def test_a_malformed_roll_is_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as err:
        parse(text)
    assert "\n" not in str(err.value)


@given(st.lists(st.sampled_from((4, 6, 8, 10, 12, 20)), min_size=1, max_size=4))
def test_the_fair_distribution_is_a_distribution(sides: list[int]) -> None:
    share = distribution([standard(s) for s in sides])
    assert abs(sum(share.values()) - 1) < 1e-9
    assert min(share) == len(sides) and max(share) == sum(sides)


def test_companion_roll_mixed_and_custom_dice(tmp_path: Path) -> None:
    line = roll("3d6+d20", Dice.seeded(3))
    head, total = line.split(" = ")
    faces = [int(f) for f in head.removeprefix("3d6+d20: ").replace("+ ", "").split()]
    assert len(faces) == 4 and all(1 <= f <= 6 for f in faces[:3]) and 1 <= faces[3] <= 20
    assert int(total) == sum(faces)
    named = config.load_text(DICE_CONFIG).dice
    colour = roll("colour", Dice.seeded(3), named)
    assert colour.startswith("colour: ") and colour.split(": ")[1] in named["colour"][0].faces
    with pytest.raises(CompanionError, match="cannot roll 'colour'"):
        roll("colour", Dice.seeded(3))                    # not in this config
    cfg = tmp_path / "config.toml"
    cfg.write_text(DICE_CONFIG)
    proc = run_cli("--config", str(cfg), "roll", "colour")
    assert proc.returncode == 0 and proc.stdout.startswith("colour: ")
    proc = run_cli("roll", "3d6+d20")
    assert proc.returncode == 0 and proc.stdout.startswith("3d6+d20: ")
    proc = run_cli("roll", "2d6+")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "cannot roll '2d6+'" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(("text", "message"), [
    ('[[shelf]]\nbgg_id = 822', "shelf[1].title: missing"),
    ('[[shelf]]\ntitle = "A"\n[[shelf]]\ntitle = "a"', "shelf[2].title: 'a' is on the shelf twice"),
    ('[[shelf]]\ntitle = "A"\nplayers = [4, 2]', "shelf[1].players: must be [fewest, most]"),
    ('[[shelf]]\ntitle = "A"\nwins = "most"', "shelf[1].wins: must be 'highest' or 'lowest'"),
    ('[[shelf]]\ntitle = "A"\ncategories = ["x"]\nrounds = 3', "categories (a score sheet) or"),
    ('[[shelf]]\ntitle = "A"\ncolour = 1', "shelf[1].colour: unknown key"),
    ('[[dice]]\nname = "x"\nfaces = []', "dice[1].faces: a die needs 2 to 100 faces, not 0"),
    ('[[dice]]\nname = "x"\nfaces = [' + ", ".join(["1"] * 200) + "]",
     "dice[1].faces: a die needs 2 to 100 faces, not 200"),
    ('[[dice]]\nname = "x"\nfaces = ["red", " "]', "dice[1].faces: face 2 is empty"),
    ('[[dice]]\nname = "x"\nfaces = ["red", true]', "face 2 must be a word"),
    ('[[dice]]\nname = "x"\nroll = "2d6+"', "dice[1].roll: a '+' with no die after it"),
    ('[[dice]]\nname = "d8"\nfaces = [1, 2]', "dice[1].name: must be 1-12"),
    ('[[dice]]\nfaces = [1, 2]', "dice[1].name: missing"),
    ('[[dice]]\nname = "x"', "dice[1]: give faces"),
    ("[sound]\npin = 24", "sound.pin: pin 24 is already used by buttons.ok"),
    ('[sound]\npin = "x"', "sound.pin: must be a BCM pin"),
    ('preset = "breadboard"\n[sound]\npin = 3', "sound.pin: pin 3 is already used by I²C SCL"),
])
def test_bad_shelf_dice_and_sound_entries_are_one_line(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        config.load_text(text)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_bad_config_starts_nothing(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('[[dice]]\nname = "colour"\nfaces = ["red", ""]\n')
    proc = run_cli("--config", str(cfg), "roll", "d6")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "companion: dice[1].faces: face 2 is empty; every face needs a " \
                          "name or a number.\n"


def dice_rig(tmp_path: Path) -> Rig:
    import tomllib

    return Rig(db=str(tmp_path / "c.db"), config=config.from_mapping(
        {"display": {"driver": "dummy"}, "input": {"hold_ms": 100},
         **tomllib.loads(DICE_CONFIG)}))


def open_game(rig: Rig, key: str) -> None:
    """From wherever: the start menu, New game, then game ``key``."""
    rig.open_game(key)


def test_any_dice_through_the_box(tmp_path: Path) -> None:
    rig = dice_rig(tmp_path)
    try:
        open_game(rig, "any_dice")
        items = rig.app.top.items()
        assert items[:4] == ["colour", "fudge", "attack: 3d6+d20", "d6"]
        assert items[-1] == "Build a set..."
        rig.keys("down", "down", "ok")                    # attack: 3d6+d20
        for _ in range(30):
            rig.keys("roll")
        s = rig.app.session.state
        assert len(s.rolls) == 30 and rules.total(s, s.last) == sum(s.last)
        assert str(sum(s.last)) in rig.text
        rig.keys("long roll")                             # your own dice
        assert "Your dice" in rig.text
        rig.keys("up", "up", "right", "right", "right", "long up", "up", "ok")  # 3 1 1 12
        assert rig.app.session.state.last == (3, 1, 1, 12)
        assert rig.store.actions(rig.app.session.game_id)[-1]["entered"] is True
        rig.keys("right")                                 # the histogram
        assert "3d6+d20 totals" in rig.text and "n=31" in rig.text
        rig.keys("back", "long ok", "ok")                 # end the session
        play = read_plays(rig.store)[0]
        assert play.game == "Any dice" and play.detail == "attack, 31 rolls"
    finally:
        rig.close()


def test_a_custom_colour_die_and_a_built_set(tmp_path: Path) -> None:
    rig = dice_rig(tmp_path)
    try:
        open_game(rig, "any_dice")
        rig.keys("ok")                                    # colour
        for _ in range(12):
            rig.keys("roll")
        s = rig.app.session.state
        assert s.last[0] in s.dice[0].faces and s.last[0] in rig.text
        rig.keys("right")
        assert "colour faces" in rig.text
        assert sum(rules.face_counts(s, s.dice[0])) == 12
        rig.keys("back", "back")
        open_game(rig, "any_dice")
        rig.keys("up", "ok")                              # Build a set...
        rig.keys("down", "left", "left", *["down"] * 4, "right",  # d6 x0, d20 x1
                 "down", "down", "right", "ok", "ok")              # colour x1, Start
        s = rig.app.session.state
        assert s.name == "d20+colour"
        rig.keys("roll", "right")                           # totals, then the colour page
        assert "d20 totals" in rig.text and "1/2" in rig.text
        rig.keys("right")
        assert "colour faces" in rig.text
    finally:
        rig.close()


def test_a_set_with_a_die_the_rules_do_not_know_is_refused() -> None:
    from companion.core.errors import RuleError

    with pytest.raises(RuleError, match="a die needs 2 to 100 faces"):
        rules.new_game({"players": ["Table"], "name": "x", "dice": [{"label": "x",
                                                                     "faces": [1]}]})
    s = rules.new_game(rules.options_for("d20", parse("d20")))
    with pytest.raises(RuleError, match="no face 21"):
        rules.step(s, {"type": "roll", "faces": [21]})


def test_test_your_dice_with_a_d20(tmp_path: Path) -> None:
    rig = Rig(db=str(tmp_path / "c.db"))
    try:
        open_game(rig, "dice_test")
        rig.keys(*["right"] * 6, "ok", "ok")              # Die: d20
        assert rig.app.session.state.die == "d20" and "Test d20" in rig.text
        rig.keys("long right", "right", "ok")             # face 7
        assert rig.app.session.state.rolls == (7,)
        rolls = Dice.seeded(5).roll(20, 99)
        for face in rolls:
            rig.app.play({"type": "face", "face": face, "entered": True})
        rig.keys("down", "right")
        counts = dict.fromkeys(range(1, 21), 0)
        for face in [7, *rolls]:
            counts[face] += 1
        expected = fairness.verdict(counts, list(range(1, 21)))
        assert expected.lines[0] in rig.text and f"p = {expected.p:.3f}" in rig.text
        assert expected.lines[0] == "No evidence of bias."
    finally:
        rig.close()


def test_a_loaded_d20_is_caught() -> None:
    counts = {f: 5 for f in range(1, 21)} | {20: 40}
    v = fairness.verdict(counts, list(range(1, 21)))
    assert v.biased and v.lines[0] == "Looks biased."
