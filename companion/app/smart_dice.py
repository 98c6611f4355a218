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
from pathlib import Path
from typing import Any

from companion.core.errors import ConfigError
from companion.core.i18n import Notice, _
from companion.core.keys import ROLL, Key
from companion.hw import dice_set
from companion.hw.dice_record import DieRecord, records
from companion.hw.dice_set import KnownDie
from companion.hw.pixels_radio import InRange
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
                 confirm: bool = True, folder: Callable[[], Path] | None = None,
                 radio: Any = None,
                 open_radio: Callable[[], tuple[Any, Notice | None]] | None = None) -> None:
        self.dice = {d.pixel_id: d for d in dice}
        self.top = top
        self.press = press
        self.inform = inform
        self.confirm = confirm
        #: The state folder (its ``dice.toml``); the radio listening, and how to start
        #: one (the runtime's, a fake in tests); why the box cannot listen, if it cannot.
        self.folder = folder
        self.radio = radio
        self.open_radio = open_radio
        self.why_not: Notice | None = None

    # -- the table's set (Settings > Smart dice) --------------------------------------

    def listen(self) -> Notice | None:
        """Start listening if nothing does yet; None once it listens, else why not."""
        if self.radio is None and self.open_radio is not None and self.why_not is None:
            self.radio, self.why_not = self.open_radio()
        elif self.radio is None and self.open_radio is None:
            self.why_not = Notice("Smart dice cannot be read: {why}",
                                  why=Notice("this box does not listen for them"))
        return self.why_not

    def known(self) -> list[KnownDie]:
        """The table's dice, as added."""
        return list(self.dice.values())

    def in_range(self) -> list[InRange]:
        """Dice heard lately that are not the table's yet."""
        if self.radio is None:
            return []
        return [d for d in self.radio.in_range() if d.ad.pixel_id not in self.dice]

    def add(self, heard: InRange) -> KnownDie:
        """Put a die heard into the table's set, its label the name it advertises (or
        its type); :class:`ConfigError` when the set cannot be written."""
        label = (heard.name.strip() or heard.ad.die_type)[:dice_set.LABEL_MAX]
        die = KnownDie(heard.ad.pixel_id, heard.ad.die_type, label)
        self._keep(lambda folder: dice_set.add(folder, die))
        return die

    def remove(self, pixel_id: int) -> None:
        """Take a die out of the set; its record stays in the log."""
        self._keep(lambda folder: dice_set.remove(folder, pixel_id))

    def _keep(self, change: Callable[[Path], list[KnownDie]]) -> None:
        if self.folder is None:
            raise ConfigError("the box keeps no smart dice here (no state folder)")
        try:
            self.dice = {d.pixel_id: d for d in change(self.folder())}
        except OSError as err:
            raise ConfigError("the smart dice cannot be kept: {why}", why=str(err)) from None

    def records(self, rolls: dict[int, list[int]]) -> list[DieRecord]:
        """Each die of the set with its record from ``rolls``
        (:func:`companion.log.dice_rolls.smart_rolls`)."""
        return records(self.known(), rolls)

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
        blink = getattr(self.radio, "blink", None)
        if blink is not None:  # the die whose face counted says so (a fake radio may not)
            blink(die.pixel_id)
        if entry.all_read and not self.confirm:
            entry.key_ok()
