"""Guards Area Tiles across the table (issue 21) and press by press on the bus (issue 18):
every name and number in the areas list, the area editor, the result pages and the
score rows is drawn in 12 px type or larger; each changed screen matches its golden
image in English and Japanese; and opening the editor or moving the list's cursor
repaints only part of the panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from luma.oled.device import ssd1306

from companion.config.file import from_mapping
from companion.config.registry import position
from companion.games.area_tiles import rules
from companion.hw.fakebus import RecordingSerial
from companion.hw.partial import PartialDisplay
from companion.testing import Rig

#: The people on the roster: red, blue and yellow.
ROSTER = ("Ann", "Ben", "Cleo")
#: Fonts of 12 px and more: what a player reads from their seat.
READABLE = {"text", "bold", "medium", "large", "huge"}


def make_rig(tmp_path: Path, language: str = "en", **kwargs) -> Rig:
    config = from_mapping({"display": {"driver": "dummy"}, "language": language,
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    return Rig(db=str(tmp_path / f"{language}.db"), config=config, players=ROSTER, **kwargs)


def start(rig: Rig, *setup: str) -> None:
    """New game → Area Tiles → ``setup`` keys → Start; all tiles down: scoring."""
    rig.keys("ok", *["down"] * position("area_tiles"), "ok", *setup, "ok", "ok", "ok")
    assert rig.app.session.state.phase == "scoring"


def areas(rig: Rig, *entries: tuple[int, int]) -> None:
    """From a player's "+ new area": ``(blocks, RIGHT presses for the symbol)`` each."""
    rig.keys("ok")
    for blocks, symbol in entries:
        rig.keys(*["up"] * (blocks - rules.MIN_BLOCKS), *["right"] * symbol, "ok")
    rig.keys("back")


def finish(rig: Rig) -> None:
    """From Ben's list on "Next: Cleo": Cleo enters no area; Finish entry, sure."""
    rig.keys("ok", "down", "ok", "ok")
    assert rules.is_over(rig.app.session.state)


def drawn_small(rig: Rig, texts: set[str]) -> dict[str, str]:
    """Which of ``texts`` the current frame drew below 12 px (each must be on it)."""
    fonts = {d.text: d.font for d in rig.app.painter.drawn if d.text in texts}
    assert set(fonts) == texts, f"not on screen: {texts - set(fonts)}"
    return {t: f for t, f in fonts.items() if f not in READABLE}


