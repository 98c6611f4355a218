"""Brikks sub-screens reached from the turn screen: costs, swap, players, one player's tracker.

Tracking is optional (the paper sheet is the record): a player who never opens their
tracker simply enters their numbers at the end.
"""

from __future__ import annotations

from typing import Any

from companion.api.screens import (
    Context,
    Painter,
    Screen,
    fitting,
    needs_japanese,
    playing,
    text_width,
    title_bar,
    translator,
    wrap_px,
)
from companion.games.brikks import data as D
from companion.games.brikks import rules
from companion.games.brikks.screens.draw import draw_block
from companion.games.brikks.screens.frame import (
    RIGHT_X,
    TURN_CELL,
    block_box,
    kanji,
    play_hint,
    play_title,
)
from companion.games.brikks.screens.words import colour_name

SLOTS = D.COLUMNS + 1  # columns 1-4, then the swap

_, ngettext = translator(__name__)


#: How far left the costs' "who has how much" line may start: right of the widest block
#: (4 cells of TURN_CELL centred in BLOCK_BOX end at x=46), for a long name.
NAME_X = 49


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
        return playing(self.ctx).state

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
        """The turn screen's frame: the block on the left turned to the chosen column
        (on opening, the column rolled: only the words on the right change)."""
        s = self.state
        seat = self._seat()
        play_title(p, s)
        who = s.players[seat]
        energy = s.trackers[seat].energy
        has = fitting("text", p.width - NAME_X, _("{name} has {n}").format(name=who, n=energy),
                      f"{who} {energy}")
        x = min(RIGHT_X, p.width - text_width(has, "text"))  # a long name: left, under the words
        # where the words are kanji, three 12 px lines end above the 12 px key help
        ys, font = ((13, 26, 38), "text") if kanji() else ((13, 29, 43), "medium")
        p.text((max(x, NAME_X), ys[2]), p.fit(has, "text", p.width - NAME_X), "text")
        block = rules.player_block(s, seat)
        if block is None:
            p.centred(26, _("Roll first"), "text", x0=block_box()[0], x1=block_box()[2])
            return
        swap = self.slot == D.COLUMNS
        cost = D.SWAP_COST if swap else rules.column_costs(s, seat)[self.slot]
        p.text((RIGHT_X, ys[0]), _("swap") if swap else _("col {n}").format(n=self.slot + 1),
               font)
        p.text((RIGHT_X, ys[1]), _("costs {n}").format(n=cost), font)
        if swap:  # any block of the sheet
            p.centred(26, _("any"), "medium", x0=block_box()[0], x1=block_box()[2])
        else:
            draw_block(p, block[0], self.slot + 1, block_box(), TURN_CELL)
        play_hint(p, _("</> col  ^v who  OK spend"))


class SwapScreen(Screen):
    """Pick any block of the sheet for 5 energy: UP/DOWN colour, LEFT/RIGHT column, OK."""

    def __init__(self, ctx: Context, seat: int, block: tuple[str, int]) -> None:
        super().__init__(ctx)
        self.seat = seat
        self.colour = D.COLOURS.index(block[0])
        self.column = block[1]

    def key_up(self) -> None:
        self.colour = (self.colour - 1) % len(D.COLOURS)

    def key_down(self) -> None:
        self.colour = (self.colour + 1) % len(D.COLOURS)

    def key_left(self) -> None:
        self.column = (self.column - 2) % D.COLUMNS + 1

    def key_right(self) -> None:
        self.column = self.column % D.COLUMNS + 1

    def key_ok(self) -> None:
        action = {"type": "swap", "player": self.seat, "colour": D.COLOURS[self.colour],
                  "column": self.column}
        if self.ctx.play(action) is not None:
            self.ctx.pop()

    def render(self, p: Painter) -> None:
        name = playing(self.ctx).state.players[self.seat]
        colour = D.COLOURS[self.colour]
        # the name whole: the costs screen before showed the swap's price
        title_bar(p, _("Swap {name}").format(name=name),
                  (_("{n} energy").format(n=D.SWAP_COST), ""))
        draw_block(p, colour, self.column, block_box(), TURN_CELL)  # where the costs had it
        p.text((RIGHT_X, 13), _("col {n}").format(n=self.column), "medium")
        p.text((RIGHT_X, 29), colour_name(colour), "medium")
        play_hint(p, _("^v colour <> col OK swap"))


