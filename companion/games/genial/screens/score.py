"""Genial Spezial: the score table, on which each turn is entered in place.

Every player has a row in seat order, their four pegs in 12 px type with the weakest
inverted, under a title bar that names the colours and the arrow that scores each:
UP orange, RIGHT purple, DOWN blue, LEFT green. The player whose turn it is (name
inverted) presses a colour's arrow once per point: the title bar shows what the turn
adds ("+2") in place of that colour's label, the row the pegs it leaves (underlined).
OK confirms the whole turn (with nothing pressed: a turn that scored nothing), BACK
takes back the last press, hold OK adds the large-tower bonus (+1 on all four), hold an
arrow (or ROLL) shows the standings, hold BACK undoes the last confirmed turn. Nothing
reaches the log until OK, and the screen never changes to start or confirm a turn: only
the cells that change are redrawn, so a press is a few bytes on the bus.

A turn of two colours and five points is six presses: ``UP UP DOWN DOWN DOWN OK``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.api.screens import (
    TITLE_H,
    Context,
    Painter,
    Screen,
    fitting,
    hint,
    playing,
    text_width,
    translator,
)
from companion.games.genial import rules
from companion.games.genial.scoring import four
from companion.games.genial.screens.grid import (
    ARROWS,
    COL,
    ROW_H,
    column_x,
    draw_title,
    name_cell,
    name_width,
    row_y,
    shown_names,
)
from companion.games.genial.screens.labels import COLOUR
from companion.games.genial.screens.result import StandingsScreen, draw_winner, winner_rows

_, ngettext = translator(__name__)

ALL = "all"  # a press of the large-tower bonus: +1 on all four


def marked(tracks: rules.Tracks) -> tuple[str, ...]:
    """The symbols to mark as weakest: none while all four are level (nothing stands out)."""
    weak = rules.weakest(tracks)
    return weak if len(weak) < len(rules.SYMBOLS) else ()


@dataclass
class Draft:
    """The presses of the turn being entered, in order (a symbol, or :data:`ALL`), for
    the turn numbered ``turn`` (a draft of a turn that is gone is thrown away).

    >>> d = Draft(turn=0, presses=["orange", "orange", "blue"])
    >>> d.action("Ann")
    {'type': 'turn', 'player': 'Ann', 'points': {'orange': 2, 'blue': 1}}
    """

    turn: int
    presses: list[str] = field(default_factory=list)

    def points(self) -> dict[str, int]:
        return {s: self.presses.count(s) for s in rules.SYMBOLS if s in self.presses}

    @property
    def all(self) -> int:
        return self.presses.count(ALL)

    def action(self, player: str) -> dict[str, Any]:
        """The turn as it would be logged (only the parts that are not zero)."""
        action: dict[str, Any] = {"type": "turn", "player": player}
        if self.points():
            action["points"] = self.points()
        if self.all:
            action["all"] = self.all
        return action


def draw_table(p: Painter, state: rules.State, turn: rules.Turn | None,
               corner: str | None = None) -> None:
    """The title bar with the round (or ``corner``), the colours and their arrows, and a
    row per player; ``turn`` is the turn being entered (its gains shown in the title bar
    and the row)."""
    gained = turn.entered if turn is not None else (0, 0, 0, 0)
    draw_title(p, state, gained, corner)
    seat = rules.current_seat(state)
    shown = shown_names(p, state.players, name_width())
    for row, (name, tracks) in enumerate(zip(state.players, state.tracks, strict=True)):
        if row == seat and turn is not None:
            tracks = four(v + g for v, g in zip(tracks, turn.gained, strict=True))
        y = row_y(row)
        name_cell(p, y, shown[row], current=row == seat)
        if row == seat:
            p.texts.append(_("{name}'s turn").format(name=name))
        _values(p, y, name, tracks, pending=gained if row == seat else (0, 0, 0, 0))


def _values(p: Painter, y: int, name: str, tracks: rules.Tracks,
            pending: Sequence[int]) -> None:
    weak = marked(tracks)
    for i, (symbol, value) in enumerate(zip(rules.SYMBOLS, tracks, strict=True)):
        x = column_x(i)
        with p.region((x, y, x + COL - 1, y + ROW_H - 1)):
            p.centred(y, str(value), "text", x0=x, x1=x + COL)
        if pending[i]:
            p.line((x + 5, y + ROW_H - 1, x + COL - 5, y + ROW_H - 1))
        if symbol in weak:
            # TRANSLATORS: the inverted cell in words (--trace, tests): the colour that scores
            p.texts.append(_("{name} weakest {colour}").format(name=name,
                                                                colour=_(COLOUR[symbol])))
            p.inverted((x + 3, y, x + COL - 3, y + ROW_H - 1))


class GenialScreen(Screen):
    """The hub of a game: the score table (where turns are entered) while playing, the
    winner screen after."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0  # scroll position of the winner screen
        self.draft = Draft(turn=-1)

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    @property
    def over(self) -> bool:
        return rules.is_over(self.state)

    def current(self) -> Draft:
        """The draft of this turn (a new one once the game has moved on: an undo, a turn
        confirmed elsewhere, a restart)."""
        if self.draft.turn != len(self.state.turns):
            self.draft = Draft(turn=len(self.state.turns))
        return self.draft

    def preview(self) -> rules.Turn:
        player = rules.current_player(self.state)
        return rules.preview(self.state, self.current().action(player))

    def _press(self, what: str) -> None:
        if self.over:
            return
        draft = self.current()
        if what == ALL:
            if draft.all >= self.state.max_all:
                self.ctx.inform(_("At most +{n} on all four: the large towers in play.")
                                .format(n=self.state.max_all))
                return
        elif draft.presses.count(what) >= rules.CAP:
            return
        draft.presses.append(what)

    def key_up(self) -> None:
        if self.over:
            self.top = max(0, self.top - 1)
        else:
            self._press(ARROWS["up"])

    def key_down(self) -> None:
        if self.over:
            self.top = min(self.top + 1, max(0, len(winner_rows(self.state)) - 1))
        else:
            self._press(ARROWS["down"])

    def key_right(self) -> None:
        self._press(ARROWS["right"])

    def key_left(self) -> None:
        self._press(ARROWS["left"])

    def key_long_ok(self) -> None:
        self._press(ALL)

    def key_ok(self) -> None:
        """Confirm the turn as entered; say so (in a band) when the cap ate some of it.

        The band is one line (the hint and the underlined pegs showed where before OK):
        a band of three lines repainted most of the screen, ~80 ms on a 100 kHz bus."""
        if self.over:
            return
        turn = self.preview()
        name = rules.current_player(self.state)
        if self.ctx.play(self.current().action(name)) is not None and turn.lost_total:
            self.ctx.inform(_("Cap: {name} lost {n}").format(name=name, n=turn.lost_total))

    def standings(self) -> None:
        if not self.over:
            self.ctx.push(StandingsScreen(self.ctx))

    key_roll = standings
    key_long_up = key_long_down = key_long_left = key_long_right = standings

    def key_back(self) -> None:
        """Take back the last press of this turn; with none, the start menu."""
        if not self.over and self.current().presses:
            self.current().presses.pop()
        else:
            self.ctx.home()

    def key_long_back(self) -> None:
        self.top = 0
        self.draft = Draft(turn=-1)
        self.ctx.undo()

    def render(self, p: Painter) -> None:
        if self.over:
            self.top = min(self.top, max(0, len(winner_rows(self.state)) - 1))
            draw_winner(p, self.state, self.top)
            return
        self.top = 0
        turn = self.preview()
        has_hint = TITLE_H + len(self.state.players) * ROW_H <= p.height - 8
        # four rows leave no hint line: a loss to the cap takes the round's place
        corner = None if has_hint or not turn.lost_total else _("cap-{n}").format(
            n=turn.lost_total)
        draw_table(p, self.state, turn, corner)
        if row_y(len(self.state.players)) + 2 + ROW_H <= p.height - 13:
            # two rows leave a line free: the player to move by the whole name, which the
            # name column has no room for (issue 41: 「渡辺… / ミヤ…」 over an empty half)
            name = self.state.players[rules.current_seat(self.state)]
            mover = _("{name}'s turn").format(name=name)
            line = fitting("text", p.width, mover, name)  # the name whole, alone if need be
            if text_width(line, "text") > p.width:
                line = p.fit_lines([mover], self.state.players, "text", p.width)[0]
            p.centred(row_y(len(self.state.players)) + 2, line, "text")
        if has_hint:
            hint(p, self._hint(turn))

    def _hint(self, turn: rules.Turn) -> str:
        if turn.lost_total:
            return _("{n} lost to the cap!").format(n=turn.lost_total)
        if turn.all:  # +1 on all four per large tower joined: the entry says how many
            return ngettext("{n} large tower: +{n} all", "{n} large towers: +{n} all",
                            turn.all).format(n=turn.all)
        if self.current().presses:
            return _("OK done  BACK take back")
        return _("arrow +1  hold OK/tower")
