"""Area Tiles result: the winner (with the tie-break, or a draw), the score table, and a
page per player.

LEFT/RIGHT (or UP/DOWN, OK) turn the pages; BACK goes to the start menu; holding BACK
undoes the finish and goes back to the area entry.
"""

from __future__ import annotations

from companion.api.screens import (
    N_,
    TITLE_H,
    PagedScreen,
    Painter,
    hint,
    needs_japanese,
    playing,
    text_width,
    title_bar,
    translator,
)
from companion.games.area_tiles import rules
from companion.games.area_tiles.screens.draw import player_glyph, shown_name, title_or_name

_, ngettext = translator(__name__)

ROW_H = 12
TOTAL_W = 19  # the total's column: three bold digits and a gap
#: The per-player page's rows.
PAGE = ((N_("Area points"), "area_points"), (N_("Largest area"), "largest_bonus"),
        (N_("Most areas"), "most_bonus"), (N_("Symbols"), "symbol_bonus"))


class ResultView(PagedScreen):
    """Page 1 the winner, page 2 the scores (a row per player), then a page per player."""

    @property
    def state(self) -> rules.State:
        return playing(self.ctx).state

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
        # Every name and number in 12 px or larger: the big line, then two text lines.
        title_bar(p, _("Result"), self._marker())
        top = score.line(score.winners[0])
        if score.is_draw:
            p.centred(TITLE_H + 1, _("Draw"), "large")
            both = _(" & ").join(shown_name(n) for n in score.winners)
            p.centred(TITLE_H + 26, p.fit(both, "text", p.width), "text")
            each = ngettext("{points} pts, {n} area each", "{points} pts, {n} areas each",
                            top.areas).format(points=top.total, n=top.areas)
            p.centred(TITLE_H + 39, each, "text")
            return
        words = _("{name} wins").format(name=shown_name(top.player))
        fonts = [f for f in ("large", "medium") if text_width(words, f) <= p.width]
        font_name = fonts[0] if fonts else "text"  # a long name: smaller, never cut
        p.centred(TITLE_H + {"large": 1, "medium": 5}.get(font_name, 7),
                  p.fit(words, font_name, p.width), font_name)
        points = ngettext("{n} point", "{n} points", top.total).format(n=top.total)
        p.centred(TITLE_H + 26, points, "text")
        if score.tie_break == "fewer areas":
            level = [line for line in score.lines
                     if line.total == top.total and line is not top]
            others = "/".join(str(line.areas) for line in level)
            p.centred(TITLE_H + 39, _("tie: {areas} v {others} areas").format(
                areas=top.areas, others=others), "text")
        else:
            runner = [line for line in score.lines if line is not top]
            best = max(runner, key=lambda line: line.total)
            name = shown_name(best.player)
            line = _("next: {name} {points}").format(name=name, points=best.total)
            if text_width(line, "text") > p.width:
                line = _("{name}: {points}").format(name=name, points=best.total)
            p.centred(TITLE_H + 39, p.fit(line, "text", p.width), "text")

    def _table(self, p: Painter, score: rules.Score) -> None:
        """A row per player, in 12 px: name, area points + bonuses = total."""
        title_bar(p, _("Scores"), self._marker())
        sums = [f"{line.area_points}+{line.total - line.area_points} =" for line in score.lines]
        room = p.width - max(text_width(s, "text") for s in sums) - TOTAL_W - 3
        longest = max(text_width(shown_name(line.player), "text") for line in score.lines)
        if longest > room - 11:  # long names whole; their pages show the sums
            sums, room = [""] * len(sums), p.width - TOTAL_W - 3
        for r, (line, sum_) in enumerate(zip(score.lines, sums, strict=True)):
            y = TITLE_H + 1 + r * ROW_H
            player_glyph(p, self.state, line.player, 0, y + 1, size=9)
            p.text((11, y), p.fit_name(shown_name(line.player), "text", room - 11,
                                       [shown_name(n) for n in self.state.players]), "text")
            p.right(y, sum_, "text", x1=p.width - TOTAL_W)
            p.right(y, str(line.total), "bold", x1=p.width - 1)
        hint(p, _("area + bonus = total") if any(sums) else _("totals"))

    def _player(self, p: Painter, line: rules.Line) -> None:
        name = shown_name(line.player)
        title = ngettext("{name}: {n} area", "{name}: {n} areas", line.areas).format(
            name=name, n=line.areas)
        table = [shown_name(n) for n in self.state.players]
        title_bar(p, title_or_name(title, name, self._marker(), table), self._marker(),
                  table=table)
        for r, (label, field) in enumerate(PAGE):
            y = TITLE_H + 1 + r * 12
            p.text((0, y), p.fit(_(label), "text", 74), "text")
            p.right(y, str(getattr(line, field)), "text", x1=88)
        p.line((92, TITLE_H + 2, 92, 63))
        player_glyph(p, self.state, line.player, 105, TITLE_H + 3)
        p.centred(TITLE_H + 15, str(line.total), "large", x0=93, x1=p.width)
        if needs_japanese(_("total")):  # 「合計」 in 12 px (8 px kanji are smudges)
            p.centred(TITLE_H + 38, _("total"), "text", x0=93, x1=p.width)
        else:
            p.centred(TITLE_H + 41, _("total"), "small", x0=93, x1=p.width)
