"""The dice roller: choose how many d6, ROLL, big dice and total, and a histogram.

One screen with two views that share the title bar, the total on the right and the hint
line: the dice, or the chart of this game's totals against fair dice in their place.
Keys: ROLL or OK rolls (in either view) · hold ROLL to key in real dice instead ·
UP/DOWN more or fewer dice · RIGHT the chart, LEFT the dice · hold OK ends the game ·
hold BACK undoes the last roll · BACK the start menu.

Up to three dice keep their size and place whatever the count, so adding a die draws
one die and taking one away clears one: on the OLED a press changes only what it
changes (see :mod:`companion.hw.partial`).
"""

from __future__ import annotations

from companion.api.screens import (
    FRAMES,
    INTERVAL,
    N_,
    PIPS,
    Confirm,
    Context,
    DiceEntry,
    Painter,
    Screen,
    Tumble,
    bar_chart,
    dice_row,
    die_face,
    hint,
    needs_japanese,
    number,
    playing,
    title_bar,
    translator,
)
from companion.games.dice_roller import rules

_, ngettext = translator(__name__)

DICE, CHART = "dice", "chart"
#: The dice (or the chart) left of ``SPLIT``, the total right of it.
SPLIT = 90
#: One to three dice: this size, side by side from the left edge, ``DIE_GAP`` apart.
DIE, DIE_GAP, DIE_Y, PIP = 28, 3, 18, 4


def new_game(ctx: Context) -> None:
    """Start a roller straight away: there is nothing to set up."""
    ctx.start_game("dice_roller", {"players": ["Table"], "count": 2})


def play_screen(ctx: Context) -> Screen:
    return RollerScreen(ctx)


def _die(p: Painter, x: int, y: int, value: int | None) -> None:
    """One die of :data:`DIE` pixels, its pips 4 px round and the same way in from
    every edge; their rows fill two 8-px pages exactly (y+6 to y+21, with ``DIE_Y`` 18
    pages 3 and 4), so a tumbling frame rewrites two pages per die, not three."""
    die_face(p, x, y, DIE, None)
    if value is None:
        return
    p.texts.append(str(value))
    near, far = 6, DIE - 6 - PIP  # the pip's first pixel, from the die's edge
    at = (near, (near + far) // 2, far)
    for cx, cy in PIPS[value]:
        p.ellipse((x + at[cx], y + at[cy], x + at[cx] + PIP - 1, y + at[cy] + PIP - 1), fill=1)


class RollerScreen(Screen):
    """The dice (or the chart), their total, and how many rolls this game has had."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._tumble = Tumble()
        self.view = DICE

    @property
    def tumble(self) -> list[int] | None:
        """The faces of the roll animation's current frame (None when settled)."""
        return self._tumble.faces

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def key_roll(self) -> None:
        dice = self.ctx.dice.roll(rules.SIDES, self.state.count)
        if self.ctx.play({"type": "roll", "dice": dice}) is not None and self.view == DICE:
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
        self.view = CHART

    def key_left(self) -> None:
        self.view = DICE

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
        if self.view == CHART:
            self._chart(p)
        else:
            self._dice(p, shown)
        if shown is None:
            p.centred(24, "ROLL", "medium", x0=SPLIT)
        elif self.tumble is None:
            p.centred(DIE_Y, str(rules.total(tuple(shown))), "huge", x0=SPLIT)
        hint(p, _("ROLL  UP/DN dice   <dice") if self.view == CHART
             else _("ROLL  UP/DN dice  >chart"))

    def _dice(self, p: Painter, shown: list[int] | None) -> None:
        """Every die, blank before the first roll of this many dice."""
        count = self.state.count
        if count <= 3:
            for i, value in enumerate(shown or [None] * count):
                _die(p, i * (DIE + DIE_GAP), DIE_Y, value)
        elif shown is None:
            dice_row(p, [None] * count, y=15, height=38, x0=0, x1=SPLIT - 4)
        else:
            p.centred(22, " ".join(str(v) for v in shown), "medium", x0=0, x1=SPLIT - 2)

    def _chart(self, p: Painter) -> None:
        """This game's totals for the current number of dice against fair dice."""
        s = self.state
        rolls = [r for r in s.rolls if len(r) == s.count]
        totals = list(range(s.count, 6 * s.count + 1))
        counts = dict.fromkeys(totals, 0)
        for r in rolls:
            counts[sum(r)] += 1
        expected = [len(rolls) * rules.expected_share(s.count, t) for t in totals]
        # the labels under the bars end above 12 px Japanese key help (8 px kanji smudge)
        low = 42 if needs_japanese(_("ROLL  UP/DN dice   <dice")) else 47
        bar_chart(p, [str(t) for t in totals], [counts[t] for t in totals], expected,
                  (1, 17, SPLIT - 2, low))
        if not rolls:
            p.centred(24, _("no rolls yet"), "text", x0=0, x1=SPLIT)
