"""The table's smart dice at the box: a die that lands enters its face where the box rolls.

Wherever the box rolls, holding ROLL opens the entry of the players' own dice
(:class:`companion.ui.dice_entry.DiceEntry`). A die of the table's set
(:mod:`companion.hw.dice_set`) that lands opens that entry the same way, if it is not
open yet, and fills the first die of its kind; OK confirms, as for faces keyed in (or,
with ``dice.confirm = false``, the entry closes by itself once every die is read). The
action the faces make carries each die's Pixel Id (``"read"``), so the log tells which
die gave which face and keeps each die's record.

A die not in the set, a roll where nothing takes dice, a die that leans on something or
goes quiet: one line on the screen, and the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.i18n import _
from companion.core.keys import ROLL, Key
from companion.hw.dice_set import KnownDie
from companion.hw.pixels_rolls import Back, Gone, Landed, Tilted
from companion.ui.dice_entry import DiceEntry
from companion.ui.screen import Screen

EVENTS = (Landed, Tilted, Gone, Back)


class SmartDice:
    """What the box does with the table's dice's events (the radio's thread puts them on
    the loop's queue; the loop hands them here, one at a time, as it does keys).

    :param top: the screen on top now; :param press: gives a key to the box as a press
        would (a landing opens the entry as holding ROLL does); :param inform: one line
        on the screen.
    """

    def __init__(self, dice: list[KnownDie], *, top: Callable[[], Screen],
                 press: Callable[[Key], None], inform: Callable[[str], None],
                 confirm: bool = True) -> None:
        self.dice = {d.pixel_id: d for d in dice}
        self.top = top
        self.press = press
        self.inform = inform
        self.confirm = confirm

    def on_event(self, event: Any) -> None:
        """Act on one event of :mod:`companion.hw.pixels_rolls`."""
        die = self.dice.get(event.pixel_id)
        if die is None:
            return  # a die of someone else's, or not added: not the table's
        if isinstance(event, Landed):
            self._landed(die, event.face)
        elif isinstance(event, Tilted):
            self.inform(_("{die} leans on something: roll it again.").format(die=die.label))
        elif isinstance(event, Gone):
            self.inform(_("{die} is not heard any more (battery or range): key its face in "
                          "or let the box roll.").format(die=die.label))
        elif isinstance(event, Back):
            self.inform(_("{die} is back.").format(die=die.label))

    def _landed(self, die: KnownDie, face: int) -> None:
        value = die.value(face)
        if not isinstance(self.top(), DiceEntry):
            self.press(Key(ROLL, long=True))  # where the box rolls: the players' own dice
        entry = self.top()
        if not isinstance(entry, DiceEntry) or not entry.take(value, die.values(),
                                                              die.pixel_id, face):
            self.inform(_("{die} rolled {face}; nothing here takes it.").format(
                die=die.label, face=value))
            return
        if entry.all_read and not self.confirm:
            entry.key_ok()
