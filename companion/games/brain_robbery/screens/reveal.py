"""Brain Robbery: the board the box drew, and where on the table it goes.

The board's number and side stand big on the left ("3B"); beside them, in 12 px rows a
player reads from their seat, the sentence saying where to put it ("board 3 side B in
front of the Caboose"). A sentence longer than the rows shows in pages that turn by
themselves (:mod:`.pages`).
"""

from __future__ import annotations

from companion.api.screens import Context, Painter, Screen, hint, title_bar, translator, wrap_px
from companion.games.brain_robbery import rules
from companion.games.brain_robbery.screens.pages import Pager, page_bar
from companion.games.brain_robbery.screens.parts import Sub, car_name, game, kanji

_, ngettext = translator(__name__)

#: Where the sentence starts, right of the big board number.
TEXT_X = 40
ROW_Y = (13, 26, 39)


def placement(p: Painter, pager: Pager, car: rules.Car, sentence: str, rows: int) -> None:
    """The big "3B" and ``sentence`` in up to ``rows`` 12 px rows beside it (paged)."""
    p.centred(14, f"{car.board}{car.side}", "large", x0=0, x1=TEXT_X - 2)
    lines = wrap_px(sentence, "text", p.width - TEXT_X - 3)
    count = -(-len(lines) // rows)
    page = pager.page(count, sentence)
    for y, line in zip(ROW_Y, lines[page * rows:(page + 1) * rows], strict=False):
        p.text((TEXT_X, y), p.fit(line, "text", p.width - TEXT_X - 3), "text")
    page_bar(p, page, count, ROW_Y[0] + 1, ROW_Y[rows - 1] + 11)


class StartTrainReveal(Sub):
    """The board the box dealt: put it down in front of the Caboose."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.pager = Pager(ctx)

    def wake_in(self) -> float | None:
        return self.pager.wake_in()

    def key_ok(self) -> None:
        self.ctx.pop()

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        car = s.train[-1]
        title_bar(p, _("Put down"), "")
        if s.board_names:
            sentence = _("{car} in front of the Caboose").format(car=rules.car_label(s, car))
        else:
            sentence = _("board {board} side {side} in front of the Caboose").format(
                board=car.board, side=car.side)
        placement(p, self.pager, car, sentence, rows=3)
        hint(p, _("long game: may never end") if s.long_game else _("OK play"))


class NewCarReveal(Sub):
    """The board just drawn: put it in front, with counters on its brain spaces."""

    key_ok = Screen.key_back

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.pager = Pager(ctx)

    def wake_in(self) -> float | None:
        return self.pager.wake_in()

    def render(self, p: Painter) -> None:
        s = game(self.ctx)
        car = s.train[-1]
        title_bar(p, _("New car"), _("pile {n}").format(n=len(s.pile)))
        if car.engine:
            p.centred(13, _("ENGINE"), "large")
            lines = wrap_px(_("Caboose is back as the Engine: no more cars"), "small", p.width - 2)
            for i, line in enumerate(lines[:2]):
                p.centred(38 + i * 8, line, "small")
            if len(lines) > 2:
                p.cut.append(lines[2])
        else:
            if s.board_names:
                sentence = _("{car} in front").format(car=car_name(s, car))
            else:
                sentence = _("board {board} side {side} in front").format(
                    board=car.board, side=car.side)
            placement(p, self.pager, car, sentence, rows=2)
            note = _("counters on brain spaces")
            if kanji():  # 12 px: on two rows it takes the key help's (OK is the only key)
                lines = wrap_px(note, "text", p.width)
                for y, line in zip(ROW_Y[2:] + (ROW_Y[2] + 13,), lines[:2], strict=False):
                    p.centred(y, line, "text")
                if len(lines) > 1:
                    return
            else:
                p.centred(46, note, "small")
        hint(p, _("OK back to the move"))
