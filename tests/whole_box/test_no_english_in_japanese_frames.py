"""Issue 35 (review list): a Japanese box writes no English words, in what it draws nor in
the words a screen gives for what it draws as shapes (the inverted cell, the arrows),
which ``companion --trace FILE`` writes for every frame. The evening's trace of
頭脳絶好調SP read 「ゆい weakest purple」 and 「1. ゆい green:2 orange:4 purple:4 blue:4」.

A seeded walk through every game that comes with the box, in Japanese, at a table of
four with the evening's names, writes every frame through the trace writer of
``--trace`` and looks for Latin words in it."""

from __future__ import annotations

import re

import pytest

from companion.app.runtime import Trace
from companion.config import registry
from companion.games.any_dice.screens import EXAMPLE_DICE_JA
from companion.owner import screenshots
from companion.testing import Rig, presses_through
from companion.ui.name_entry import NameEntry

EVENING = ("山田 一郎", "山田 花子", "佐藤 健太", "ゆい")
#: Latin words a Japanese box may write: the buttons' names, and the terms and titles the
#: Japanese rulebooks print in Latin letters (Brain Robbery's cards, Brikks' energy).
ALLOWED = frozenset({
    "OK", "BACK", "ROLL", "UP", "DOWN", "LEFT", "RIGHT",  # the buttons, as printed on the box
    "IQ", "Hit", "Run", "Cost",     # グレート・ブレイン・ロバリー's cards
    "EP",                           # Brikks' energy points
    "Brikks", "SP",                 # game titles: Brikks, 頭脳絶好調SP
})
#: "^v" and a "v" before a word are the up/down key drawn in ASCII ("vIQ一覧": DOWN, IQ list).
ARROW = re.compile(r"\^v|(?<![A-Za-z])v(?=[A-Z])")
WORD = re.compile(r"[A-Za-z]{2,}")


class Frames:
    """Where the trace writer writes: each frame's line, with the screen it came from."""

    def __init__(self, rig: Rig) -> None:
        self.rig = rig
        self.lines: list[tuple[str, str]] = []

    def write(self, text: str) -> None:
        top = self.rig.app.top
        if not isinstance(top, NameEntry):  # the name being typed: any letters
            self.lines.append((type(top).__name__, text.rstrip("\n")))

    def flush(self) -> None:
        pass


def english(line: str, names: set[str]) -> list[str]:
    """The Latin words in ``line`` that are neither allowed nor part of one of ``names``
    (typed on the box, or a die's name from the config: those are Latin letters).

    >>> english("ゆい weakest purple", set()), english("vIQ一覧 BACKメニュー", set())
    (['weakest', 'purple'], [])
    """
    return [w for w in WORD.findall(ARROW.sub(" ", line))
            if w not in ALLOWED and not any(w in name for name in names)]


def japanese_walk(key: str, presses: int = 300, seed: int = 35) -> list[str]:
    """Every frame line with an English word, as ``"Screen: word in 'line'"``."""
    rig = Rig(seed=seed, language="ja", players=EVENING)
    frames = Frames(rig)
    Trace(frames).wrap(rig.app)  # type: ignore[arg-type] - write() and flush() suffice
    typed: set[str] = set()
    try:
        for _frame in presses_through(rig, key, presses=presses, seed=seed, most_seats=True):
            if isinstance(rig.app.top, NameEntry):
                typed.add(rig.app.top.kb.text)
    finally:
        rig.close()
    return sorted({f"{screen}: {word} in {line!r}" for screen, line in frames.lines
                   for word in english(line, typed)})


@pytest.mark.parametrize("key", registry.built_in())
def test_a_japanese_walk_writes_no_english_word(key: str) -> None:
    assert japanese_walk(key) == []


def test_genial_says_its_inverted_cells_and_standings_in_japanese() -> None:
    """The words of the evening's trace, in the colours the box shows (橙 紫 青 緑)."""
    rig = Rig(language="ja", players=EVENING)
    frames = Frames(rig)
    Trace(frames).wrap(rig.app)  # type: ignore[arg-type]
    try:
        rig.app.start_game("genial", {"players": ["ゆい", "山田 一郎"], "first": 0})
        rig.keys("up", "down", "left", "ok")  # ゆい: orange, blue, green; purple stays 0
        assert "ゆいの最低は紫" in frames.lines[-1][1]
        rig.keys("up", "up", "right", "down", "left", "ok")
        rig.keys("roll")  # the standings
        assert "2. ゆい 紫0 橙1 青1 緑1" in frames.lines[-1][1]
        assert "1. 山田 一郎 紫1 青1 緑1 橙2" in frames.lines[-1][1]
    finally:
        rig.close()


@pytest.mark.parametrize("name", ["any_dice-colour", "any_dice-sets"])
def test_the_japanese_dice_pictures_show_a_japanese_owners_dice(name: str) -> None:
    """docs/screens/ja showed the English example's 「colour」「black」「attack」: in
    Japanese the scenes use a Japanese owner's [[dice]] (faces 白 黄 緑 赤 青 黒; the names
    are Latin letters by the config's rule, here romaji)."""
    app = screenshots.make_app(language="ja")
    app.start()
    screenshots.scenes()[name](app)
    app.redraw()
    shown = " | ".join(app.texts)
    names = {str(die["name"]) for die in EXAMPLE_DICE_JA}
    assert english(shown, names) == [] and "iro" in shown
    if name == "any_dice-colour":
        assert "黒" in app.texts
