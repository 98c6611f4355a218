"""Brikks sub-screens reached from the turn screen: costs, swap, players, one player's tracker.

Tracking is optional (the paper sheet is the record): a player who never opens their
tracker simply enters their numbers at the end.
"""

from __future__ import annotations

from typing import Any

from companion.dice import COLOUR_DIE
from companion.games.brikks import data as D
from companion.games.brikks import rules
from companion.games.brikks.screens.draw import draw_block
from companion.games.brikks.screens.words import colour_name
from companion.i18n import translator
from companion.ui.fonts import needs_japanese
from companion.ui.menus import Confirm
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, menu_list, title_bar

SLOTS = D.COLUMNS + 1  # columns 1-4, then the swap
SLOT_W = WIDTH // SLOTS

_, ngettext = translator(__name__)


def label(p: Painter, xy: tuple[int, int], text: str, *, centre_in: int = 0) -> None:
    """A column label: the 4×6 font for Latin, the 8 px kana (one pixel higher) for
    Japanese, which the tiny font cannot draw."""
    font, (x, y) = ("small", (xy[0], xy[1] - 1)) if needs_japanese(text) else ("tiny", xy)
    if centre_in:
        p.centred(y, text, font, x0=x, x1=x + centre_in)
    else:
        p.text((x, y), text, font)


def _in_play(state: rules.State) -> list[int]:
    return [i for i, t in enumerate(state.trackers) if not t.out] or [0]


class CostsScreen(Screen):
    """What each column of this turn's block costs a player, and the swap.

    LEFT/RIGHT pick a column or the swap, UP/DOWN the player, OK spends the energy on
    that player's tracker (a swap asks which block first). BACK returns.
    """

    def __init__(self, ctx: Context, seat: int) -> None:
        super().__init__(ctx)
        self.seat = seat
        block = rules.player_block(self.state, seat)
        self.slot = block[1] - 1 if block else 0

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def _seat(self) -> int:
        seats = _in_play(self.state)
        if self.seat not in seats:
            self.seat = seats[0]
        return self.seat

    def key_left(self) -> None:
        self.slot = (self.slot - 1) % SLOTS

    def key_right(self) -> None:
        self.slot = (self.slot + 1) % SLOTS

    def _other(self, step: int) -> None:
        seats = _in_play(self.state)
        self.seat = seats[(seats.index(self._seat()) + step) % len(seats)]

    def key_up(self) -> None:
        self._other(-1)

    def key_down(self) -> None:
        self._other(1)

    def key_ok(self) -> None:
        seat = self._seat()
        block = rules.player_block(self.state, seat)
        if block is None:
            return
        if self.slot == D.COLUMNS:
            self.ctx.push(SwapScreen(self.ctx, seat, block))
        elif self.slot + 1 == block[1]:
            self.ctx.notice(_("That is column {n} already: it costs nothing.").format(n=block[1]))
        else:
            self.ctx.play({"type": "rotate", "player": seat, "column": self.slot + 1})

    def render(self, p: Painter) -> None:
        s = self.state
        seat = self._seat()
        title_bar(p, _("{name} has").format(name=s.players[seat]),
                  _("{n} energy").format(n=s.trackers[seat].energy))
        block = rules.player_block(s, seat)
        if block is None:
            p.centred(26, _("Roll first"), "text")
            return
        colour = block[0]
        costs = rules.column_costs(s, seat)
        for i in range(SLOTS):
            x0 = i * SLOT_W + 1
            swap = i == D.COLUMNS
            label(p, (x0, 13), _("swap") if swap else _("col {n}").format(n=i + 1),
                  centre_in=SLOT_W)
            if swap:
                p.centred(21, _("any"), "small", x0=x0, x1=x0 + SLOT_W)
            else:
                draw_block(p, colour, i + 1, (x0 + 2, 20, x0 + SLOT_W - 3, 35), max_cell=5)
            cost = D.SWAP_COST if swap else costs[i]
            p.centred(33, str(cost), "large", x0=x0, x1=x0 + SLOT_W)
            if i == self.slot:
                p.rect((x0 - 1, 12, x0 + SLOT_W - 2, 55), outline=1)
        hint(p, _("</> col  ^v who  OK spend"))


