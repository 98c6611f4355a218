"""Guards that ordinary Japanese names (five characters: 山田はなこ, 佐藤太郎) are never cut
on the Brain Crush, Brikks and Genial screens, played on mock pins in Japanese, and that
the round numbers and energy next to them stay on screen — checked with the painter's
own record of shortened and overflowing text."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import from_mapping
from companion.testing import Rig

#: Four ordinary names: five, four, three and three characters (60, 48, 36, 36 px).
NAMES = ("山田はなこ", "佐藤太郎", "けんた", "さくら")


def japanese(tmp_path: Path, names: tuple[str, ...] = NAMES) -> Rig:
    config = from_mapping({"display": {"driver": "dummy"}, "language": "ja",
                           "input": {"bounce_ms": 20, "hold_ms": 100}})
    return Rig(db=str(tmp_path / "ja.db"), config=config, players=names)


@pytest.fixture
def rig(tmp_path: Path):
    r = japanese(tmp_path)
    yield r
    r.close()


def readable(rig: Rig, text: str) -> bool:
    """``text`` is drawn whole, in 12 px type or larger."""
    return any(d.text == text and d.font in {"text", "bold", "medium", "large", "huge"}
               for d in rig.app.painter.drawn)


# -- Brain Crush ----------------------------------------------------------------------

def test_brain_crush_keeps_the_round_and_four_whole_names(rig: Rig) -> None:
    rig.open_game("brain_crush")
    rig.keys("ok", "ok")                                   # 4 players (the default), start
    assert rig.app.session.options["players"] == list(NAMES)
    assert rig.text.startswith("ラウンド 1/4 | 0組取得 | 山田はなこ | 最初 | 0 | 佐藤太郎 |")
    assert all(readable(rig, name) for name in NAMES) and rig.faults() == []
    rig.keys("ok")                                         # 山田はなこ's set picker
    assert rig.app.texts[:5] == ["山田はなこ", "黄", "緑", "赤", "青"] and rig.faults() == []
    rig.keys("ok", "right")                                # three 5s of yellow; 佐藤太郎 misses
    assert rig.text.startswith("ラウンド 1/4 | 1組取得 | 山田はなこ | 最初 | 15 | 佐藤太郎 | 0")
    assert rig.faults() == []
    rig.keys("long ok", "ok")                              # every piece face up: round 1 done
    assert "第1ラウンド" in rig.text and rig.faults() == []
    rig.keys("ok")
    assert rig.text.startswith("ラウンド 2/4") and rig.faults() == []


def test_brain_crush_the_starter_named_five_characters(tmp_path: Path) -> None:
    rig = japanese(tmp_path, ("佐藤太郎", "山田はなこ"))
    try:
        rig.open_game("brain_crush")
        rig.keys("left", "left", "down", "down", "down", "right", "ok", "ok")  # 2, random
        assert "ラウンド 1/2" in rig.app.texts and rig.faults() == []
        assert all(readable(rig, name) for name in ("佐藤太郎", "山田はなこ"))
    finally:
        rig.close()


# -- Brikks ---------------------------------------------------------------------------

def start_brikks(rig: Rig, *setup_keys: str) -> None:
    """Brikks from the start menu, ``setup_keys`` on its setup, then both start blocks."""
    rig.open_game("brikks")
    rig.keys(*setup_keys, "ok", "ok")                      # OK jumps to Start, OK starts
    for _block in range(len(rig.app.session.state.players)):
        if "ROLL" not in rig.text:
            rig.keys("ok")                                 # the first block offered
    assert "ROLL" in rig.text


@pytest.mark.parametrize("duel", [False, True])
def test_brikks_title_and_costs_keep_the_name_and_energy(rig: Rig, duel: bool) -> None:
    start_brikks(rig, *(["down"] * 5 + ["right"] if duel else []))
    s = rig.app.session.state
    assert s.duel is duel and s.players[0] == "山田はなこ"
    rig.keys("roll")
    assert rig.app.texts[:2] == ["Brikks", "1R 山田はなこ"] and rig.faults() == []
    rig.keys("right", "right")                             # the costs of 山田はなこ
    assert readable(rig, f"山田はなこ {s.trackers[0].energy}") and rig.faults() == []
    rig.keys("down")                                       # 佐藤太郎's costs
    assert readable(rig, f"佐藤太郎:EP{s.trackers[1].energy}") and rig.faults() == []


def test_brikks_solo_keeps_its_mode_and_round(tmp_path: Path) -> None:
    rig = japanese(tmp_path, ("山田はなこ",))
    try:
        start_brikks(rig, "left")                          # 1 player: solo
        assert rig.app.session.state.solo
        rig.keys("roll")
        assert rig.app.texts[:2] == ["Brikks ソロ", "1R"] and rig.faults() == []
    finally:
        rig.close()


def test_brikks_setup_names_an_empty_seat_by_its_label(tmp_path: Path) -> None:
    """A seat on "+ 新しい人" shows as 「席2」 in its level row and the Starts choice,
    never the core's English value cut short."""
    rig = japanese(tmp_path, ("山田はなこ",))
    try:
        rig.open_game("brikks")
        rig.keys("down", "down", "right")                  # seat 2: Guest 2 → + 新しい人
        assert "席2: + 新しい人" in rig.app.texts
        rig.keys("down", "down")
        assert "席2 レベル: 2" in rig.app.texts and rig.faults() == []
        rig.keys("down", "down", "right", "right")         # スタート: random → seat 1 → seat 2
        assert "スタート: 席2" in rig.app.texts and rig.faults() == []
        assert "New" not in rig.text
    finally:
        rig.close()


