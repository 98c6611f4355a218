"""The dice roller: choose how many d6, ROLL, big dice and total, and a histogram.

Keys: ROLL or OK rolls · hold ROLL to key in real dice instead · UP/DOWN more or
fewer dice · RIGHT the histogram · hold OK ends the game · hold BACK undoes the last roll.
"""

from __future__ import annotations

from companion.games.dice_roller import rules
from companion.i18n import N_, number, translator
from companion.ui.dice_entry import DiceEntry
from companion.ui.menus import Confirm
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.tumble import FRAMES, INTERVAL, Tumble
from companion.ui.widgets import bar_chart, dice_row, hint, title_bar

_, ngettext = translator(__name__)


def new_game(ctx: Context) -> None:
    """Start a roller straight away: there is nothing to set up."""
    ctx.start_game("dice_roller", {"players": ["Table"], "count": 2})


def play_screen(ctx: Context) -> Screen:
    return RollerScreen(ctx)


class RollerScreen(Screen):
    """The dice, their total, and how many rolls this game has had."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._tumble = Tumble()

    @property
    def tumble(self) -> list[int] | None:
        """The faces of the roll animation's current frame (None when settled)."""
        return self._tumble.faces

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def key_roll(self) -> None:
        dice = self.ctx.dice.roll(rules.SIDES, self.state.count)
        if self.ctx.play({"type": "roll", "dice": dice}) is not None:
            self._tumble.start()
            self.ctx.animate(frames=FRAMES, interval=INTERVAL)

    key_ok = key_roll

    def key_long_roll(self) -> None:
        """Physical dice: key in what the table's own dice show."""
        count = self.state.count
        self.ctx.push(DiceEntry(
            self.ctx, [range(1, rules.SIDES + 1)] * count,
            lambda faces: self.ctx.play({"type": "roll", "dice": faces, "entered": True}),
            labels=[f"d6 #{i + 1}" for i in range(count)], title=N_("Your dice"),
            gettext=_))

    def key_up(self) -> None:
        if self.state.count < rules.MAX_DICE:
            self.ctx.play({"type": "set_count", "count": self.state.count + 1})

    def key_down(self) -> None:
        if self.state.count > 1:
            self.ctx.play({"type": "set_count", "count": self.state.count - 1})

    def key_right(self) -> None:
        self.ctx.push(HistogramScreen(self.ctx))

    def key_back(self) -> None:
        self.ctx.home()

    def key_long_ok(self) -> None:
        self.ctx.push(Confirm(self.ctx, _("End this dice session and keep it in history?"),
                              lambda: self.ctx.play({"type": "finish"})))

    def tick(self) -> bool:
        """One frame of the tumble (≤ 300 ms); only the dice area changes."""
        return self._tumble.step(self.state.last or ())

    def render(self, p: Painter) -> None:
        s = self.state
        entered = bool(s.entered and s.entered[-1])
        dice = _("Dice {n}d6 (yours)") if entered else _("Dice {n}d6")
        title_bar(p, dice.format(n=s.count), f"#{len(s.rolls)}")
        if s.finished:
            p.centred(20, _("Session over"), "medium")
            n = len(s.rolls)
            p.centred(40, ngettext("{n} roll", "{n} rolls", n).format(n=number(n)), "text")
            return
        shown = self.tumble or (list(s.last) if s.last and len(s.last) == s.count else None)
        if shown is None:
            dice_row(p, [None] * s.count, y=15, height=38, x0=0, x1=86)  # every die set
            p.centred(20, "ROLL", "medium", x0=86)
        elif s.count <= 3:
            dice_row(p, shown, y=15, height=38, x0=0, x1=86)
        else:
            p.centred(22, " ".join(str(v) for v in shown), "medium", x0=0, x1=88)
        if shown is not None and self.tumble is None:
            total = str(rules.total(tuple(shown)))
            p.centred(17, total, "huge", x0=88)
        hint(p, _("ROLL  UP/DN dice  >chart"))


class HistogramScreen(Screen):
    """This game's totals against what fair dice would give."""

    def render(self, p: Painter) -> None:
        s = self.ctx.session.state
        rolls = [r for r in s.rolls if len(r) == s.count]
        title_bar(p, _("{n}d6 rolls").format(n=s.count), f"n={len(rolls)}")
        totals = list(range(s.count, 6 * s.count + 1))
        counts = {t: 0 for t in totals}
        for r in rolls:
            counts[sum(r)] += 1
        expected = [len(rolls) * rules.expected_share(s.count, t) for t in totals]
        bar_chart(p, [str(t) for t in totals], [counts[t] for t in totals], expected,
                  (2, 15, 126, 55))
        if not rolls:
            p.centred(26, _("no rolls yet"), "text")

    def key_left(self) -> None:
        self.ctx.pop()
