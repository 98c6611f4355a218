"""Brikks final scores: fast entry of each sheet, the breakdown, and the result.

Entry keys: LEFT/RIGHT move between the 11 rows (bottom first), then bonus marks, bombs
left and energy left · UP/DOWN change the number · hold UP (or OK) sets a full row of 10,
hold OK also moves on · hold DOWN clears · OK shows the breakdown, OK again saves it.
"""

from __future__ import annotations

from companion.api.rules import Result
from companion.api.screens import (
    CELLS,
    N_,
    Context,
    PagedScreen,
    Painter,
    Screen,
    hint,
    needs_japanese,
    numbered,
    playing,
    text_width,
    title_bar,
    translator,
    wrap_px,
)
from companion.games.brikks import data as D
from companion.games.brikks import rules
from companion.games.brikks.screens.frame import kanji

_, ngettext = translator(__name__)

#: The fields after the rows: (prefill key, label, highest value, what it is).
EXTRAS = (
    ("bonus_marks", N_("bonus"), 20, N_("marks on the bonus track")),
    ("bombs_left", N_("bombs"), D.BOMBS, N_("bombs not used")),
    ("energy_left", N_("energy"), D.ENERGY_CIRCLES, N_("energy not spent")),
)
#: The parts of a final score, as :func:`rules.breakdown` names them, in words.
PARTS = {"rows": N_("rows"), "bonus": N_("bonus"), "bombs": N_("bombs"),
         "energy": N_("energy"), "full rows": N_("full rows")}


#: Rows of the score tables, 12 px type read from across the table (kanji fill all 12).
LINE_H = 12
TABLE_TOP = 12


