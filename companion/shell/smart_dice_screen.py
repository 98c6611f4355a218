"""Settings → Smart dice: the table's Pixels dice, the ones in range, and each die's record.

The list shows the table's dice first, each with its rolls so far, then the dice heard
near the box that are not the table's yet ("+ d20 Pixel 73%"): OK on one of those adds it
(its label is the name it advertises), OK on a die of the table's opens its record. A box
that cannot hear dice says why in the list's place.
"""

from __future__ import annotations

from typing import Any

from companion.core.errors import ConfigError
from companion.core.i18n import N_, _, ngettext
from companion.log.dice_rolls import smart_rolls
from companion.ui.fonts import needs_japanese
from companion.ui.lists import ListScreen
from companion.ui.paint import Painter
from companion.ui.screen import BoxContext, Screen
from companion.ui.widgets import bar_chart, hint, title_bar, wrap_px

#: Seconds between looks at the dice in range while the list is open.
REFRESH = 1.0


class SmartDiceScreen(ListScreen):
    """The table's dice and the dice in range."""

    title = N_("Smart dice")
    ctx: BoxContext

    def __init__(self, ctx: BoxContext) -> None:
        super().__init__(ctx)
        self.why = ctx.smart_dice.listen()
        self.rolls = smart_rolls(ctx.store)

    def items(self) -> list[str]:
        part = self.ctx.smart_dice
        rows = [ngettext("{die}: {n} roll", "{die}: {n} rolls", r.rolls).format(
            die=r.die.label, n=r.rolls) for r in part.records(self.rolls)]
        rows += [_("+ {name} {kind} {battery}%").format(
            name=d.name or d.ad.die_type, kind=d.ad.die_type, battery=d.ad.battery)
            for d in part.in_range()]
        return rows

    def choose(self, index: int) -> None:
        part = self.ctx.smart_dice
        known = part.known()
        if index < len(known):
            self.ctx.push(DieRecordScreen(self.ctx, known[index].pixel_id, self.rolls))
            return
        heard = part.in_range()[index - len(known)]
        try:
            die = part.add(heard)
        except ConfigError as err:
            self.ctx.notice(err.translated(_))
            return
        self.ctx.inform(_("{die} is one of the table's dice now.").format(die=die.label))

    def wake_in(self) -> float | None:
        return REFRESH if self.why is None else None  # dice come and go: look again

    def key_back(self) -> None:
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        if self.items():
            super().render(p)
            hint(p, _("OK add / see record"))
            return
        title_bar(p, self.heading())
        text = (str(self.why.translated()) if self.why is not None
                else _("No dice heard yet: roll one near the box."))
        for n, line in enumerate(wrap_px(text, "text", p.width - 2)[:4]):
            p.text((1, 14 + n * 12), line)


class DieRecordScreen(Screen):
    """One die's record: what the rolling test says, and its tally. LEFT takes the die
    out of the table's set (asked first; its record stays in the log)."""

    ctx: BoxContext

    def __init__(self, ctx: BoxContext, pixel_id: int, rolls: dict[int, list[int]]) -> None:
        super().__init__(ctx)
        self.pixel_id = pixel_id
        self.rolls = rolls

    def _record(self) -> Any:  # a companion.hw.dice_record.DieRecord, or None
        return next((r for r in self.ctx.smart_dice.records(self.rolls)
                     if r.die.pixel_id == self.pixel_id), None)

    def key_back(self) -> None:
        self.ctx.pop()

    def key_left(self) -> None:
        rec = self._record()
        if rec is None:
            return

        def remove() -> None:
            try:
                self.ctx.smart_dice.remove(self.pixel_id)
            except ConfigError as err:
                self.ctx.notice(err.translated(_))
                return
            self.ctx.pop()

        self.ctx.ask(_("Take {die} out of the table's dice? Its record stays.").format(
            die=rec.die.label), remove)

    def render(self, p: Painter) -> None:
        rec = self._record()
        if rec is None:
            title_bar(p, _("Smart dice"))
            return
        title_bar(p, rec.die.label, rec.die.die_type)
        for n, line in enumerate(rec.panel_lines()):
            p.text((1, 12 + n * 12), p.fit(line, "text", p.width - 2))
        faces = list(rec.tally)
        fair = rec.rolls / len(faces)
        keys = _("LEFT remove  BACK back")
        bottom = 44 if needs_japanese(keys) else 49  # a 12 px key line takes more room
        bar_chart(p, [str(f) for f in faces], [rec.tally[f] for f in faces],
                  [fair] * len(faces), (1, 36, p.width - 2, bottom))
        hint(p, keys)
