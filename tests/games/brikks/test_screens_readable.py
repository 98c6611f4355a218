"""Guards Brikks at the table (#21, #18): every name and number a player reads from their
seat — the start block, the roll, costs, each player's trackers, the score tables and
the standings — is in 12 px type or larger, in English and Japanese, and each screen
matches its golden picture; the play screens share their title bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from companion.config.file import from_mapping
from companion.games.brikks import rules
from companion.testing import Rig

ROSTER = ("Ann", "Ben", "Cleo")
#: Fonts of 12 px and more: what a player reads from their seat.
READABLE = {"text", "bold", "medium", "large", "huge"}


def make_rig(tmp_path: Path, language: str) -> Rig:
    config = from_mapping({"display": {"driver": "dummy"}, "language": language,
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    return Rig(db=str(tmp_path / f"{language}.db"), config=config, players=ROSTER)


def assert_readable(rig: Rig, texts: set[str]) -> None:
    """Every one of ``texts`` is on the screen, and only in 12 px type or larger."""
    found: dict[str, set[str]] = {}
    for drawn in rig.app.painter.drawn:
        if drawn.text in texts:
            found.setdefault(drawn.text, set()).add(drawn.font)
    assert set(found) == texts, f"not on screen: {texts - set(found)}"
    small = {t: f for t, f in found.items() if not f <= READABLE}
    assert not small, f"read across the table but drawn small: {small}"


def state(rig: Rig) -> rules.State:
    return rig.app.session.state


def start_game(rig: Rig, players: tuple[str, ...] = ("Ann", "Ben", "Cleo")) -> None:
    rig.app.start_game("brikks", {"players": list(players)})
    rig.app.band = None


def take_blocks(rig: Rig, *colours: str) -> None:
    for colour in colours:
        rig.app.play({"type": "start_block", "player": rules.next_picker(state(rig)),
                      "colour": colour})
    rig.app.redraw()


def finish(rig: Rig, sheets: dict[int, list[int]]) -> None:
    """Everyone out, then each sheet recorded as given (rows; bonus 3, 1 bomb, 2 energy)."""
    rig.app.play({"type": "roll", "number": 2, "colour": "blue"})
    for seat in range(len(state(rig).players)):
        rig.app.play({"type": "out", "player": seat})
    for seat, rows in sheets.items():
        rig.app.play({"type": "score", "player": seat, "rows": rows, "bonus_marks": 3,
                      "bombs_left": 1, "energy_left": 2})
    rig.app.show_game()
    rig.app.redraw()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_play_screens_read_across_the_table(tmp_path: Path, golden, language: str) -> None:
    rig = make_rig(tmp_path, language)
    suffix = "" if language == "en" else "-ja"
    try:
        start_game(rig)
        take_blocks(rig, "red")
        golden(f"brikks-start{suffix}", rig.frame)
        assert_readable(rig, {"Ben"})
        take_blocks(rig, "blue", "green")
        assert_readable(rig, {"Ann"})                       # who rolls first
        golden(f"brikks-first{suffix}", rig.frame)
        title = rig.frame.crop((0, 0, 128, 12))
        rig.app.play({"type": "roll", "number": 3, "colour": "yellow"})
        rig.app.play({"type": "reroll", "number": 1, "colour": "black"})
        rig.app.redraw()
        assert rig.frame.crop((0, 0, 128, 12)).tobytes() == title.tobytes()  # same title
        first = "3·" + ("yellow" if language == "en" else "黄")
        assert_readable(rig, {first})                       # the roll before the reroll
        golden(f"brikks-reroll{suffix}", rig.frame)
        rig.keys("right")                                   # costs: the same title bar
        assert rig.frame.crop((0, 0, 128, 12)).tobytes() == title.tobytes()
        has = "Ann has 3" if language == "en" else "Ann:EP3"
        assert_readable(rig, {has})
        golden(f"brikks-costs{suffix}", rig.frame)
        rig.keys("back", "down", "down")                    # the players, one card each
        assert rig.frame.crop((0, 0, 128, 12)).tobytes() == title.tobytes()
        assert_readable(rig, {"Ben", "3", "0"})             # energy 3, no bonus; 3 bombs
        golden(f"brikks-players{suffix}", rig.frame)
        rig.keys("ok")                                      # Ben's tracker, on his card
        assert rig.frame.crop((0, 0, 128, 12)).tobytes() == title.tobytes()
        same = "same +2" if language == "en" else "同じ色+2"
        assert_readable(rig, {"Ben", "3", "0", same})
        golden(f"brikks-tracker{suffix}", rig.frame)
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_scores_read_across_the_table(tmp_path: Path, golden, language: str) -> None:
    rig = make_rig(tmp_path, language)
    suffix = "" if language == "en" else "-ja"
    try:
        start_game(rig)
        take_blocks(rig, "red", "blue", "green")
        finish(rig, {})
        rig.keys("long ok", "long ok", "right", "up", "up", "up")   # rows 1-2 full, row 3: 3
        assert_readable(rig, {"3", "10"})                   # the row's marks, the rows so far
        golden(f"brikks-score{suffix}", rig.frame)
        rig.keys("ok", "ok", "ok", "ok")                    # bonus, bombs, energy: the total
        rig.app.band = None
        rig.app.redraw()
        parts = rules.breakdown([10, 10, 3] + [0] * 8, 0, 3, 2)
        assert_readable(rig, {str(v) for v in parts.values()})
        golden(f"brikks-total{suffix}", rig.frame)
        rig.keys("ok")
        for seat, rows in ((1, [10] * 4 + [0] * 7), (2, [5] * 11)):
            rig.app.play({"type": "score", "player": seat, "rows": rows, "bonus_marks": 3,
                          "bombs_left": 1, "energy_left": 2})
        rig.app.redraw()
        result = rules.result(state(rig))
        places = [f"{place}. {name}" for place, names in enumerate(result.places, 1)
                  for name in names]
        assert_readable(rig, {*places, *(str(s) for s in result.scores.values())})
        golden(f"brikks-result{suffix}", rig.frame)
        rig.keys("right")                                   # Ann's sheet
        assert_readable(rig, {"Ann", str(result.scores["Ann"])})
        golden(f"brikks-sheet{suffix}", rig.frame)
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_setup_keeps_start_in_place(tmp_path: Path, golden, language: str) -> None:
    """OK on an option jumps to Start without scrolling the list: only the arrow moves."""
    rig = make_rig(tmp_path, language)
    suffix = "" if language == "en" else "-ja"
    try:
        rig.keys("ok")
        picker = rig.app.top
        while not picker.items()[picker.index].startswith("Brikks"):
            rig.keys("down")
        rig.keys("ok", "down")
        golden(f"brikks-setup{suffix}", rig.frame)
        before = rig.frame.crop((5, 13, 128, 64)).tobytes()
        rig.keys("ok")                                      # jump to Start
        assert rig.app.top.rows()[rig.app.top.row] is None
        assert rig.frame.crop((5, 13, 128, 64)).tobytes() == before   # the arrow alone
    finally:
        rig.close()


def test_a_roll_answers_in_words_and_then_tumbles_only_the_block(tmp_path: Path) -> None:
    """#18: the answer to ROLL keeps the title (who rolls) and sends the words; every
    animation frame after it changes pixels inside the block's box and nowhere else."""
    from companion.games.brikks.screens.frame import BLOCK_BOX

    rig = make_rig(tmp_path, "en")
    try:
        start_game(rig, ("Ann", "Ben"))
        take_blocks(rig, "red", "blue")
        before = rig.frame.copy()
        shown = []
        display = rig.display.display
        rig.display.display = lambda image: (shown.append(image.copy()), display(image))
        rig.keys("roll")
        assert len(shown) == 7                              # the answer, then 6 frames
        answer, *tumble = shown
        assert answer.crop((0, 0, 128, 12)).tobytes() == before.crop((0, 0, 128, 12)).tobytes()
        last = state(rig).rolls[-1]
        assert f"col {last.number}" in rig.text and last.colour in rig.text
        x0, y0, x1, y1 = BLOCK_BOX
        for old, new in zip(shown, tumble, strict=False):
            changed = ImageChops.difference(old.convert("L"), new.convert("L")).getbbox()
            assert changed is not None
            assert x0 <= changed[0] and y0 <= changed[1] and changed[2] <= x1 + 1 \
                and changed[3] <= y1 + 1, changed
    finally:
        rig.close()