def test_names_and_numbers_are_12_px_in_the_lists_and_on_the_result(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    start(rig)
    areas(rig, (10, 0), (7, 2))
    rig.keys("up", "up")  # the list: two areas, + new area, Next: Ben
    assert not drawn_small(rig, {"Ann's areas", "10 blk = 6", " 7 blk = 3", "9", "1/3"})
    rig.keys("up", "ok")  # the editor on area 1
    assert not drawn_small(rig, {"Ann's areas", "1/3", "10", "6", "9", "no 4+ group"})
    rig.keys("right", "right")
    assert not drawn_small(rig, {"Ben"})
    rig.keys("back", "down", "down", "down", "ok")  # Next: Ben
    areas(rig, (6, 3))
    finish(rig)
    assert rig.text == "Result | 1/5 > | Ann wins | 15 points | next: Ben 4"
    assert not drawn_small(rig, {"Ann wins", "15 points", "next: Ben 4"})
    rig.keys("right")
    assert not drawn_small(rig, {"Ann", "Ben", "Cleo", "9+6 =", "15", "1+3 =", "4", "0+3 =",
                                 "3"})
    rig.keys("right")
    assert not drawn_small(rig, {"Ann: 2 areas", "Area points", "9", "15"})
    rig.close()


def test_the_tie_break_reads_in_12_px(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    start(rig, "left")  # two players
    areas(rig, (10, 0))
    rig.keys("ok")
    areas(rig, (7, 0), (7, 0))
    rig.keys("ok", "ok")
    assert rig.text == "Result | 1/4 > | Ann wins | 9 points | tie: 1 v 2 areas"
    assert not drawn_small(rig, {"Ann wins", "9 points", "tie: 1 v 2 areas"})
    rig.close()


def test_a_draw_reads_in_12_px(tmp_path: Path) -> None:
    rig = make_rig(tmp_path)
    start(rig, "left")
    areas(rig, (7, 2))  # Ann's area holds Ben's symbols
    rig.keys("ok")
    areas(rig, (7, 1))  # and Ben's holds Ann's
    rig.keys("ok", "ok")
    assert rig.text == "Result | 1/4 > | Draw | Ann & Ben | 12 pts, 1 area each"
    assert not drawn_small(rig, {"Draw", "Ann & Ben", "12 pts, 1 area each"})
    rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_area_tiles_goldens(tmp_path: Path, golden, language: str) -> None:
    rig = make_rig(tmp_path, language)
    suffix = "" if language == "en" else "-ja"
    rig.keys("ok", *["down"] * position("area_tiles"), "ok")
    golden(f"area_tiles-setup{suffix}", rig.frame)
    rig.keys("ok", "ok", "ok", "ok")  # Start; tiles down; the editor of Ann's first area
    rig.keys(*["up"] * 5, "right", "right")
    golden(f"area_tiles-entry{suffix}", rig.frame)
    rig.keys("ok", "back", "up")
    golden(f"area_tiles-areas{suffix}", rig.frame)
    rig.keys("down", "ok")  # Next: Ben
    areas(rig, (10, 0), (4, 0))
    rig.keys("ok")  # Next: Cleo
    areas(rig, (6, 3))
    rig.keys("ok", "ok")  # Finish entry, sure
    assert rig.app.session.rules.result(rig.app.session.state).winners == ("Ben",)
    golden(f"area_tiles-result{suffix}", rig.frame)
    rig.keys("right")
    golden(f"area_tiles-table{suffix}", rig.frame)
    rig.keys("right", "right")
    golden(f"area_tiles-player{suffix}", rig.frame)
    rig.close()


def test_a_press_in_the_area_entry_repaints_only_part_of_the_panel(tmp_path: Path) -> None:
    bus = RecordingSerial()
    rig = make_rig(tmp_path, display=PartialDisplay(ssd1306(bus)))
    start(rig)
    areas(rig, (10, 0), (7, 0))

    def press(*keys: str) -> int:
        bus.reset()
        rig.keys(*keys)
        return bus.bus_bytes

    # Before: an inverted bar moved (~390-470 B a move) and the editor was a screen of
    # its own (~890 B each way); a full frame is 1024 B, 540 B is 50 ms at 100 kHz.
    assert press("up") < 200  # the cursor's arrow moves up a row (and the hint changes)
    assert press("ok") < 540  # "+ new area": the editor opens in the list's frame
    assert press("up") < 100  # one block more
    assert press("back") < 700  # the list again, the cursor on "Next: Ben"
    assert press("up", "up") < 540  # to area 2: the list scrolls by a row
    assert press("ok") < 600  # fix area 2: the editor again, its hint in place
    rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_twelve_letter_names_are_never_cut(tmp_path: Path, language: str) -> None:
    """Names as long as the roster allows: pages and rows give them room, not shrink them."""
    from tests.whole_box.test_cut_text import faults

    config = from_mapping({"display": {"driver": "dummy"}, "language": language,
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    long = ("Christabella", "Maximilianus", "Bartholomeus")
    rig = Rig(db=str(tmp_path / "long.db"), config=config, players=long)
    seen: list[str] = []

    def look(*keys: str) -> None:
        for key in keys:
            rig.keys(key)
            seen.extend(f"{rig.text}: {f}" for f in faults(rig.app))

    look("ok", *["down"] * position("area_tiles"), "ok", "ok", "ok", "ok")
    look("ok", *["up"] * 5, *["right"] * 7, "ok", "back")  # every owner and group
    look("ok", "ok")  # Next player; their editor
    look(*["up"] * 6, "ok", "back", "ok", "ok", "ok", "back", "ok")
    look("ok", *["right"] * 6)  # finish, sure; every result page
    assert rules.is_over(rig.app.session.state)
    assert not seen, "\n".join(sorted(set(seen)))
    rig.close()