def draw_score(p: Painter, parts: dict[str, int], total: int) -> None:
    """A score's parts in 12 px type, two to a line (the name left, the points
    right-aligned in each half), and the total big underneath (where the words are
    kanji: the rows a blank pixel row apart and the total in 12 px, above 12 px keys)."""
    half = p.width // 2
    top, pitch = (WIDE_TOP, WIDE_H) if kanji() else (TABLE_TOP, LINE_H)
    for i, (key, value) in enumerate(parts.items()):
        x0, y = (i % 2) * half, top + (i // 2) * pitch
        with p.region((x0, y, x0 + half - 1, y + LINE_H - 1)):
            p.text((x0 + 2, y), _(PARTS[key]), "text")
            p.right(y, str(value), "text", x1=x0 + half - 4)
    if len(parts) > 1:  # a rule between the halves, so "29 bonus" never reads as a pair
        bottom = top + pitch * ((len(parts) + 1) // 2) - 2
        p.line((half - 1, top + 2, half - 1, bottom))
    if kanji():  # 爆弾 and 追加点 a blank row apart: the total's digits (10 px high) above keys
        p.centred(top + pitch * ((len(parts) + 1) // 2) - 1, str(total), "medium")
        return
    p.centred(30 if len(parts) > 2 else 20, str(total), "huge")


SHEET_X, SHEET_BOTTOM = 46, 55  # the little grid of rows on the entry screen
#: The parts column right of the grid: one 12 px figure a line, its label small.
PARTS_X, PARTS_TOP, PARTS_H = 90, 12, 11
#: The Japanese frame's rows (:meth:`ScoreView._render_wide`): 12 px type, a blank pixel
#: row between rows so 追加点 and 爆弾 never touch.
WIDE_TOP, WIDE_H = 13, 13
#: The part of the score each extra field counts towards.
EXTRA_PARTS = {"bonus_marks": "bonus", "bombs_left": "bombs", "energy_left": "energy"}


class ScoreView(Screen):
    """One player's sheet at a time, in seat order, until everybody's is in."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.seat: int | None = None
        self.values: list[int] = []
        self.field = 0
        self.review = False
        self.unconfirmed = False

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def _sync(self) -> int:
        """The seat entering now; a new seat starts from its prefill (trackers or zeros)."""
        s = self.state
        seat = s.entries.index(None)
        if seat != self.seat:
            fill = rules.prefill(s, seat)
            self.seat, self.field, self.review = seat, 0, False
            self.values = list(fill["rows"]) + [fill[key] for key, *_ in EXTRAS]
            #: The extras still to be confirmed (all of them when no tracker kept them).
            self.unconfirmed = not fill["tracked"] and not s.duel
        return seat

    def _fields(self) -> int:
        return D.ROWS if self.state.duel else D.ROWS + len(EXTRAS)

    def _high(self) -> int:
        return D.CELLS_PER_ROW if self.field < D.ROWS else EXTRAS[self.field - D.ROWS][2]

    def _set(self, value: int) -> None:
        self._sync()
        self.values[self.field] = value

    def parts(self) -> dict[str, int]:
        """The breakdown of what is entered now."""
        rows = self.values[:D.ROWS]
        if self.state.duel:
            full = rules.duel_score(rows)
            return {"full rows": full, "total": full}
        return rules.breakdown(rows, *self.values[D.ROWS:])

    # -- keys -----------------------------------------------------------------------------

    def key_left(self) -> None:
        self._sync()
        if not self.review:
            self.field = max(0, self.field - 1)

    def key_right(self) -> None:
        self._sync()
        if not self.review:
            self.field = min(self._fields() - 1, self.field + 1)

    def key_up(self) -> None:
        self._sync()
        if not self.review:
            self._set((self.values[self.field] + 1) % (self._high() + 1))

    def key_down(self) -> None:
        self._sync()
        if not self.review:
            self._set((self.values[self.field] - 1) % (self._high() + 1))

    def key_long_up(self) -> None:
        self._sync()
        if not self.review:
            self._set(self._high())

    def key_long_down(self) -> None:
        self._sync()
        if not self.review:
            self._set(0)

    def key_long_ok(self) -> None:
        self._sync()
        if not self.review:
            self._set(self._high() if self.field < D.ROWS else self.values[self.field])
            self.field = min(self._fields() - 1, self.field + 1)

    def key_ok(self) -> None:
        seat = self._sync()
        if not self.review and self.unconfirmed:
            # Bonus, bombs and energy were never kept on the box: ask for each one,
            # pre-filled with what the tracker shows, before totalling.
            if self.field < D.ROWS:
                self.field = D.ROWS  # the key line says "OK keeps each value"
                return
            if self.field < self._fields() - 1:
                self.field += 1
                return
            self.unconfirmed = False
        if not self.review:
            self.review = True
            return
        action: dict[str, object] = {"type": "score", "player": seat,
                                     "rows": self.values[:D.ROWS]}
        if not self.state.duel:
            action.update(zip((key for key, *_ in EXTRAS), self.values[D.ROWS:], strict=True))
        self.ctx.play(action)

    def key_back(self) -> None:
        self._sync()
        if self.review:
            self.review = False
        else:
            self.ctx.home()

    # -- drawing ------------------------------------------------------------------------

    def render(self, p: Painter) -> None:
        """One frame for every step of a sheet: the value big on the left, the sheet's
        rows in the middle, the parts on the right. Moving from the rows to bonus, bombs,
        energy and the total changes the value, the title's end and a highlight, not
        the frame (a few hundred bus bytes instead of a new screen)."""
        seat = self._sync()
        name = self.state.players[seat]
        parts = self.parts()
        if self.review:
            title_bar(p, _("{name}: total").format(name=name),
                      _("duel") if self.state.duel else "", table=self.state.players)
            big, under, part = parts["total"], None, None
            keys = _("OK save   BACK change")
        elif self.field < D.ROWS:
            row = self.field + 1
            # the name as the table calls it before the row is cut: row 1 and row 11
            # read alike behind 「佐々木 さくら: 1…」 (issue 41)
            title_bar(p, _("{name}: row {row}").format(name=name, row=row),
                      f"x{D.ROW_MULTIPLIERS[self.field]}", table=self.state.players)
            big, part = self.values[self.field], "rows"
            under = rules.row_points(big, row)
            if self.state.duel and big < D.CELLS_PER_ROW:  # a duel counts full rows only
                under = 0
            keys = _("</> row ^v marks OK sum")
        else:
            key, label, _high, what = EXTRAS[self.field - D.ROWS]
            title_bar(p, _("{name}: {label}").format(name=name, label=_(label)),
                      table=self.state.players)
            big, part = self.values[self.field], EXTRA_PARTS[key]
            under = parts[part]
            what = _("OK keeps each value") if self.unconfirmed else _(what)
            if key == "bonus_marks" and big > D.BONUS_MARKS_COUNTED:  # the rules: 75 at most
                what = _("{n} count, more lapse").format(n=D.BONUS_MARKS_COUNTED)
            keys = what
        if kanji():
            self._render_wide(p, parts, part, big, under)
            hint(p, keys)
            return
        font = "huge" if p.fits(str(big), "huge", SHEET_X - 4) else "large"
        p.centred(14 if font == "huge" else 18, str(big), font, x0=0, x1=SHEET_X - 4)
        if under is not None:
            p.centred(44, _("{n} pts").format(n=under), "text", x0=0, x1=SHEET_X - 4)
        self._draw_sheet(p)
        self._draw_parts(p, parts, part)
        hint(p, keys)  # last: its 12 px Japanese only where nothing drawn reaches it

    def _render_wide(self, p: Painter, parts: dict[str, int], part: str | None, big: int,
                     under: int | None) -> None:
        """The frame where the labels are kanji (爆弾, 追加点): the 8 px face cannot draw
        them legibly, so the parts take two rows of 12 px type across the screen, two to
        a row (an arrow before the part entered), the value entered and its points on a third,
        and the little sheet is left out (the title names the row)."""
        keys = ["full rows"] if self.state.duel else ["rows", "bonus", "bombs", "energy"]
        half = p.width // 2
        for i, key in enumerate(keys):
            x0, y = (i % 2) * half, WIDE_TOP + (i // 2) * WIDE_H
            label = _(PARTS[key])
            with p.region((x0, y, x0 + half - 1, y + WIDE_H - 1)):
                if key == part:  # the list's arrow: an inverted box would touch the bar
                    mid = y + 5
                    p.draw.polygon([(x0 + 1, mid - 4), (x0 + 1, mid + 4), (x0 + 4, mid + 1),
                                    (x0 + 4, mid - 1)], fill=1)
                p.text((x0 + 6, y), label, "text")
                p.right(y, str(parts[key]), "text", x1=x0 + half - 4)
        p.line((half - 2, WIDE_TOP + 1, half - 2, WIDE_TOP + WIDE_H * ((len(keys) + 1) // 2) - 3))
        y = WIDE_TOP + 2 * WIDE_H
        if under is None:
            p.centred(y, str(big), "bold")
            return
        words = [str(big), "→", _("{n} pts").format(n=under)]  # the marks stay a text
        x = (p.width - sum(text_width(w, "bold") for w in words) - 12) // 2
        for word in words:
            p.text((x, y), word, "bold")
            x += text_width(word, "bold") + 6

    def _draw_sheet(self, p: Painter) -> None:
        """The little grid of the sheet's rows, bottom row first, the row entered marked."""
        for i, count in enumerate(self.values[:D.ROWS]):
            y = SHEET_BOTTOM - (i + 1) * 4 + 1
            for c in range(D.CELLS_PER_ROW):
                x = SHEET_X + c * 4
                if c < count:
                    p.rect((x, y, x + 2, y + 2), fill=1, outline=None)
                else:
                    p.rect((x + 1, y + 1, x + 1, y + 1), fill=1, outline=None)
            if i == self.field and not self.review:
                p.rect((SHEET_X - 4, y, SHEET_X - 2, y + 2), fill=1, outline=None)

    def _draw_parts(self, p: Painter, parts: dict[str, int], part: str | None) -> None:
        """The score's parts in the right-hand column, a small label and the points in
        12 px on each line; the part being entered has its label inverted."""
        if self.state.duel:
            label_at(p, (PARTS_X, PARTS_TOP), _(PARTS["full rows"]))
            p.right(PARTS_TOP + PARTS_H, str(parts["full rows"]), "text", x1=p.width - 1)
            return
        for i, key in enumerate(("rows", "bonus", "bombs", "energy")):
            y = PARTS_TOP + i * PARTS_H
            label_at(p, (PARTS_X, y), _(PARTS[key]), inverted=key == part)
            p.right(y, str(parts[key]), "text", x1=p.width - 1)


def label_at(p: Painter, xy: tuple[int, int], text: str, *, inverted: bool = False) -> None:
    """A label in the 4×6 font (the 8 px kana for Japanese) beside a 12 px figure whose
    top is at ``xy``; ``inverted``: white on a black box, the field being entered."""
    x, y = xy
    font = "small" if needs_japanese(text) else "tiny"
    top, height = (y + 3, 8) if font == "small" else (y + 4, CELLS["tiny"][1])
    if inverted:
        p.rect((x - 1, top - 1, x + text_width(text, font), top + height - 1), fill=1,
               outline=None)
    p.text((x, top), text, font, fill=0 if inverted else 1)


class OverView(PagedScreen):
    """The result: places and scores; LEFT/RIGHT show each player's breakdown."""

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

    def pages(self) -> int:
        s = self.state
        return 1 if s.survivor is not None or s.solo else 1 + len(s.players)

    def key_ok(self) -> None:
        self.ctx.home()

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        result = rules.result(s)
        self.page %= self.pages()
        if s.survivor is not None:
            title_bar(p, _("Brikks Duel"), _("over"))
            p.centred(16, _("{name} wins").format(name=s.players[s.survivor]), "medium")
            for i, line in enumerate(wrap_px(_("last one standing"), "text", 126)):
                p.centred(36 + i * 12, line, "text")
        elif s.solo:
            score = result.scores[s.players[0]]
            assert score is not None  # the game is over: the solo sheet is entered
            self._render_solo(p, score)
        elif self.page == 0:
            title_bar(p, _("Brikks"), _("duel") if s.duel else _("over"))
            self._render_standings(p, result)
            hint(p, _("> each sheet   OK done"))
        else:
            self._render_sheet(p, self.page - 1)

    def _render_standings(self, p: Painter, result: Result) -> None:
        """Every player's place, name and score, one 12 px row each (16 px for two): at
        most four players, so the table always fits between the title bar and the hint."""
        rows = numbered(result.places)
        font, line = ("medium", 20) if len(rows) <= 2 else ("text", 11)
        if font == "medium" and any(  # big type only where every row is whole in it
                text_width(f"{place}. {name}", font) + text_width(str(result.scores[name]), font)
                + 10 > p.width for place, name in rows):
            font = "text"
        top = TABLE_TOP + (0 if line == 11 else 3)
        for i, (place, name) in enumerate(rows):
            y = top + i * line
            score = str(result.scores[name])
            room = p.width - 4 - text_width(score, font) - 6
            with p.region((0, y, p.width - 1, y + line)):
                p.text((2, y), p.fit(f"{place}. {name}", font, room), font)
                p.right(y, score, font, x1=p.width - 2)

    def _render_solo(self, p: Painter, score: int) -> None:
        low, high, phrase = rules.solo_band(score)
        band = (_("over {n}").format(n=low - 1) if high is None else
                f"{low}–{high}" if low else _("under {n}").format(n=high + 1))
        title_bar(p, _("Brikks solo"), _("over"))
        p.centred(14, str(score), "huge", x0=0, x1=56)
        if kanji():  # the phrase in 12 px, three lines a blank row apart
            p.text((60, 13), band, "bold")
            lines, font, top, pitch, rows = wrap_px(_(phrase), "text", 67), "text", 26, 13, 3
        else:
            p.text((60, 13), band, "medium")
            lines, font, top, pitch, rows = wrap_px(_(phrase), "small", 67), "small", 30, 8, 4
        if len(lines) > rows:
            p.cut.append(phrase)
        for i, line in enumerate(lines[:rows]):
            p.text((60, top + i * pitch), line, font)
        p.centred(47 if kanji() else 49, _("points"), font, x0=0, x1=56)

    def _render_sheet(self, p: Painter, seat: int) -> None:
        s = self.state
        e = s.entries[seat]
        assert e is not None  # the game is over: every sheet is entered
        title_bar(p, s.players[seat], f"{seat + 1}/{len(s.players)}")
        if s.duel:
            parts = {"full rows": rules.duel_score(e.rows)}
        else:
            parts = rules.breakdown(e.rows, e.bonus_marks, e.bombs_left, e.energy_left)
            parts.pop("total")
        draw_score(p, parts, rules.entry_score(s, seat))
        hint(p, _("</> players   OK done"))
