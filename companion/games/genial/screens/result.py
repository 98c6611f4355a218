"""Genial Spezial: the standings by the weakest-colour rule, and the winner screen.

Both list the places with each player's tracks sorted lowest first (the order the rule
compares them in); where the lowest tracks tie, a small line says which colour decided,
and players equal on all four share the place.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.games.genial import rules
from companion.ui.paint import HEIGHT, WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import TITLE_H, title_bar, wrap

SHORT = {"lowest": "lowest", "2nd-lowest": "2nd-low", "3rd-lowest": "3rd-low",
         "highest": "highest"}


class Row(NamedTuple):
    """One line of a scrolling list: ``left`` text in ``font``, ``right`` in small type."""

    font: str
    left: str
    right: str = ""
    height: int = 11


def place_rows(state: rules.State) -> list[Row]:
    """A row per player in place order, with tie-break and shared-place notes."""
    rows: list[Row] = []
    for standing in rules.standings(state):
        d = standing.beaten_by
        if d is not None and d.position > 0:
            rows.append(Row("small", f" ^ {SHORT[d.label]}: {d.better_symbol} "
                                     f"{d.better_value}>{d.worse_value}", height=8))
        shared = len(standing.players) > 1
        for name in standing.players:
            mark = "=" if shared else "."
            rows.append(Row("text", f"{standing.place}{mark} {name[:8]}",
                            " ".join(str(v) for v in standing.key)))
        if shared:
            rows.append(Row("small", "   equal on all four", height=8))
    return rows


def winner_rows(state: rules.State) -> list[Row]:
    """The winner's name big, the sentence that says why, then every place."""
    result = rules.result(state)
    winners = result.winners
    names = " & ".join(winners)
    big = "large" if len(names) * 12 <= WIDTH else "medium"
    rows = [Row(big, names, height=24 if big == "large" else 17)]
    rows += [Row("small", line, height=8) for line in wrap(_why(state, result.detail), 25)]
    return rows + place_rows(state)


def _why(state: rules.State, detail: str) -> str:
    """The result sentence without the winner's name, which is already shown big."""
    winners = rules.result(state).winners
    if len(winners) == 1 and detail.startswith(winners[0] + " "):
        return detail[len(winners[0]) + 1:]
    return detail


def draw_rows(p: Painter, rows: list[Row], top: int, y: int = TITLE_H + 1) -> None:
    """Draw ``rows`` from index ``top``, starting at ``y``, with a scroll bar if needed."""
    shown = 0
    for row in rows[top:]:
        if y + row.height > HEIGHT + 1:
            break
        p.text((1, y), row.left, row.font)
        if row.right:
            p.right(y + 3, row.right, "small", x1=WIDTH - 4)
        y += row.height
        shown += 1
    if len(rows) > shown:  # a scroll bar on the right edge
        bar = max(4, (HEIGHT - TITLE_H) * shown // len(rows))
        y0 = TITLE_H + (HEIGHT - TITLE_H - bar) * top // max(1, len(rows) - shown)
        p.rect((WIDTH - 2, y0, WIDTH - 1, min(HEIGHT - 1, y0 + bar)), fill=1, outline=None)


def draw_winner(p: Painter, state: rules.State, top: int) -> None:
    """The winner screen: who won and why, then the places (UP/DOWN scroll)."""
    if state.ended_early:
        title_bar(p, "Game ended", f"R{rules.round_number(state)}")
    else:
        title_bar(p, "Game over", f"{rules.ROUNDS} rounds")
    rows = winner_rows(state)
    if rows[0].font == "large" and top == 0:
        p.centred(TITLE_H - 2, rows[0].left, "large")  # the cell has 4 px of air on top
        draw_rows(p, rows[1:], 0, y=TITLE_H + 23)
    else:
        draw_rows(p, rows, top)


class StandingsScreen(Screen):
    """The table right now by the weakest-colour rule. UP/DOWN scroll, BACK returns."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    def rows(self) -> list[Row]:
        return [Row("small", "place      low .. high", height=8),
                *place_rows(self.ctx.session.state)]

    def key_up(self) -> None:
        self.top = max(0, self.top - 1)

    def key_down(self) -> None:
        self.top = min(self.top + 1, len(self.rows()) - 1)

    def key_left(self) -> None:
        self.ctx.pop()

    key_right = key_left
    key_roll = key_left

    def render(self, p: Painter) -> None:
        state = self.ctx.session.state
        if rules.is_over(state):  # an undo or the end reached from here: show the winner
            draw_winner(p, state, 0)
            return
        title_bar(p, "Standings", f"R{rules.round_number(state)}/{rules.ROUNDS}")
        rows = self.rows()
        self.top = min(self.top, len(rows) - 1)
        draw_rows(p, rows, self.top)
