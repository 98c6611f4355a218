"""Genial Spezial: the score screen and the turn entry.

The score screen shows the current player's four pegs big (weakest inverted), the
round, and every other player's pegs in a small row each, next player first. The turn
entry edits one turn before it is confirmed; nothing reaches the log until OK.
"""

from __future__ import annotations

from companion.games.genial import rules
from companion.games.genial.screens.labels import ABBR, COLOUR, round_of
from companion.i18n import translator
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar

_, ngettext = translator(__name__)

LEFT_ZONE = 28  # the round on the big row, the names on the small rows
COL = 25  # width of one track column
LABEL_Y, BIG_Y, ROW_Y = 13, 15, 37  # large digits' ink starts 4 px below the cell top


def column_x(index: int) -> int:
    """Left edge of track column ``index`` (orange 0 … green 3)."""
    return LEFT_ZONE + index * COL


def marked(tracks: rules.Tracks) -> tuple[str, ...]:
    """The symbols to mark as weakest: none while all four are level (nothing stands out)."""
    weak = rules.weakest(tracks)
    return weak if len(weak) < len(rules.SYMBOLS) else ()


def draw_score(p: Painter, state: rules.State) -> None:
    """Every player's four tracks; the current player's big, weakest colours inverted."""
    seat = rules.current_seat(state)
    name = state.players[seat]
    title_bar(p, _("{name}'s turn").format(name=name), round_of(state))
    p.centred(LABEL_Y, _("round"), "small", x0=0, x1=LEFT_ZONE - 2)
    p.centred(BIG_Y + 6, str(rules.round_number(state)), "medium", x0=0, x1=LEFT_ZONE - 2)
    tracks = state.tracks[seat]
    weak = marked(tracks)
    for i, (symbol, value) in enumerate(zip(rules.SYMBOLS, tracks, strict=True)):
        x = column_x(i)
        p.centred(LABEL_Y, _(ABBR[symbol]), "small", x0=x, x1=x + COL)
        p.centred(BIG_Y, str(value), "large", x0=x, x1=x + COL)
        if symbol in weak:
            p.texts.append(f"weakest {symbol}")
            p.inverted((x + 1, LABEL_Y - 1, x + COL - 1, BIG_Y + 21))
    others = [(seat + k) % len(state.players) for k in range(1, len(state.players))]
    for row, other in enumerate(others):
        _small_row(p, ROW_Y + row * 9, state.players[other], state.tracks[other])
    if len(others) < 3:
        hint(p, _("OK turn  > standings"))


def _small_row(p: Painter, y: int, name: str, tracks: rules.Tracks) -> None:
    p.text((0, y), p.fit(name, "small", LEFT_ZONE - 2), "small")
    weak = marked(tracks)
    for i, (symbol, value) in enumerate(zip(rules.SYMBOLS, tracks, strict=True)):
        x = column_x(i)
        p.centred(y, str(value), "small", x0=x, x1=x + COL)
        if symbol in weak:
            p.texts.append(f"{name} weakest {symbol}")
            p.inverted((x + 6, y - 1, x + COL - 6, y + 7))


