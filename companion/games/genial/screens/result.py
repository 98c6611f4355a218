"""Genial Spezial: the standings by the weakest-colour rule, and the winner screen.

Both show the places with each player's tracks sorted lowest first (the order the rule
compares them in) and what broke a tie; players equal on all four share the place. The
standings sit on the score table's grid (:func:`draw_standings`, a row per seat, the
tie-break underlined), so ROLL and BACK change only the cells right of the names; the
winner screen lists the places, a line saying which colour decided each tie. Names,
numbers and the winner's sentence are in 12 px type or larger; what does not fit
scrolls (UP/DOWN), nothing is shrunk.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.api.screens import (
    N_,
    TITLE_H,
    WIDTH,
    Confirm,
    Context,
    Painter,
    Screen,
    hint,
    needs_japanese,
    playing,
    text_width,
    title_bar,
    translator,
    wrap,
)
from companion.games.genial import rules
from companion.games.genial.screens.grid import (
    KEY_OF,
    NAME_W,
    ROW_H,
    arrow,
    draw_title,
    name_cell,
    name_width,
    row_y,
    shown_names,
)
from companion.games.genial.screens.labels import ABBR, COLOUR

_, ngettext = translator(__name__)

#: The sorted position that decided, as a short note in the places list …
SHORT = {"lowest": N_("lowest"), "2nd-lowest": N_("2nd-low"), "3rd-lowest": N_("3rd-low"),
         "highest": N_("highest")}
#: … and the winner's sentence, one per position (each language words them its own way).
WINS = {
    "lowest": N_("wins on the lowest colour: {colour} {value} vs {runner}'s "
                 "{other} {other_value}."),
    "2nd-lowest": N_("wins on the 2nd-lowest colour: {colour} {value} vs {runner}'s "
                     "{other} {other_value}."),
    "3rd-lowest": N_("wins on the 3rd-lowest colour: {colour} {value} vs {runner}'s "
                     "{other} {other_value}."),
    "highest": N_("wins on the highest colour: {colour} {value} vs {runner}'s "
                  "{other} {other_value}."),
}
BAR = 3  # the scroll bar's room on the right
#: The winner's big name: its row's height by font. Latin letters leave blank rows on
#: top of their cells (4 in large, 1 in medium, drawn over); kanji and kana fill their
#: whole cell, so a Japanese name is drawn a pixel under the title bar, a row taller.
BIG, BIG_JA = {"large": 23, "medium": 16}, {"large": 25, "medium": 17}
AIR = {"large": 4, "medium": 1}


class Row(NamedTuple):
    """One line of a scrolling list: ``left`` in ``font``, ``right`` right-aligned."""

    font: str
    left: str
    right: str = ""
    height: int = 12


def place_rows(state: rules.State) -> list[Row]:
    """A row per player in place order, with tie-break and shared-place notes."""
    rows: list[Row] = []
    for standing in rules.standings(state):
        d = standing.beaten_by
        if d is not None and d.position > 0:
            # TRANSLATORS: under the place it decided; ^ points at it (↑ where the font has it)
            rows.append(Row("text", _("^ {ordinal}: {colour} {a}>{b}").format(
                ordinal=_(SHORT[d.label]), colour=_(ABBR[d.better_symbol]),
                a=d.better_value, b=d.worse_value)))
        shared = len(standing.players) > 1
        for name in standing.players:
            mark = "=" if shared else "."
            left, right = f"{standing.place}{mark} {name}", " ".join(map(str, standing.key))
            if text_width(f"{left} {right}", "text") + 3 <= WIDTH - BAR - 2:
                rows.append(Row("text", left, right))
            else:  # a long name (山田はなこ): its values right-aligned on the next line
                rows += [Row("text", left), Row("text", "", right)]
        if shared:
            rows.append(Row("text", "  " + _("equal on all four")))
    return rows


def winner_rows(state: rules.State) -> list[Row]:
    """The winner's name big, the sentence that says why, then every place."""
    names = " & ".join(rules.result(state).winners)
    lines = [Row("text", line)
             for line in wrap(why(state), (WIDTH - BAR - 2) // 6, whole=state.players)]
    # large when the sentence still fits below it (two lines), else medium (three)
    fonts = ("large", "medium") if len(lines) <= 2 else ("medium",)
    big = next((f for f in fonts if text_width(names, f) <= WIDTH - BAR), "text")
    heights = BIG_JA if needs_japanese(names) else BIG
    return [Row(big, names, height=heights.get(big, 12)), *lines, *place_rows(state)]


def why(state: rules.State) -> str:
    """What decided first place, without a single winner's name (it is shown big)."""
    table = rules.standings(state)
    top = table[0]
    if len(top.players) > 1:
        text = _("{names} share first place, equal on all four ({values}).").format(
            names=_names(top.players), values=", ".join(str(v) for v in top.key))
    else:
        d = table[1].beaten_by
        assert d is not None  # every place below the first says how it was beaten
        text = _(WINS[d.label]).format(
            colour=_(COLOUR[d.better_symbol]),
            value=d.better_value, runner=table[1].players[0],
            other=_(COLOUR[d.worse_symbol]), other_value=d.worse_value)
    if state.ended_early:
        done, partial = divmod(len(state.turns), len(state.players))
        ended = (_("Ended early in round {n}.") if partial
                 else _("Ended early after round {n}.")).format(n=done + bool(partial))
        text = _("{sentence} {more}").format(sentence=text, more=ended)
    return text


def _names(names: tuple[str, ...]) -> str:
    """ "Ann, Bob and Cy" in the language in use."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=_(", ").join(names[:-1]), last=names[-1])


def draw_rows(p: Painter, rows: list[Row], top: int, y: int = TITLE_H + 1,
              total: int | None = None) -> None:
    """Draw ``rows`` from index ``top``, starting at ``y``; only whole rows are drawn
    (a descender is never cut by the bottom edge), with a scroll bar when some are not
    (``total``: the length of the whole list, when ``rows`` is its tail)."""
    shown = total - len(rows) if total is not None else 0
    every = total if total is not None else len(rows)
    start = TITLE_H + 1
    for row in rows[top:]:
        if y + row.height > p.height:
            break
        right = p.width - BAR - 1
        with p.region((0, y, right, y + row.height - 1)):
            room = right - 1
            if row.right:
                p.right(y, row.right, row.font, x1=right + 1)
                room -= text_width(row.right, row.font) + 3
            if row.left:
                p.text((1, y), p.fit(row.left, row.font, room), row.font)
        y += row.height
        shown += 1
    if every > shown:  # a scroll bar on the right edge
        bar = max(4, (p.height - start) * shown // every)
        y0 = start + (p.height - start - bar) * top // max(1, every - shown)
        p.rect((p.width - 2, y0, p.width - 1, min(p.height - 1, y0 + bar)), fill=1, outline=None)


def draw_winner(p: Painter, state: rules.State, top: int) -> None:
    """The winner screen: who won and why, then the places (UP/DOWN scroll)."""
    if state.ended_early:
        title_bar(p, _("Game ended"), _("R{n}").format(n=rules.rounds_played(state)))
    else:
        title_bar(p, _("Game over"),
                  ngettext("{n} round", "{n} rounds", rules.ROUNDS).format(n=rules.ROUNDS))
    rows = winner_rows(state)
    if rows[0].font in ("large", "medium") and top == 0:  # the winner, centred
        air = 0 if needs_japanese(rows[0].left) else AIR[rows[0].font]  # blank rows on top
        with p.region((0, TITLE_H, p.width - BAR - 1, TITLE_H + rows[0].height - 1)):
            p.centred(TITLE_H + 1 - air, rows[0].left, rows[0].font, x1=p.width - BAR)
        draw_rows(p, rows[1:], 0, y=TITLE_H + rows[0].height, total=len(rows))
    else:
        draw_rows(p, rows, top)


def end_early(ctx: Context) -> None:
    """Ask, then end the game on the standings and leave them for the winner screen."""
    def end() -> None:
        if ctx.play({"type": "end_early"}) is not None:
            ctx.pop()  # the standings: the score table below has turned into the winner

    ctx.push(Confirm(ctx, _("End the game now? The standings decide."), end))


#: The standings' cells: the place after the name column, then four sorted values.
PLACE_X = NAME_W + 3
CELL_X, CELL = NAME_W + 16, 17


def draw_standings(p: Painter, state: rules.State) -> None:
    """The standings on the score table's grid: the same title bar and a row per player
    in seat order (their names where the score table has them), each with the place
    ("1.", "1=" shared) and the four values sorted lowest first, each tagged with its
    colour's arrow (the title bar is the key). The lowest, which scores, is inverted as
    on the score table; where a place was decided further up, the values that decided it
    are underlined in both rows. Only the cells right of the names change."""
    draw_title(p, state)
    table = rules.standings(state)
    place = {name: (s.place, len(s.players) > 1) for s in table for name in s.players}
    decided: dict[str, int] = {}  # a player → the sorted position that placed them
    for above, standing in zip(table, table[1:], strict=False):
        d = standing.beaten_by
        if d is not None and d.position > 0:
            for name in (*above.players, *standing.players):
                decided.setdefault(name, d.position)
    shown = shown_names(p, state.players, name_width())
    seat = rules.current_seat(state)
    for row, (name, tracks) in enumerate(zip(state.players, state.tracks, strict=True)):
        y = row_y(row)
        name_cell(p, y, shown[row], current=row == seat)
        n, shared = place[name]
        badge = f"{n}{'=' if shared else '.'}"
        with p.region((PLACE_X, y, CELL_X - 1, y + ROW_H - 1)):
            p.text((PLACE_X, y), badge, "text")
        pairs = rules.sorted_tracks(tracks)
        cells: dict[str, object] = {}  # each colour by name as the box shows it: 「緑2 橙4 …」
        for i, (symbol, value) in enumerate(pairs, 1):
            cells[f"c{i}"], cells[f"v{i}"] = _(COLOUR[symbol]), value
        # TRANSLATORS: the standings row in words (--trace, tests): place, name, and each
        # colour with its score, lowest first
        p.texts.append(_("{place} {name} {c1}:{v1} {c2}:{v2} {c3}:{v3} {c4}:{v4}").format(
            place=badge, name=name, **cells))
        level = len({v for _, v in pairs}) == 1
        for i, (symbol, value) in enumerate(pairs):
            x = CELL_X + i * CELL
            with p.region((x + 4, y, x + CELL - 1, y + ROW_H - 1)):
                p.centred(y, str(value), "text", x0=x + 4, x1=x + CELL)
            arrow(p, x + 1, y + 4, KEY_OF[symbol])
            if decided.get(name) == i:
                p.line((x + 5, y + ROW_H - 1, x + CELL - 3, y + ROW_H - 1))
            if i == 0 and not level:
                p.inverted((x, y, x + CELL - 1, y + ROW_H - 1))
    for standing in table:
        d = standing.beaten_by
        if d is not None and d.position > 0:
            p.texts.append(_("{ordinal}: {colour} {a}>{b}").format(
                ordinal=_(SHORT[d.label]), colour=_(ABBR[d.better_symbol]),
                a=d.better_value, b=d.worse_value))
        if len(standing.players) > 1:
            p.texts.append(_("equal on all four"))
    if row_y(len(state.players)) <= p.height - 8:
        hint(p, _("Standings: low..high"))


class StandingsScreen(Screen):
    """The table right now by the weakest-colour rule, on the score table's grid
    (:func:`draw_standings`). Any key returns but hold OK, which ends the game here
    (the standings decide)."""

    def key_left(self) -> None:
        self.ctx.pop()

    key_right = key_up = key_down = key_back = key_roll = key_ok = key_left

    def key_long_ok(self) -> None:
        if not rules.is_over(playing(self.ctx).state):
            end_early(self.ctx)

    def render(self, p: Painter) -> None:
        state = playing(self.ctx).state
        if rules.is_over(state):  # an undo or the end reached from here: show the winner
            draw_winner(p, state, 0)
            return
        draw_standings(p, state)