#: The player's card on the right of the play frame: the name and three figures, one
#: 12 px line each. The tracker keeps it where it is and lists its actions on the left,
#: where the card shows the block, so OK and BACK between them repaint only that side.
CARD_TOP, CARD_H = 11, 11
#: How far below its figure's row a label starts: the 8 px font sits on the digits' line.
LABEL_DY = {"small": 3, "text": 0}
#: The tracker's list in the block's place: three 12 px rows (kanji fill all 12, so a
#: row apart), text from x=5 after the arrow, a scroll bar right of it.
SIDE_TOP, SIDE_H, SIDE_ROWS = 13, 14, 3
SIDE_TEXT_X, SIDE_BAR_X = 5, RIGHT_X - 4


def draw_card(p: Painter, s: rules.State, seat: int) -> None:
    """One player's card in the right-hand column: name, energy, bonus marks, bombs."""
    t = s.trackers[seat]
    width = p.width - RIGHT_X
    name = s.players[seat]
    if kanji():
        draw_kanji_card(p, s, seat)
        return
    top = CARD_TOP + needs_japanese(name)  # kanji ink starts on the cell's top row
    p.text((RIGHT_X, top), p.fit_name(name, "text", width, s.players), "text")
    lines = [(_("energy"), t.energy), (_("bonus"), t.bonus_marks), (_("bombs"), t.bombs_left)]
    for i, (word, value) in enumerate(lines):  # kept when out: the sheet's final figures
        y = CARD_TOP + (i + 1) * CARD_H
        p.text((RIGHT_X, y + LABEL_DY["small"]), word, "small")
        p.right(y, str(value), "text", x1=p.width - 2)


#: The card's rows where its words are kanji: 12 px type a row and a blank pixel apart
#: (爆弾 and 追加点 fill all 12 rows of their cell), three rows above the 12 px key help,
#: so energy and bombs share the last.
KANJI_CARD_TOP, KANJI_CARD_H = 13, 13


def draw_kanji_card(p: Painter, s: rules.State, seat: int) -> None:
    """:func:`draw_card` in the 12 px face: the name; bonus marks; energy and bombs."""
    t = s.trackers[seat]
    name = s.players[seat]
    y0, h = KANJI_CARD_TOP, KANJI_CARD_H
    p.text((RIGHT_X, y0), p.fit_name(name, "text", p.width - RIGHT_X, s.players), "text")
    p.text((RIGHT_X, y0 + h), _("bonus"), "text")
    p.right(y0 + h, str(t.bonus_marks), "text", x1=p.width - 2)
    middle = RIGHT_X + (p.width - RIGHT_X) // 2
    p.text((RIGHT_X, y0 + 2 * h), _("energy"), "text")
    p.right(y0 + 2 * h, str(t.energy), "text", x1=middle - 6)
    # a rule between the two, so "4 爆弾" never reads as a pair
    p.line((middle - 3, y0 + 2 * h + 1, middle - 3, y0 + 3 * h - 3))
    p.text((middle + 1, y0 + 2 * h), _("bombs"), "text")
    p.right(y0 + 2 * h, str(t.bombs_left), "text", x1=p.width - 2)


def side_pitch() -> int:
    """The tracker list's row pitch: :data:`SIDE_H`, or a row less where its words are
    kanji, so its three rows end above the 12 px key help."""
    return KANJI_CARD_H if kanji() else SIDE_H