class TurnEntry(Screen):
    """One turn being entered: points per symbol, "+N on all four", bonus spaces.

    Only the cursor and the pending numbers live here; the tracks are read from the
    session each time, so an undo elsewhere cannot leave a stale picture.
    """

    ALL = len(rules.SYMBOLS)  # the cursor stop after green: the large-tower bonus

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cursor = 0
        self.points = [0, 0, 0, 0]
        self.all = 0
        self.bonus: list[str] = []
        self.seat = rules.current_seat(self.state)

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def action(self) -> dict:
        """The turn as it would be logged (only the parts that are not zero)."""
        action: dict = {"type": "turn", "player": self.state.players[self.seat]}
        points = {s: n for s, n in zip(rules.SYMBOLS, self.points, strict=True) if n}
        if points:
            action["points"] = points
        if self.all:
            action["all"] = self.all
        if self.bonus:
            action["bonus"] = list(self.bonus)
        return action

    def preview(self) -> rules.Turn:
        return rules.preview(self.state, self.action())

    def key_left(self) -> None:
        self.cursor = (self.cursor - 1) % (self.ALL + 1)

    def key_right(self) -> None:
        self.cursor = (self.cursor + 1) % (self.ALL + 1)

    def key_up(self) -> None:
        if self.cursor == self.ALL:
            self.all = min(self.all + 1, self.state.max_all)
        else:
            self.points[self.cursor] = min(self.points[self.cursor] + 1, rules.CAP)

    def key_down(self) -> None:
        """Take back one point; on a symbol with no points left, take back a bonus."""
        if self.cursor == self.ALL:
            self.all = max(0, self.all - 1)
        elif self.points[self.cursor]:
            self.points[self.cursor] -= 1
        elif rules.SYMBOLS[self.cursor] in self.bonus:
            self.bonus.remove(rules.SYMBOLS[self.cursor])

    def key_long_up(self) -> None:
        """A bonus space: +1 on the chosen symbol (a tile covers at most two)."""
        if self.cursor == self.ALL:
            self.key_up()
        elif len(self.bonus) < rules.MAX_BONUS:
            self.bonus.append(rules.SYMBOLS[self.cursor])
        else:
            self.ctx.notice(_("A tile covers at most two bonus spaces."))

    def key_long_down(self) -> None:
        """Clear the chosen column (points and bonus)."""
        if self.cursor == self.ALL:
            self.all = 0
        else:
            self.points[self.cursor] = 0
            symbol = rules.SYMBOLS[self.cursor]
            self.bonus = [b for b in self.bonus if b != symbol]

    def key_ok(self) -> None:
        lost = self.preview().lost
        name = self.state.players[self.seat]
        self.ctx.pop()
        if self.ctx.play(self.action()) is not None and sum(lost):
            where = _(", ").join(_("{colour} {n}").format(colour=_(COLOUR[s]), n=n)
                                 for s, n in zip(rules.SYMBOLS, lost, strict=True) if n)
            self.ctx.inform(_("{name} lost {n} to the cap ({where}).").format(
                name=name, n=sum(lost), where=where))

    def key_roll(self) -> None:
        from companion.games.genial.screens.result import StandingsScreen

        self.ctx.push(StandingsScreen(self.ctx))

    def key_long_back(self) -> None:
        """Undo the last confirmed turn: this entry belongs to a turn that is gone."""
        self.ctx.pop()
        self.ctx.undo()

    def render(self, p: Painter) -> None:
        if rules.is_over(self.state) or rules.current_seat(self.state) != self.seat:
            self.seat = rules.current_seat(self.state)  # the game moved under us: start over
            self.points, self.all, self.bonus = [0, 0, 0, 0], 0, []
        turn = self.preview()
        title_bar(p, _("{name} scores").format(name=self.state.players[self.seat]),
                  _("R{n}").format(n=turn.round))
        entered = turn.entered
        for i, symbol in enumerate(rules.SYMBOLS):
            stars = "*" * self.bonus.count(symbol)
            after = self.state.tracks[self.seat][i] + turn.gained[i]
            below = f"{after}-{turn.lost[i]}" if turn.lost[i] else f"={after}"
            self._column(p, i, _(ABBR[symbol]) + stars, entered[i], below)
        self._column(p, self.ALL, _("all"), self.all, f"0-{self.state.max_all}")
        if turn.lost_total:
            hint(p, _("{n} lost to the cap!").format(n=turn.lost_total))
        elif self.cursor == self.ALL:
            hint(p, _("^v +N on all (large)"))
        else:
            hint(p, _("^v pts  hold^ bonus  OK"))

    def _column(self, p: Painter, index: int, label: str, value: int, below: str) -> None:
        x = 1 + index * COL
        p.centred(LABEL_Y, label, "small", x0=x, x1=x + COL)
        if not value:
            p.centred(BIG_Y, "-", "large", x0=x, x1=x + COL)
        elif value < 10:  # a small "+" leaves air between the columns' large digits
            p.text((x + 4, BIG_Y + 9), "+", "small")
            p.text((x + 10, BIG_Y), str(value), "large")
            p.texts[-2:] = [f"+{value}"]  # what a person reads
        else:  # two large digits and a "+" would not fit the column
            p.centred(BIG_Y + 5, f"+{value}", "medium", x0=x, x1=x + COL)
        p.centred(ROW_Y + 4, below, "small", x0=x, x1=x + COL)
        if index == self.cursor:
            p.inverted((x, LABEL_Y - 1, x + COL - 1, ROW_Y + 12))
