"""Issue 47: the phone shows each smart die's record across evenings, counted from the
log as the box counts it; an unpaired phone sees none of it; a set file that cannot be
read is one sentence."""

from __future__ import annotations

import re
from pathlib import Path

from companion.hw import dice_set
from companion.hw.dice_set import KnownDie
from companion.log.store import Store
from tests.web.conftest import Clock, pair

RED, BLUE = 0x1A2B, 0x3C4D


def rolled(folder: Path, die: int, faces: list[int]) -> None:
    """An evening of the dice roller read from smart die ``die``."""
    store = Store.open(folder / "companion.db")
    try:
        game = store.new_game("dice_roller", {})
        for face in faces:
            store.append(game, {"type": "roll", "faces": [face], "read": [[die, face]]})
    finally:
        store.close()


def test_each_die_shows_its_record_over_two_evenings(client, folder: Path,  # type: ignore[no-untyped-def]
                                                     clock: Clock) -> None:
    dice_set.add(folder, KnownDie(RED, "d6", "red d6"))
    dice_set.add(folder, KnownDie(BLUE, "d6", "blue d6"))
    rolled(folder, RED, [1, 2, 1, 3, 1, 4, 1, 5, 1, 6] * 20)      # the first evening
    rolled(folder, RED, [1, 2, 1, 3, 1, 4, 1, 5, 1, 6] * 20)      # and the second
    rolled(folder, BLUE, [1, 2, 3, 4, 5, 6] * 5)
    pair(client, folder, clock)
    text = client.get("/dice").get_data(as_text=True)
    red = text[text.index("red d6"):text.index("blue d6")]
    assert "1 comes up too often; p &lt; 0.01 after" in red
    counts = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td>", red)
    assert counts == [("1", "200"), ("2", "40"), ("3", "40"), ("4", "40"), ("5", "40"),
                      ("6", "40")]
    blue = text[text.index("blue d6"):]
    assert "Nothing unusual after 30 rolls." in blue and "no evidence of bias" in blue


def test_an_unpaired_phone_sees_no_dice(client, folder: Path) -> None:  # type: ignore[no-untyped-def]
    dice_set.add(folder, KnownDie(RED, "d6", "red d6"))
    assert "red d6" not in client.get("/dice").get_data(as_text=True)


def test_a_set_file_that_cannot_be_read_is_one_sentence(client, folder: Path,  # type: ignore[no-untyped-def]
                                                        clock: Clock) -> None:
    (folder / dice_set.FILE).write_text("[[die]]\npixel_id = 0\n", encoding="utf-8")
    pair(client, folder, clock)
    answer = client.get("/dice")
    assert answer.status_code == 200
    assert "die[0].pixel_id: must be a whole number from 1 to 4294967295" in \
        answer.get_data(as_text=True)