# -- Genial ---------------------------------------------------------------------------

def genial_final(rig: Rig, names: tuple[str, ...]) -> None:
    """20 rounds played to the rules' own example: the first seat wins on the 2nd-lowest
    colour (orange 13 against the second seat's purple 12)."""
    from companion.games.genial import rules

    targets = [[13, 11, 16, 17], [11, 12, 14, 15], [9, 18, 20, 14]][:len(names)]
    rig.app.start_game("genial", {"players": list(names), "first": 0})
    for turn in range(rules.ROUNDS):
        for tracks in targets:
            points = {s: v // rules.ROUNDS + (turn < v % rules.ROUNDS)
                      for s, v in zip(rules.SYMBOLS, tracks, strict=True)}
            rig.app.play({"type": "turn", "points": {s: n for s, n in points.items() if n}})
    rig.app.show_game()
    rig.app.redraw()


@pytest.mark.parametrize("names", [("佐藤太郎", "山田はなこ", "けんた"), ("はなこ", "太郎"),
                                   ("太郎", "はなこ")])
def test_genial_winner_name_sits_under_the_title_bar(tmp_path: Path, names: tuple) -> None:
    rig = japanese(tmp_path, names)
    try:
        genial_final(rig, names)
        big = next(d for d in rig.app.painter.drawn if d.text == names[0])
        assert big.font in {"large", "medium"} and big.ink()[1] > 11, big.ink()  # not on the bar
        sentence = "".join(rig.app.texts[3:])
        assert "下から2番目の色で" in sentence and "橙13点" in sentence
        assert rig.faults() == []
    finally:
        rig.close()


def test_genial_final_table_keeps_whole_names(tmp_path: Path) -> None:
    names = ("佐藤太郎", "山田はなこ", "けんた")
    rig = japanese(tmp_path, names)
    try:
        genial_final(rig, names)
        seen: list[str] = []
        for _row in range(8):                              # scroll down the places
            assert rig.faults() == []
            seen += rig.app.texts
            rig.keys("down")
        assert {"1. 佐藤太郎", "2. 山田はなこ", "3. けんた", "11 13 16 17"} <= set(seen)
        assert "↑ 2番目: 橙13>12" in seen                  # the same 橙 as the sentence
    finally:
        rig.close()


def scrolled_lines(rig: Rig, rows: int) -> list[str]:
    """Every text line seen while pressing DOWN ``rows`` times."""
    seen = list(rig.app.texts)
    for _row in range(rows):
        rig.keys("down")
        seen += rig.app.texts
    return seen


def test_genial_winner_sentence_never_breaks_inside_a_name(tmp_path: Path) -> None:
    """The runner-up 山田はなこ is named in the sentence; BudouX alone reads 「は」 as a
    particle and broke the line as 「山田は」 / 「なこは紫12点。」."""
    names = ("佐藤太郎", "山田はなこ", "けんた")
    rig = japanese(tmp_path, names)
    try:
        genial_final(rig, names)
        seen = scrolled_lines(rig, 3)
        assert any(line.startswith("山田はなこの") for line in seen), seen
        assert not any(line.endswith("山田は") for line in seen)
    finally:
        rig.close()


def test_history_detail_never_breaks_inside_a_name(tmp_path: Path) -> None:
    """History's detail sentence names the runner-up: 「たかはしはなこ」 stays on one line."""
    names = ("佐藤太郎", "たかはしはなこ")
    rig = japanese(tmp_path, names)
    try:
        genial_final(rig, names)
        rig.keys("back", "down", "ok", "ok")               # start menu > History > the game
        seen = scrolled_lines(rig, 8)
        assert any("たかはしはなこの" in line for line in seen), seen
        assert not any(line.endswith("たかはしは") for line in seen)
    finally:
        rig.close()
