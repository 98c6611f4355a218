"""Area Tiles result: the winner (with the tie-break, or a draw), the score table, and a
page per player.

LEFT/RIGHT (or UP/DOWN, OK) turn the pages; BACK goes to the start menu; holding BACK
undoes the finish and goes back to the area entry.
"""

from __future__ import annotations

from companion.games.area_tiles import rules
from companion.games.area_tiles.screens.draw import player_glyph
from companion.ui.fonts import text_width
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import PagedScreen
from companion.ui.widgets import TITLE_H, title_bar

#: The table's rows: label, and the :class:`~companion.games.area_tiles.rules.Line` field.
TABLE = (("Areas", "areas"), ("Points", "area_points"), ("Largest", "largest_bonus"),
         ("Most", "most_bonus"), ("Symbol", "symbol_bonus"))
#: The per-player page's rows.
PAGE = (("Area points", "area_points"), ("Largest area", "largest_bonus"),
        ("Most areas", "most_bonus"), ("Symbols", "symbol_bonus"))


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
        title_bar(p, "Result", self._marker())
        top = score.line(score.winners[0])
        if score.is_draw:
            p.centred(TITLE_H + 1, "Draw", "large")
            p.centred(TITLE_H + 26, " & ".join(score.winners)[:21], "text")
            areas = f"{top.areas} area" + ("s" if top.areas != 1 else "")
            p.centred(TITLE_H + 41, f"{top.total} pts, {areas} each", "small")
            return
        words = f"{top.player} wins"
        font_name = "large" if text_width(words, "large") <= WIDTH else "medium"
        p.centred(TITLE_H + 1 if font_name == "large" else TITLE_H + 5, words, font_name)
        p.centred(TITLE_H + 26, f"{top.total} points", "text")
        if score.tie_break == "fewer areas":
            level = [line for line in score.lines
                     if line.total == top.total and line is not top]
            others = "/".join(str(line.areas) for line in level)
            p.centred(TITLE_H + 41, f"Tie: fewer areas {top.areas} v {others}", "small")
        else:
            runner = [line for line in score.lines if line is not top]
            best = max(runner, key=lambda line: line.total)
            p.centred(TITLE_H + 41, f"next: {best.player} {best.total}", "small")

    def _table(self, p: Painter, score: rules.Score) -> None:
        lines = score.lines
        label_w = 37
        col = (WIDTH - label_w) // len(lines)
        p.rect((0, 0, WIDTH - 1, 8), fill=1, outline=None)
        for i, line in enumerate(lines):
            x0 = label_w + i * col
            p.centred(1, line.player[: col // 5], "small", x0=x0, x1=x0 + col, fill=0)
        for r, (label, field) in enumerate(TABLE):
            y = 10 + r * 8
            p.text((0, y), label, "small")
            for i, line in enumerate(lines):
                x0 = label_w + i * col
                p.centred(y, str(getattr(line, field)), "small", x0=x0, x1=x0 + col)
        y = 51
        p.line((0, y - 2, WIDTH - 1, y - 2))
        p.text((0, y), "Total", "bold")
        for i, line in enumerate(lines):
            x0 = label_w + i * col
            p.centred(y, str(line.total), "bold", x0=x0, x1=x0 + col)

    def _player(self, p: Painter, line: rules.Line) -> None:
        title_bar(p, f"{line.player}: {line.areas} areas", self._marker())
        for r, (label, field) in enumerate(PAGE):
            y = TITLE_H + 1 + r * 12
            p.text((0, y), label, "text")
            p.right(y, str(getattr(line, field)), "text", x1=88)
        p.line((92, TITLE_H + 2, 92, 63))
        player_glyph(p, self.state, line.player, 105, TITLE_H + 3)
        p.centred(TITLE_H + 15, str(line.total), "large", x0=93, x1=WIDTH)
        p.centred(TITLE_H + 41, "total", "small", x0=93, x1=WIDTH)