def side_list(p: Painter, items: list[str], index: int, first: int) -> int:
    """A list in 12 px left of the card: an arrow before the chosen item, a scroll bar
    beside the rows. Returns the first item shown (kept by the caller, so moving within
    the rows on screen moves only the arrow)."""
    rows, side_h = SIDE_ROWS, side_pitch()
    first = max(0, min(first, index, len(items) - rows))
    first = max(first, index - rows + 1)
    room = SIDE_BAR_X - 1 - SIDE_TEXT_X
    for row, i in enumerate(range(first, min(len(items), first + rows))):
        y = SIDE_TOP + row * side_h
        if i == index:
            p.focus = (y, y + side_h - 1)
            mid = y + side_h // 2 - 1
            p.draw.polygon([(0, mid - 4), (0, mid + 4), (3, mid + 1), (3, mid - 1)], fill=1)
        with p.region((SIDE_TEXT_X, y, SIDE_BAR_X - 2, y + side_h - 1)):
            p.text((SIDE_TEXT_X, y), p.fit(items[i], "text", room), "text")
    if len(items) > rows:  # where the words are kanji, the bar stops above the help's band
        height = rows * side_h - kanji()
        bar = max(4, height * rows // len(items))
        y0 = SIDE_TOP + (height - bar) * first // (len(items) - rows)
        p.rect((SIDE_BAR_X, y0, SIDE_BAR_X + 1, y0 + bar - 1), fill=1, outline=None)
    return first


class PlayersScreen(Screen):
    """One player's energy, bonus marks and bombs at a time, beside the rolled block:
    UP/DOWN the next player, OK opens that player's tracker.

    The turn screen's frame with its words on the right replaced by the player's card,
    in 12 px type: coming here from the turn repaints only the right-hand side, and
    going on to the tracker only the left (the block gives way to the actions).
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = 0

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

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
        play_title(p, s)
        block = rules.current_block(s)
        if s.trackers[self.index].out:  # where the tracker asked "out for good?"
            p.centred(block_box()[1] + 12, _("out"), "medium", x0=block_box()[0], x1=block_box()[2])
        elif block is not None:
            draw_block(p, *block, block_box(), TURN_CELL)
        else:
            p.centred(block_box()[1] + 10, f"{self.index + 1}/{len(s.players)}", "large",
                      x0=block_box()[0], x1=block_box()[2])
        draw_card(p, s, self.index)
        play_hint(p, _("^v who {n}/{total}  OK tracker").format(
            n=self.index + 1, total=len(s.players)))


class TrackerScreen(Screen):
    """One player's tracker: circles, rows at once, bomb, rotate/swap, out.

    The players' screen with the block on the left replaced by the actions (the card,
    title bar and hint line stay), so a circle reached is DOWN, OK, OK from the turn.
    "out" asks in the same place before the player leaves the game.
    """

    def __init__(self, ctx: Context, seat: int) -> None:
        super().__init__(ctx)
        self.seat = seat
        self.index = 0
        self.first = 0
        self.asking = False

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def entries(self) -> list[tuple[str, Any]]:
        s, seat = self.state, self.seat
        other = D.OTHER_COLOUR_ENERGY[s.levels[seat]]
        act = self._act
        return [
            (_("same {n}").format(n=f"{D.SAME_COLOUR_ENERGY:+d}"),
             lambda: act("circle", match=True)),
            (_("other {n}").format(n=f"{other:+d}"), lambda: act("circle", match=False)),
            *[(_("{n} rows+{marks}").format(n=n, marks=marks),
               lambda n=n: act("rows", count=n)) for n, marks in D.MULTI_ROW_MARKS.items()],
            (_("bomb"), lambda: act("bomb")),
            (_("rot/swap"), self._costs),
            (_("out"), self._ask_out),
        ]

    def _act(self, kind: str, **values: Any) -> None:
        self.ctx.play({"type": kind, "player": self.seat, **values})

    def _costs(self) -> None:
        if rules.current_block(self.state) is None:
            self.ctx.notice(_("Roll first: costs depend on the block."))
        else:
            self.ctx.push(CostsScreen(self.ctx, self.seat))

    def _ask_out(self) -> None:
        self.asking = True

    def _out(self) -> None:
        self.asking = False
        if self.ctx.play({"type": "out", "player": self.seat}) is None:
            return
        self.ctx.pop()  # back to the players list, or to the game when play is over
        if self.state.phase != "play" or self.state.duel:
            self.ctx.pop()

    def key_up(self) -> None:
        if not self.asking:
            self.index = (self.index - 1) % len(self.entries())

    def key_down(self) -> None:
        if not self.asking:
            self.index = (self.index + 1) % len(self.entries())

    def key_ok(self) -> None:
        if self.asking:
            self._out()
        else:
            self.entries()[self.index][1]()

    def key_back(self) -> None:
        if self.asking:
            self.asking = False
        else:
            self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = self.state
        play_title(p, s)
        draw_card(p, s, self.seat)
        if self.asking:
            lines = wrap_px(_("Cannot fit: out for good?"), "text", RIGHT_X - 3)
            if len(lines) > SIDE_ROWS:
                p.cut.append(lines[SIDE_ROWS])
            for i, line in enumerate(lines[:SIDE_ROWS]):
                p.text((1, SIDE_TOP + i * side_pitch()), line, "text")
            if kanji():  # a rule in the scroll bar's place: 「脱落する?」 ran into the card
                p.line((SIDE_BAR_X + 1, SIDE_TOP, SIDE_BAR_X + 1,
                        SIDE_TOP + SIDE_ROWS * side_pitch() - 2))
            play_hint(p, _("OK out   BACK no"))
            return
        self.first = side_list(p, [label for label, _ in self.entries()], self.index,
                               self.first)
        play_hint(p, _("^v do  OK mark  BACK who"))
