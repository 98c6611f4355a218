"""Area Tiles result: the winner (with the tie-break, or a draw), the score table, and a
page per player.

LEFT/RIGHT (or UP/DOWN, OK) turn the pages; BACK goes to the start menu; holding BACK
undoes the finish and goes back to the area entry.
"""

from __future__ import annotations

from companion.games.area_tiles import rules
from companion.games.area_tiles.screens.draw import player_glyph, shown_name
from companion.i18n import N_, translator
from companion.ui.fonts import text_width
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import PagedScreen
from companion.ui.widgets import TITLE_H, title_bar

_, ngettext = translator(__name__)

#: The table's rows: label, and the :class:`~companion.games.area_tiles.rules.Line` field.
TABLE = ((N_("Areas"), "areas"), (N_("Points"), "area_points"),
         (N_("Largest"), "largest_bonus"), (N_("Most"), "most_bonus"),
         (N_("Symbol"), "symbol_bonus"))
#: The per-player page's rows.
PAGE = ((N_("Area points"), "area_points"), (N_("Largest area"), "largest_bonus"),
        (N_("Most areas"), "most_bonus"), (N_("Symbols"), "symbol_bonus"))


class ResultView(PagedScreen):
    """Page 1 the winner, page 2 the table, then one page per player."""

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def pages(self) -> int:
        return 2 + len(self.state.players)

    def key_down(self) -> None:
        self.key_right()

    key_ok = key_down

    def key_up(self) -> None:
        self.key_left()

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        self.page %= self.pages()
        score = rules.current_score(self.state)
        if self.page == 0:
            self._winner(p, score)
        elif self.page == 1:
            self._table(p, score)
        else:
            self._player(p, score.lines[self.page - 2])

    def _marker(self) -> str:
        return f"{self.page + 1}/{self.pages()} >"

    def _winner(self, p: Painter, score: rules.Score) -> None:
        title_bar(p, _("Result"), self._marker())
        top = score.line(score.winners[0])
        if score.is_draw:
            p.centred(TITLE_H + 1, _("Draw"), "large")
            both = _(" & ").join(shown_name(n) for n in score.winners)
            p.centred(TITLE_H + 26, p.fit(both, "text", WIDTH), "text")
            each = ngettext("{points} pts, {n} area each", "{points} pts, {n} areas each",
                            top.areas).format(points=top.total, n=top.areas)
            p.centred(TITLE_H + 41, each, "small")
            return
        words = _("{name} wins").format(name=shown_name(top.player))
        font_name = "large" if text_width(words, "large") <= WIDTH else "medium"
        p.centred(TITLE_H + 1 if font_name == "large" else TITLE_H + 5,
                  p.fit(words, font_name, WIDTH), font_name)
        points = ngettext("{n} point", "{n} points", top.total).format(n=top.total)
        p.centred(TITLE_H + 26, points, "text")
        if score.tie_break == "fewer areas":
            level = [line for line in score.lines
                     if line.total == top.total and line is not top]
            others = "/".join(str(line.areas) for line in level)
            p.centred(TITLE_H + 41, _("Tie: fewer areas {areas} v {others}").format(
                areas=top.areas, others=others), "small")
        else:
            runner = [line for line in score.lines if line is not top]
            best = max(runner, key=lambda line: line.total)
            p.centred(TITLE_H + 41, _("next: {name} {points}").format(
                name=shown_name(best.player), points=best.total), "small")

    def _table(self, p: Painter, score: rules.Score) -> None:
        lines = score.lines
        label_w = 37
        col = (WIDTH - label_w) // len(lines)
        p.rect((0, 0, WIDTH - 1, 8), fill=1, outline=None)
        for i, line in enumerate(lines):
            x0 = label_w + i * col
            name = p.fit(shown_name(line.player), "small", col)
            p.centred(1, name, "small", x0=x0, x1=x0 + col, fill=0)
        for r, (label, field) in enumerate(TABLE):
            y = 10 + r * 8
            p.text((0, y), p.fit(_(label), "small", label_w - 1), "small")
            for i, line in enumerate(lines):
                x0 = label_w + i * col
                p.centred(y, str(getattr(line, field)), "small", x0=x0, x1=x0 + col)
        y = 51
        p.line((0, y - 2, WIDTH - 1, y - 2))
        p.text((0, y), p.fit(_("Total"), "bold", label_w - 1), "bold")
        for i, line in enumerate(lines):
            x0 = label_w + i * col
            p.centred(y, str(line.total), "bold", x0=x0, x1=x0 + col)

    def _player(self, p: Painter, line: rules.Line) -> None:
        title_bar(p, ngettext("{name}: {n} area", "{name}: {n} areas", line.areas).format(
            name=shown_name(line.player), n=line.areas), self._marker())
        for r, (label, field) in enumerate(PAGE):
            y = TITLE_H + 1 + r * 12
            p.text((0, y), p.fit(_(label), "text", 74), "text")
            p.right(y, str(getattr(line, field)), "text", x1=88)
        p.line((92, TITLE_H + 2, 92, 63))
        player_glyph(p, self.state, line.player, 105, TITLE_H + 3)
        p.centred(TITLE_H + 15, str(line.total), "large", x0=93, x1=WIDTH)
        p.centred(TITLE_H + 41, _("total"), "small", x0=93, x1=WIDTH)
