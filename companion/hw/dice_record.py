"""Each smart die's record across evenings: its tally, the batch verdict and the rolling
test that says when the die has rolled enough to call it.

>>> from companion.hw.dice_set import KnownDie
>>> rec = record(KnownDie(7, "d6", "red d6"), [1, 2, 3, 4, 5, 6] * 10)
>>> rec.tally[1], rec.rolls, rec.sentence()
(10, 60, 'red d6: Nothing unusual after 60 rolls.')
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core import fairness
from companion.core.dice_watch import ALPHA, Watch
from companion.core.i18n import _, ngettext
from companion.hw.dice_set import KnownDie
from companion.hw.pixels_messages import FACES


@dataclass(frozen=True)
class DieRecord:
    """One die's rolls counted: ``tally`` per printed face, the chi-square ``verdict``
    (None below its minimum), the rolling test ``watch``."""

    die: KnownDie
    rolls: int
    tally: dict[int, int]
    verdict: fairness.Verdict | None
    watch: Watch

    def sentence(self) -> str:
        """What the table reads: "red d6: 1 comes up too often; p < 0.01 after 640 rolls"."""
        return _("{die}: {verdict}").format(die=self.die.label, verdict=self.verdict_line())

    def verdict_line(self) -> str:
        """The sentence without the die's name (where a title names it)."""
        w = self.watch
        if w.called:
            if w.too_often:
                text = ngettext("{face} comes up too often; p < {alpha} after {n} roll.",
                                "{face} comes up too often; p < {alpha} after {n} rolls.",
                                w.called_after or 0)
            else:
                text = ngettext("{face} comes up too rarely; p < {alpha} after {n} roll.",
                                "{face} comes up too rarely; p < {alpha} after {n} rolls.",
                                w.called_after or 0)
            return text.format(face=w.face, alpha=ALPHA, n=w.called_after)
        return ngettext("Nothing unusual after {n} roll.", "Nothing unusual after {n} rolls.",
                        self.rolls).format(n=self.rolls)

    def panel_lines(self) -> tuple[str, str]:
        """The verdict in two short lines for the 128 px panel: what, and how sure."""
        w = self.watch
        if w.called:
            what = (_("{face} comes up too often") if w.too_often
                    else _("{face} comes up too rarely")).format(face=w.face)
            return what, ngettext("{n} roll, p < {alpha}", "{n} rolls, p < {alpha}",
                                  w.called_after or 0).format(n=w.called_after, alpha=ALPHA)
        return _("Nothing unusual"), ngettext("after {n} roll", "after {n} rolls",
                                              self.rolls).format(n=self.rolls)


def record(die: KnownDie, faces: list[int]) -> DieRecord:
    """The record of ``die`` from ``faces``, the printed faces it gave in order."""
    printed = list(FACES[die.die_type])
    seen = [f for f in faces if f in printed]  # a face the die cannot show: not its roll
    tally = {f: 0 for f in printed}
    for f in seen:
        tally[f] += 1
    verdict = (fairness.verdict(tally, printed)
               if len(seen) >= fairness.minimum_rolls(len(printed)) else None)
    return DieRecord(die, len(seen), tally, verdict, Watch(faces=printed).add_all(seen))


def records(dice: list[KnownDie], rolls: dict[int, list[int]]) -> list[DieRecord]:
    """Every die of the set with its record (a die not rolled yet has an empty one)."""
    return [record(d, rolls.get(d.pixel_id, [])) for d in dice]


__all__ = ["DieRecord", "record", "records"]
