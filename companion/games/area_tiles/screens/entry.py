"""Area Tiles scoring entry: one player's list of areas, and the area editor.

:class:`AreasView` lists the selected player's areas with their points; OK on
"+ new area" opens the :class:`AreaEditor`, OK on an area corrects it, holding OK
removes it, LEFT/RIGHT switch player, and the last row moves to the next player (or
finishes the scoring). Nothing here keeps game state: every draw reads
``playing(ctx).state``, so an undo (hold BACK) shows at once.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from companion.api.screens import (
    TITLE_H,
    Confirm,
    Context,
    Painter,
    Screen,
    hint,
    needs_japanese,
    playing,
    seat_names,
    text_width,
    title_bar,
    translator,
    wrap,
)
from companion.games.area_tiles import rules
from companion.games.area_tiles.screens.draw import (
    arrow,
    names_list,
    player_glyph,
    shown_name,
    title_or_name,
)

_, ngettext = translator(__name__)

ROW_H = 12
LIST_ROWS = 3
LIST_W = 86  # the list's (and the editor's) width; the player's area points stand right
TEXT_X = 5  # right of the cursor's arrow


def area_line(area: rules.Area) -> str:
    """One area as the list shows it: ``"10 blk = 6"``."""
    return _("{blocks} blk = {points}").format(blocks=f"{area.blocks:>2}", points=area.points)


def owners_glyphs(p: Painter, s: rules.State, owners: tuple[str, ...], y: int,
                  fill: int = 1) -> None:
    """The symbols of an area's bonus owners, right-aligned in a list row."""
    size, step = (9, 10) if len(owners) <= 2 else (7, 7)  # three fit beside "10 blk = 6"
    x = LIST_W - 1 - len(owners) * step
    for owner in owners:
        player_glyph(p, s, owner, x, y + (9 - size) // 2, size=size, fill=fill)
        x += step


def symbol_choices(s: rules.State) -> list[str | tuple[str, ...] | None]:
    """What LEFT/RIGHT offer for an area's symbol bonus: nobody, each player, then (with
    the house rule ``symbol_bonus = "each"``) every group of two or more owners."""
    choices: list[str | tuple[str, ...] | None] = [None, *s.players]
    if s.symbol_bonus == "each":
        for k in range(2, len(s.players) + 1):
            choices += combinations(s.players, k)
    return choices


class AreasView(Screen):
    """The selected player's areas, a "+ new area" row and a next/finish row."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.row: int | None = None  # None: on "+ new area"

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def mine(self) -> tuple[rules.Area, ...]:
        return self.state.areas[self.state.current]

    def rows(self) -> list[str]:
        """The list's rows: the areas, then "+ new area", then next player or finish."""
        s = self.state
        last = s.current == len(s.players) - 1
        if last:
            tail = _("Finish entry")
        else:
            name = shown_name(s.players[s.current + 1])
            tail = _("Next: {name}").format(name=name)
            if text_width(tail, "text") > LIST_W - TEXT_X - 1:
                tail = name  # a long name whole; the hint says "OK next"
        return [area_line(a) for a in self.mine()] + [_("+ new area"), tail]

    def cursor(self) -> int:
        """The row under the cursor, clamped to the rows there are now."""
        count = len(self.rows())
        if self.row is None:
            return count - 2
        self.row = max(0, min(self.row, count - 1))
        return self.row

    def _move(self, step: int) -> None:
        self.row = (self.cursor() + step) % len(self.rows())

    def key_up(self) -> None:
        self._move(-1)

    def key_down(self) -> None:
        self._move(1)

    def key_left(self) -> None:
        self._select(-1)

    def key_right(self) -> None:
        self._select(1)

    def _select(self, step: int) -> None:
        s = self.state
        player = s.players[(s.current + step) % len(s.players)]
        if self.ctx.play({"type": "select_player", "player": player}) is not None:
            self.row = None

    def key_ok(self) -> None:
        row, count = self.cursor(), len(self.mine())
        if row < count:
            self.ctx.push(AreaEditor(self.ctx, index=row))
        elif row == count:
            self.open_new()
        elif self.state.current < len(self.state.players) - 1:
            self._select(1)
        else:
            question, whole = self.finish_question()
            self.ctx.push(Confirm(self.ctx, question, self.finish, whole=whole))

    def open_new(self) -> None:
        """Open the editor for a new area, if blocks are left for one."""
        if not rules.can_add_area(self.state):
            self.ctx.notice(_("No blocks left on the table for another area."))
            return
        self.ctx.push(AreaEditor(self.ctx, index=None, on_added=self._after_add))

    def _after_add(self) -> None:
        self.row = len(self.rows()) - 1  # back from the editor: on next/finish

    def finish_question(self) -> tuple[str, tuple[str, ...]]:
        """The question before scoring, and its parts no line may break inside: each
        name with its count (「ゆうこ 4」), the names in the first of the table's forms
        that lets the question fit the screen (a number never starts the next name's
        line: 「高橋 ゆうこ / 4、佐々木 健一」 paired 4 with 健一, issue 41)."""
        s = self.state
        empty = [p for p, areas in zip(s.players, s.areas, strict=True) if not areas]
        if empty:
            names = tuple(shown_name(p) for p in empty)
            return _("{names}: no areas. Finish anyway?").format(
                names=names_list(empty)), names
        question = ""
        whole: tuple[str, ...] = ()
        for form in seat_names.forms([shown_name(p) for p in s.players]):
            whole = tuple(_("{name} {n}").format(name=name, n=len(a))
                          for name, a in zip(form, s.areas, strict=True))
            question = _("Areas: {counts}. Finish and score?").format(
                counts=_(", ").join(whole))
            if len(wrap(question, 21, whole)) <= 3:
                break
        return question, whole

    def finish(self) -> None:
        self.ctx.play({"type": "finish"})

    def key_long_ok(self) -> None:
        row = self.cursor()
        if row < len(self.mine()):
            area = self.mine()[row]
            question = _("Remove {name}'s area {n} ({blocks} blocks)?").format(
                name=shown_name(self.state.selected), n=row + 1, blocks=area.blocks)
            self.ctx.push(Confirm(
                self.ctx, question,
                lambda: self.ctx.play({"type": "remove_area", "index": row})))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        areas_title(p, s)
        rows, at, count = self.rows(), self.cursor(), len(self.mine())
        first = max(0, min(at - 1, len(rows) - LIST_ROWS))
        for n, i in enumerate(range(first, min(len(rows), first + LIST_ROWS))):
            y = TITLE_H + 1 + n * ROW_H
            if i == at:  # an arrow, not an inverted bar: a move changes a few bytes
                mid = y + ROW_H // 2 - 1
                p.draw.polygon([(0, mid - 4), (0, mid + 4), (3, mid + 1), (3, mid - 1)], fill=1)
            row = p.fit_lines([rows[i]], [shown_name(n) for n in s.players], "text",
                              LIST_W - TEXT_X - 1)[0]
            p.text((TEXT_X, y), p.fit(row, "text", LIST_W - TEXT_X - 1), "text")
            if i < count:
                owners_glyphs(p, s, self.mine()[i].owners, y + 2)
        if len(rows) > LIST_ROWS:  # a thin scroll bar: more rows than show
            span = LIST_ROWS * ROW_H
            bar = max(4, span * LIST_ROWS // len(rows))
            y0 = TITLE_H + 1 + (span - bar) * first // (len(rows) - LIST_ROWS)
            p.rect((LIST_W, y0, LIST_W + 2, y0 + bar - 1), fill=1, outline=None)
        draw_total(p, s)
        if at < count:
            hint(p, _("OK fix  hold OK remove"))
        elif at == count:
            hint(p, _("OK add area  <> player"))
        else:
            hint(p, _("OK next  <> player") if s.current < len(s.players) - 1
                 else _("OK finish"))


def areas_title(p: Painter, s: rules.State) -> None:
    """The title bar of the list and the editor: whose areas, and which player of all."""
    right = f"{s.current + 1}/{len(s.players)}"
    name = shown_name(s.selected)
    table = [shown_name(n) for n in s.players]
    title_bar(p, title_or_name(_("{name}'s areas").format(name=name), name, right, table), right,
              table=table)


def hint_like(p: Painter, text: str, like: str) -> None:
    """:func:`~companion.ui.widgets.hint`, but starting where the list's hint ``like``
    starts: the words both share ("OK fix  ") stay in place and are not sent again."""
    p.rect((0, p.height - 8, p.width - 1, p.height - 1), fill=0, outline=None)
    width = text_width(text, "small")
    x = (p.width - text_width(like, "small")) // 2
    if not 0 <= x <= p.width - width:
        x = max(0, (p.width - width) // 2)
    top = p.height - 8 if needs_japanese(text) else p.height - 7
    p.text((x, top), p.fit(text, "small", p.width), "small")


def draw_total(p: Painter, s: rules.State) -> None:
    """The selected player's area points, big, right of the list (and of the editor, which
    keeps it in place so opening an area repaints only the left part)."""
    mine = sum(a.points for a in s.areas[s.current])
    up = 2 if kanji() else 0  # the label in 12 px above the 12 px key help: all higher
    p.line((LIST_W + 1, TITLE_H + 1, LIST_W + 1, p.height - (14 if up else 9)))  # scroll bar
    p.centred(TITLE_H + 2 - up, str(mine), "huge", x0=LIST_W + 3, x1=p.width)
    if up:
        p.centred(TITLE_H + 27, _("area pts"), "text", x0=LIST_W + 2, x1=p.width)
    else:
        p.centred(TITLE_H + 34, _("area pts"), "small", x0=LIST_W + 2, x1=p.width)


def kanji() -> bool:
    """True where the words are kanji (Japanese): labels and key help are then drawn in
    the 12 px face (8 px kanji are smudges, issue 35) and the screens leave them room."""
    return needs_japanese(_("area pts"))


class AreaEditor(Screen):
    """One area: UP/DOWN its size (from 4), LEFT/RIGHT whose symbol group it holds.

    The points the size gives show live. OK saves: a new area is added and the editor
    stays open, back at 4 blocks, for the next one; a corrected area closes it.

    :param index: the selected player's area to correct, or ``None`` for a new one.
    :param on_added: called after each new area is saved.
    """

    def __init__(self, ctx: Context, *, index: int | None,
                 on_added: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.index = index
        self.on_added = on_added
        self.blocks = rules.MIN_BLOCKS
        self.symbol: str | tuple[str, ...] | None = None
        self.added = 0
        area = self.editing()
        if area is not None:
            self.blocks, self.symbol = area.blocks, area.symbol

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def live(self) -> bool:
        return self.state.phase == "scoring"

    def editing(self) -> rules.Area | None:
        """The area being corrected, or None (a new area, or it has gone by an undo)."""
        mine = self.state.areas[self.state.current] if self.live() else ()
        if self.index is not None and self.index < len(mine):
            return mine[self.index]
        self.index = None
        return None

    def room(self) -> int:
        """The largest size allowed now (blocks left on the table)."""
        return rules.blocks_left(self.state, self.index)

    def _size(self, step: int) -> None:
        self.blocks = max(rules.MIN_BLOCKS, min(self.blocks + step, self.room()))

    def key_up(self) -> None:
        self._size(1)

    def key_down(self) -> None:
        self._size(-1)

    def key_long_up(self) -> None:
        self._size(5)

    def key_long_down(self) -> None:
        self._size(-5)

    def symbols(self) -> list[str | tuple[str, ...] | None]:
        return symbol_choices(self.state)

    def _symbol(self, step: int) -> None:
        choices = self.symbols()
        at = choices.index(self.symbol) if self.symbol in choices else 0
        self.symbol = choices[(at + step) % len(choices)]

    def key_left(self) -> None:
        self._symbol(-1)

    def key_right(self) -> None:
        self._symbol(1)

    def key_ok(self) -> None:
        if not self.live():
            self.ctx.pop()
            return
        self.editing()
        if self.index is not None:
            action = {"type": "set_area", "index": self.index, "blocks": self.blocks,
                      "symbol": self._logged()}
            if self.ctx.play(action) is not None:
                self.ctx.pop()
            return
        action = {"type": "add_area", "blocks": self.blocks, "symbol": self._logged()}
        if self.ctx.play(action) is not None:
            self.added += 1
            self.blocks, self.symbol = rules.MIN_BLOCKS, None
            if self.on_added is not None:
                self.on_added()

    def _logged(self) -> str | list[str] | None:
        """The symbol as the log keeps it: nobody, a name, or a list of names."""
        return list(self.symbol) if isinstance(self.symbol, tuple) else self.symbol

    def render(self, p: Painter) -> None:
        """The list's frame (title, total, hint line) with the area in place of the rows:
        a press that opens or closes the editor changes only the left part."""
        s = self.state
        if not self.live():
            title_bar(p, _("Area"))
            p.centred(22, _("Scoring is closed"), "text")
            hint(p, "BACK")
            return
        area = self.editing()
        # The list's own title bar, unchanged: the hint says whether OK adds or fixes.
        areas_title(p, s)
        self.blocks = max(rules.MIN_BLOCKS, min(self.blocks, max(rules.MIN_BLOCKS, self.room())))
        up = 2 if kanji() else 0  # the symbol's row above the 12 px key help
        p.centred(TITLE_H + 1 - up, str(self.blocks), "huge", x0=8, x1=42)
        if self.blocks < self.room():
            arrow(p, 0, TITLE_H + 8, up=True)
        if self.blocks > rules.MIN_BLOCKS:
            arrow(p, 0, TITLE_H + 20, up=False)
        p.text((43, TITLE_H + 9 - up), "=", "medium")
        p.centred(TITLE_H + 1 - up, str(rules.area_points(self.blocks)), "huge", x0=52,
                  x1=LIST_W)
        self._render_symbol(p, s)
        draw_total(p, s)
        if kanji():  # 12 px keys: the frame-keeping 8 px line would smudge them
            hint(p, _("OK fix  <> symbol") if area is not None else _("OK add area  <> symbol"))
        elif area is not None:
            hint_like(p, _("OK fix  <> symbol"), _("OK fix  hold OK remove"))
        else:
            hint_like(p, _("OK add area  <> symbol"), _("OK add area  <> player"))

    def _render_symbol(self, p: Painter, s: rules.State) -> None:
        """Whose 4+ symbol group the area holds, in 12 px: their symbols and names."""
        y = TITLE_H + (27 if kanji() else 33)
        if self.symbol is None:
            p.text((0, y), _("no 4+ group"), "text")
            return
        owners = (self.symbol,) if isinstance(self.symbol, str) else self.symbol
        x = 0
        for owner in owners:
            player_glyph(p, s, owner, x, y + 2, size=9)
            x += 10
        names = [shown_name(o) for o in owners]
        room = LIST_W - x - 2
        if len(owners) == 3:
            label = _("all three")
        else:
            label = _(" & ").join(names) if len(owners) == 2 else names[0]
            if len(owners) == 2 and text_width(label, "text") > room:
                label = _("both")
        label = p.fit_lines([label], [shown_name(n) for n in s.players], "text", room)[0]
        p.text((x + 2, y), p.fit(label, "text", room), "text")
