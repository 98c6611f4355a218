"""Guards the test files' names (issue 46): a test file is named after what it tests, as
gpiozero names one file per module. ``tests/<package>/test_<module>[_<aspect>].py`` tests
``companion/<package>/<module>`` (a game part for ``tests/games/<key>/``: ``test_rules.py``,
``test_screens_fight.py``); the walks through the whole box and the checks on the project
are named after what they drive or check, from the lists below."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
COMPANION = ROOT / "companion"

# tests/whole_box/: the walks and fuzzers, named after what they drive
WHOLE_BOX = {"crash_safety", "cut_text", "deep_play", "every_game_twice",
             "japanese_names_fit", "language_switch", "no_english_in_japanese_frames",
             "roster_evening", "salvage_fuzz", "ui_fuzz"}
# tests/project/: the checks on the project itself, named after the aspect they check
PROJECT = {"architecture", "benchmarks", "dependency_bounds", "docs", "japanese_wording",
           "make_fonts", "moved_clocks", "packaging", "test_names", "translations"}


def names_for(folder: Path) -> set[str] | None:
    """What a test file in ``folder`` may be named after: the modules and subpackages of
    the companion's package it stands for (None when there is none)."""
    rel = folder.relative_to(TESTS)
    if rel.parts[:1] == ("whole_box",):
        return WHOLE_BOX
    if rel.parts[:1] == ("project",):
        return PROJECT
    package = COMPANION.joinpath(*rel.parts)
    if not package.is_dir():
        return None
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    modules |= {p.name for p in package.iterdir()
                if p.is_dir() and (p / "__init__.py").exists()}
    return modules


def misnamed() -> list[str]:
    wrong = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if "fixtures" in path.relative_to(TESTS).parts:
            continue
        name = path.stem.removeprefix("test_")
        allowed = names_for(path.parent)
        rel = path.relative_to(ROOT).as_posix()
        if allowed is None:
            wrong.append(f"{rel}: no companion package at "
                         f"companion/{path.parent.relative_to(TESTS).as_posix()}")
            continue
        # the package's own tests (its __init__) take the package's name whole
        own = path.parent.name if path.parent != TESTS else None
        if name == own or any(name == a or name.startswith(a + "_") for a in allowed):
            continue
        wrong.append(f"{rel}: not named after one of {sorted(allowed)}")
    return wrong


def test_every_test_file_is_named_after_what_it_tests() -> None:
    assert misnamed() == []


def test_the_check_finds_a_file_named_after_a_fix(tmp_path, monkeypatch) -> None:
    fake = tmp_path / "tests"
    for rel in ("log/test_store_replay.py", "log/test_a_power_cut_keeps_the_game.py",
                "games/genial/test_screens_score.py", "games/genial/test_tower_fix.py",
                "whole_box/test_deep_play.py", "project/test_what_we_found.py",
                "nowhere/test_thing.py", "test_testing.py"):
        (fake / rel).parent.mkdir(parents=True, exist_ok=True)
        (fake / rel).write_text("", encoding="utf-8")
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "TESTS", fake)
    monkeypatch.setattr(here, "ROOT", tmp_path)
    found = [line.split(":")[0] for line in misnamed()]
    assert found == ["tests/games/genial/test_tower_fix.py",
                     "tests/log/test_a_power_cut_keeps_the_game.py",
                     "tests/nowhere/test_thing.py",
                     "tests/project/test_what_we_found.py"]