class SwapScreen(Screen):
    """Pick any block of the sheet for 5 energy: UP/DOWN colour, LEFT/RIGHT column, OK."""

    def __init__(self, ctx: Context, seat: int, block: tuple[str, int]) -> None:
        super().__init__(ctx)
        self.seat = seat
        self.colour = COLOUR_DIE.index(block[0])
        self.column = block[1]

    def key_up(self) -> None:
        self.colour = (self.colour - 1) % len(COLOUR_DIE)

    def key_down(self) -> None:
        self.colour = (self.colour + 1) % len(COLOUR_DIE)

    def key_left(self) -> None:
        self.column = (self.column - 2) % D.COLUMNS + 1

    def key_right(self) -> None:
        self.column = self.column % D.COLUMNS + 1

    def key_ok(self) -> None:
        action = {"type": "swap", "player": self.seat, "colour": COLOUR_DIE[self.colour],
                  "column": self.column}
        if self.ctx.play(action) is not None:
            self.ctx.pop()

    def render(self, p: Painter) -> None:
        name = self.ctx.session.state.players[self.seat]
        colour = COLOUR_DIE[self.colour]
        title_bar(p, _("Swap {name}").format(name=name), _("{n} energy").format(n=D.SWAP_COST))
        draw_block(p, colour, self.column, (2, 14, 60, 54))
        p.text((66, 13), _("col {n}").format(n=self.column), "medium")
        p.text((66, 30), colour_name(colour), "medium")
        hint(p, _("^v colour <> col OK swap"))


class PlayersScreen(Screen):
    """Every player's energy, bonus marks and bombs; OK opens one player's tracker."""

    ROW_H = 11

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = 0

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def key_up(self) -> None:
        self.index = (self.index - 1) % len(self.state.players)

    def key_down(self) -> None:
        self.index = (self.index + 1) % len(self.state.players)

    def key_ok(self) -> None:
        if self.state.phase == "play":
            self.ctx.push(TrackerScreen(self.ctx, self.index))

    def render(self, p: Painter) -> None:
        s = self.state
        self.index %= len(s.players)
        title_bar(p, _("Players"), _("round {n}").format(n=s.round))
        for text, x in ((_("energy"), 52), (_("bonus"), 78), (_("bombs"), 102)):
            label(p, (x, 13), text, centre_in=24)  # over the values' two digits
        for row, (name, t) in enumerate(zip(s.players, s.trackers, strict=True)):
            y = 20 + row * self.ROW_H
            selected = row == self.index
            if selected:
                p.rect((0, y, WIDTH - 1, y + self.ROW_H - 1), fill=1, outline=None)
            fill = 0 if selected else 1
            p.text((2, y - 1), p.fit(name, "text", 50), "text", fill=fill)
            if t.out:
                p.text((56, y - 1), _("out"), "text", fill=fill)
                continue
            for value, x in ((t.energy, 58), (t.bonus_marks, 84), (t.bombs_left, 108)):
                p.text((x, y - 1), f"{value:>2}", "text", fill=fill)


class TrackerScreen(Screen):
    """One player's tracker: circles, rows at once, bomb, rotate/swap, out."""

    def __init__(self, ctx: Context, seat: int) -> None:
        super().__init__(ctx)
        self.seat = seat
        self.index = 0

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def entries(self) -> list[tuple[str, Any]]:
        s, seat = self.state, self.seat
        other = D.OTHER_COLOUR_ENERGY[s.levels[seat]]
        act = self._act
        return [
            (_("Circle: same  {n}").format(n=f"{D.SAME_COLOUR_ENERGY:+d}"),
             lambda: act("circle", match=True)),
            (_("Circle: other {n}").format(n=f"{other:+d}"), lambda: act("circle", match=False)),
            *[(_("{n} rows at once +{marks}").format(n=n, marks=marks),
               lambda n=n: act("rows", count=n)) for n, marks in D.MULTI_ROW_MARKS.items()],
            (_("Bomb ({n} left)").format(n=s.trackers[seat].bombs_left), lambda: act("bomb")),
            (_("Rotate / swap"), self._costs),
            (_("Out: cannot fit"), self._out),
        ]

    def _act(self, kind: str, **values: Any) -> None:
        self.ctx.play({"type": kind, "player": self.seat, **values})

    def _costs(self) -> None:
        if rules.current_block(self.state) is None:
            self.ctx.notice(_("Roll first: costs depend on the block."))
        else:
            self.ctx.push(CostsScreen(self.ctx, self.seat))

    def _out(self) -> None:
        name = self.state.players[self.seat]

        def out() -> None:
            if self.ctx.play({"type": "out", "player": self.seat}) is None:
                return
            self.ctx.pop()  # back to the players list, or to the game when play is over
            if self.state.phase != "play" or self.state.duel:
                self.ctx.pop()

        self.ctx.push(Confirm(self.ctx, _("{name} cannot fit the block: out for good?").format(
            name=name), out))

    def key_up(self) -> None:
        self.index = (self.index - 1) % len(self.entries())

    def key_down(self) -> None:
        self.index = (self.index + 1) % len(self.entries())

    def key_ok(self) -> None:
        self.entries()[self.index][1]()

    def render(self, p: Painter) -> None:
        s = self.state
        t = s.trackers[self.seat]
        title_bar(p, s.players[self.seat],
                  _("out") if t.out else _("level {n}").format(n=s.levels[self.seat]))
        p.text((2, 13), _("energy {energy} bonus {bonus} bombs {bombs}").format(
            energy=t.energy, bonus=t.bonus_marks, bombs=t.bombs_left), "small")
        menu_list(p, [label for label, _ in self.entries()], self.index, top=21, rows=3)
