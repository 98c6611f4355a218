"""Issue 47: smart dice at the table, on the Rig with replayed dice: a Brikks evening
whose rolls come from a d4 and a d6 standing in for the colour die gives the same log as
the same faces keyed in, plus each die's Pixel Id; a die only picked up counts no roll, a
tilted one and one that leaves say so in one line; a die not in the table's set is not
the table's."""

from __future__ import annotations

from typing import Any

from companion.games.brikks import data as D
from companion.hw.dice_set import KnownDie
from companion.hw.pixels_rolls import Gone, Landed, Tilted
from companion.testing import Rig
from tests.games.brikks.test_screens import ROSTER, logged, start_two

__all__ = ["ROSTER"]  # the rig fixture seats them

D4, COLOUR, STRANGER = 0x0D40D4, 0xC0107, 0x5EED
SET = [KnownDie(D4, "d4", "blue d4"), KnownDie(COLOUR, "d6", "colour", tuple(D.COLOURS))]


def said(rig: Rig) -> str:
    """The frame's text, its lines joined as one sentence reads."""
    return rig.text.replace(" | ", " ")


def land(rig: Rig, die: int, face: int) -> None:
    rig.app.keys.put(Landed(die, face))
    rig.pump()


def faces_keyed(rig: Rig, number: int, colour: str) -> None:
    rig.keys("long roll", *["up"] * (number - 1), "right",
             *["up"] * D.COLOURS.index(colour), "ok")


def without_read(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.items() if k != "read"} for a in actions]


def test_a_brikks_evening_read_from_smart_dice_logs_as_keyed_in_plus_the_dice(
        rig: Rig) -> None:
    rig.app.use_smart_dice(SET)
    start_two(rig)
    throws = [(3, "red"), (1, "white"), (4, "black"), (2, "green")]
    for number, colour in throws:
        land(rig, D4, number)                     # opens the entry as holding ROLL does
        assert "Your dice" in rig.text
        land(rig, COLOUR, D.COLOURS.index(colour) + 1)
        rig.keys("ok")                            # one press confirms
    read = logged(rig)[-len(throws):]
    assert [a["read"] for a in read] == [[[D4, n], [COLOUR, D.COLOURS.index(c) + 1]]
                                         for n, c in throws]

    keyed = Rig(players=ROSTER)
    try:
        start_two(keyed)
        for number, colour in throws:
            faces_keyed(keyed, number, colour)
        assert without_read(logged(rig)) == logged(keyed)
    finally:
        keyed.close()


def test_a_die_picked_up_tilted_or_gone_counts_no_roll(rig: Rig) -> None:
    rig.app.use_smart_dice(SET)
    start_two(rig)
    before = len(logged(rig))
    rig.app.keys.put(Tilted(D4))
    rig.pump()
    assert "blue d4 leans on something: roll it again." in said(rig)  # a band: no key
    land(rig, STRANGER, 2)                         # not the table's die: nothing
    assert "Your dice" not in rig.text and len(logged(rig)) == before
    land(rig, D4, 2)
    rig.app.keys.put(Gone(COLOUR))                 # the colour die drops out
    rig.pump()
    assert "colour is not heard any more (battery or range)" in said(rig)
    assert "Your dice" in rig.text                 # the entry is still open
    rig.keys(*["up"] * D.COLOURS.index("blue"), "ok")  # the cursor waits on it: keyed in
    assert logged(rig)[-1] == {"type": "roll", "number": 2, "colour": "blue",
                               "entered": True, "read": [[D4, 2], None]}


def test_with_confirm_off_the_entry_closes_once_every_die_is_read(rig: Rig) -> None:
    rig.app.use_smart_dice(SET, confirm=False)
    start_two(rig)
    land(rig, D4, 4)
    land(rig, COLOUR, 1)
    assert logged(rig)[-1] == {"type": "roll", "number": 4, "colour": "white",
                               "entered": True, "read": [[D4, 4], [COLOUR, 1]]}


def test_two_evenings_add_up_in_each_dies_record(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from companion.hw.dice_record import records
    from companion.log.dice_rolls import smart_rolls

    db = str(tmp_path / "companion.db")
    evenings = [[(3, "red"), (1, "white")], [(4, "black"), (3, "green"), (2, "red")]]
    for evening, throws in enumerate(evenings):
        rig = Rig(db=db, players=ROSTER)       # the box started again for the evening
        try:
            rig.app.use_smart_dice(SET)
            if evening == 0:
                start_two(rig)
            else:                               # the game left unfinished reopens
                assert "Resumed Brikks" in said(rig)
            for number, colour in throws:
                land(rig, D4, number)
                land(rig, COLOUR, D.COLOURS.index(colour) + 1)
                rig.keys("ok")
            rig.keys("long back")                 # the last roll undone: not in the record
            rig.keys(*[k for k in ("ok",) if rig.app.overlays.question is not None])
        finally:
            rig.close()
    rig = Rig(db=db, players=ROSTER)
    try:
        rolled = smart_rolls(rig.store)
        kept = [t for throws in evenings for t in throws[:-1]]
        assert rolled == {D4: [n for n, _c in kept],
                          COLOUR: [D.COLOURS.index(c) + 1 for _n, c in kept]}
        d4, colour = records(SET, rolled)
        assert d4.rolls == 3 and d4.tally == {1: 0, 2: 0, 3: 2, 4: 1}
        assert colour.tally[4] == 1 and sum(colour.tally.values()) == 3
    finally:
        rig.close()


def test_a_die_that_favours_a_face_is_called_in_one_sentence() -> None:
    from companion.hw.dice_record import record

    rec = record(KnownDie(1, "d6", "red d6"), [1, 2, 1, 3, 1, 4, 1, 5, 1, 6] * 30)
    assert rec.sentence().startswith("red d6: 1 comes up too often; p < 0.01 after ")
    assert rec.verdict is not None and rec.verdict.biased


def test_the_die_whose_face_counted_is_asked_to_blink(rig: Rig) -> None:
    blinked: list[int] = []

    class Radio:
        def blink(self, pixel_id: int) -> None:
            blinked.append(pixel_id)

    rig.app.use_smart_dice(SET)
    rig.app.smart_dice.radio = Radio()
    start_two(rig)
    land(rig, STRANGER, 3)        # not the table's: no blink
    land(rig, D4, 3)
    land(rig, COLOUR, 4)
    land(rig, D4, 2)              # both dice read already: not taken, no blink
    assert blinked == [D4, COLOUR]
