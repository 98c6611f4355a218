"""Brikks setup: players (1 = solo), a level per player, Duel for two, who starts.

The bottom line says the starting energy and which energy circles to cross. The
first player is seat 0 for the rules, so the chosen or drawn starter is turned there;
``seats`` keeps the order as set up (and ``start_player`` the starter) for the exports.
"""

from __future__ import annotations

from typing import Any

from companion.api.screens import (
    CELLS,
    N_,
    NEW_PLAYER,
    TITLE_H,
    Choice,
    Context,
    Painter,
    SetupScreen,
    hint,
    menu_list,
    title_bar,
    translator,
)
from companion.games.brikks import GAME, house_rules, rules
from companion.games.brikks import data as D

KEY = "brikks"
#: Option rows shown above the Start row, and a row's height in the 12 px list.
OPTION_ROWS = 2
ROW_H = CELLS["text"][1] + 1

_, ngettext = translator(__name__)


class SeatChoice(Choice):
    """A setup row whose label names a seat, so it follows that seat's name."""

    def __init__(self, key: str, seat: Choice, label: str, values: list[Any], index: int,
                 shown: Any = str) -> None:
        super().__init__(key, label, values, index, shown, gettext=_)
        self.seat = seat

    def line(self) -> str:
        return _("{name} level: {value}").format(name=seat_name(self.seat),
                                                 value=self.shown(self.value))


def seat_name(seat: Choice) -> str:
    """Who sits in ``seat``; a seat still on "+ New player" by its label ("Seat 2"), as
    its own row names it."""
    return seat.gettext(seat.label) if seat.value == NEW_PLAYER else seat.value


class BrikksSetup(SetupScreen):
    """Player count (1 = solo), seat names, a level per player, Duel for two, who starts.

    The bottom line says each player's starting energy and which circles to cross.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, KEY, low=GAME.min_players, high=GAME.max_players, default=2,
                         options=self._options)
        self.levels = [SeatChoice(f"level{i}", seat, "level", [1, 2, 3, 4],
                                  D.DEFAULT_LEVEL - 1) for i, seat in enumerate(self.seats)]
        self.duel = Choice("duel", N_("Duel"), [False, True], 0,
                           lambda v: _("yes") if v else _("no"), gettext=_)
        self.starts = Choice("starts", N_("Starts"), ["random", 0, 1, 2, 3], 0, self._starter,
                             gettext=_)
        self.extra = [*self.levels, self.duel, self.starts]
        self.first = 0  # the first option row shown

    def _starter(self, value: Any) -> str:
        return _("random") if value == "random" else seat_name(self.seats[value])

    def rows(self) -> list[Choice | None]:
        n = self.count.value
        if self.starts.value != "random" and self.starts.value >= n:
            self.starts.index = 0
        self.starts.values = ["random", *range(n)]
        extra: list[Choice] = list(self.levels[:n])
        extra += [self.duel] if n == 2 else []
        extra += [self.starts] if n > 1 else []
        rows = [self.count, *self.seats[:n], *extra, None]
        self.row = min(self.row, len(rows) - 1)
        return rows

    def _options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        n = len(players)
        levels = [chosen[f"level{i}"] for i in range(n)]
        first = chosen["starts"] if n > 1 else 0
        if first == "random":
            first = self.ctx.dice.roll(n)[0] - 1
        # The rules start with seat 0: turn the table so the starter sits there.
        order = list(range(first, n)) + list(range(first))
        return {
            "players": [players[i] for i in order],
            "seats": list(players),  # the seat order as set up, for the exports
            "levels": [levels[i] for i in order],
            "duel": bool(chosen["duel"]) and n == 2,
            "starts": "random" if chosen["starts"] == "random" or n == 1 else "chosen",
            "start_player": players[first],
            "house_rules": house_rules.pinned(self.ctx.config.house_rules.get(KEY, {})),
        }

    def render(self, p: Painter) -> None:
        title_bar(p, _("Brikks"), _("solo") if self.count.value == 1 else _("setup"))
        rows = self.rows()
        options = self.named(p, [self.line(r) for r in rows[:-1]])
        # Start stays on the third line and the options scroll above it, so OK jumping
        # to Start (or UP/DOWN across it) moves only the arrow: a few bytes on the bus.
        shown = OPTION_ROWS
        if self.row < len(options):
            self.first = min(max(self.first, self.row - shown + 1), self.row)
        self.first = max(0, min(self.first, len(options) - shown))
        window = options[self.first:self.first + shown]
        menu_list(p, window, self.row - self.first if self.row < len(options) else -1,
                  rows=shown)
        if len(options) > shown:  # where the options are, left of nothing but the list
            top, height = TITLE_H + 1, shown * ROW_H
            bar = max(4, height * shown // len(options))
            y0 = top + (height - bar) * self.first // (len(options) - shown)
            p.rect((p.width - 3, y0, p.width - 1, y0 + bar - 1), fill=1, outline=None)
        menu_list(p, [self.line(None)], 0 if self.row == len(options) else -1,
                  top=TITLE_H + 1 + shown * ROW_H, rows=1)
        n = self.count.value
        crossed = D.CROSSED_CIRCLES[n]
        solo = house_rules.pinned(self.ctx.config.house_rules.get(KEY, {}))["solo_energy"]
        energy = rules.starting_energy(n, solo)
        if n == 1 and energy == 5:
            line = _("Energy {energy}: circle a 5th")
        elif crossed:
            line = _("Energy {energy}: cross {circles}")
        else:
            line = _("Energy {energy}: cross none")
        hint(p, line.format(energy=energy, circles="+".join(map(str, crossed))))
