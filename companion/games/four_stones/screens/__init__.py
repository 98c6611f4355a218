"""Four-Colour Stones at the table: the box deals, knows every legal jump, passes, scores.

Flow of a round: OK deals a random layout (dealt again by itself while nobody could
open it) and shows it big so the players lay the pieces; then the turn screen shows
whose turn it is, that colour's legal jumps in the rules' notation (``2d-4d ×R3``) and
the board with the chosen jump marked. OK jumps. A colour with no jump passes on its
own (the box says so); when nobody can jump the round's scores appear; OK deals the
next round.

Keys on the turn screen: UP/DOWN choose a jump · OK jumps · RIGHT the big layout ·
BACK start menu · hold BACK takes back the last jump.
"""

from __future__ import annotations

from typing import Any

from companion.games.four_stones import rules
from companion.games.four_stones.rules import COLOURS
from companion.games.four_stones.screens.board import DENSE_WIDTH, dense_grid, full_grid, row_zoom
from companion.games.four_stones.screens.scores import (
    colour_name,
    names_list,
    render_deal,
    render_final,
    render_round,
)
from companion.i18n import N_, translator
from companion.ui.fonts import needs_japanese
from companion.ui.menus import Choice, SetupScreen
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar

_, ngettext = translator(__name__)

KEY = "four_stones"
#: Layouts dealt in one go before asking again (a dead deal is rare).
MAX_DEALS = 20
PANEL_X = DENSE_WIDTH + 1
PANEL_CHARS = (WIDTH - PANEL_X) // 4  # tiny-font characters a panel line holds


def new_game(ctx: Context) -> None:
    """Ask for 4 players (or 2 with the two-player rule) and the setup, then start."""
    ctx.push(StonesSetup(ctx))


def play_screen(ctx: Context) -> Screen:
    return StonesScreen(ctx)


class StonesSetup(SetupScreen):
    """Players 4 or 2 (seats named by colour), basic or star setup; round r opens seat r."""

    def __init__(self, ctx: Context) -> None:
        extra = [
            Choice("star", N_("Setup"), [False, True], gettext=_,
                   shown=lambda v: _("star") if v else _("basic")),
            Choice("starts", N_("Starts"), [N_("by the rules")], gettext=_,
                   shown=lambda v: _(v)),  # seat r opens round r
        ]
        super().__init__(ctx, KEY, low=2, high=4, default=4, extra=extra,
                         options=self._options)
        self.count = Choice("players", N_("Players"), [4, 2], 0, gettext=_,
                            shown=lambda n: _("2 (2 each)") if n == 2 else "4")

    def rows(self) -> list[Choice | None]:
        # Labels are set here, at every draw, so a change of language shows at once;
        # the letter is the board's notation (Y10, R3), so a seat names both.
        if self.count.value == 2:
            labels = ["+".join(colour_name(c) for c in pair) for pair in rules.PAIRS]
        else:
            labels = [_("{colour} ({letter})").format(colour=colour_name(c), letter=c)
                      for c in COLOURS]
        for seat, label in zip(self.seats, labels, strict=False):
            seat.label = label.replace("{", "{{").replace("}", "}}")
        return super().rows()

    def _options(self, players: list[str], chosen: dict[str, Any]) -> dict[str, Any]:
        options: dict[str, Any] = {"players": players, "star": chosen["star"]}
        house = dict(self.ctx.config.house_rules.get(KEY, {}))
        if house:
            options["house_rules"] = house
        return options


def pass_message(state: rules.State) -> str:
    """``"Green cannot jump - passes to Red (Cleo)"`` for the colours that just passed."""
    who = names_list([colour_name(c) for c in state.passed])
    nxt = state.to_move
    if nxt is None:
        return _("{who} cannot jump - nobody can.").format(who=who)
    return _("{who} cannot jump - passes to {colour} ({name})").format(
        who=who, colour=colour_name(nxt), name=rules.owner(state, nxt))


def deal_round(ctx: Context) -> None:
    """Deal layouts until somebody can open (each one logged), then show the layout."""
    state = ctx.session.state
    dead = 0
    for _deal in range(MAX_DEALS):
        shuffled = ctx.dice.shuffled(rules.deal_pool(state.star))
        state = ctx.play(rules.deal_action(state, shuffled))
        if state is None:
            return
        if state.phase == "play":
            break
        dead += 1
    if state.phase != "play":
        ctx.notice(ngettext("Nobody could open {n} layout; OK deals again.",
                            "Nobody could open {n} layouts; OK deals again.", dead)
                   .format(n=dead))
        return
    ctx.push(LayoutScreen(ctx, after_deal=True))
    if dead:
        ctx.inform(_("Nobody could open; dealt {n} times.").format(n=dead + 1))


def move_lines(labels: list[str], width: int = PANEL_CHARS) -> list[tuple[int, str]]:
    """``(jump index, text)`` lines for the panel; a long capture wraps under its move."""
    lines: list[tuple[int, str]] = []
    for i, label in enumerate(labels):
        if len(label) <= width:
            lines.append((i, label))
            continue
        move, taken = label.split(" ", 1)
        lines.append((i, move))
        while taken:
            lines.append((i, " " + taken[: width - 1]))
            taken = taken[width - 1:]
    return lines


class StonesScreen(Screen):
    """The game's main screen: deal, turn, round scores or the final result by phase."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = 0
        self._turn: tuple[Any, ...] | None = None  # the turn the cursor belongs to

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def moves(self) -> list[str]:
        """The mover's legal jumps as labels; resets the cursor when the turn changed."""
        s = self.state
        labels = rules.turn_moves(s)
        turn = (s.round, s.phase, len(s.moves), s.to_move, s.dead_deals)
        if turn != self._turn:
            self._turn, self.index = turn, 0
        self.index = min(self.index, max(0, len(labels) - 1))
        return labels

    def key_up(self) -> None:
        labels = self.moves()
        if labels:
            self.index = (self.index - 1) % len(labels)

    def key_down(self) -> None:
        labels = self.moves()
        if labels:
            self.index = (self.index + 1) % len(labels)

    def key_ok(self) -> None:
        phase = self.state.phase
        if phase in ("deal", "round_over"):
            deal_round(self.ctx)
        elif phase == "play":
            labels = self.moves()
            move = labels[self.index].split(" ")[0]
            after = self.ctx.play({"type": "jump", "move": move})
            if after is not None and after.phase == "play" and after.passed:
                self.ctx.inform(pass_message(after))

    def key_right(self) -> None:
        if self.state.board is not None:
            self.ctx.push(LayoutScreen(self.ctx))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        if s.phase == "play":
            self.render_turn(p)
        elif s.phase == "round_over":
            render_round(p, s)
        elif s.phase == "over":
            render_final(p, s)
        else:
            render_deal(p, s)

    def render_turn(self, p: Painter) -> None:
        s = self.state
        labels = self.moves()
        selected = labels[self.index].split(" ")[0] if labels else None
        dense_grid(p, s.board, move=selected)
        colour = s.to_move or ""
        p.text((PANEL_X + 1, -3), colour, "large")
        rd = _("rd{n}").format(n=s.round)  # Latin in the 4×6 font; kanji need the 8 px one
        p.text((PANEL_X + 14, 0 if needs_japanese(rd) else 1), rd,
               "small" if needs_japanese(rd) else "tiny")
        p.text((PANEL_X + 14, 9), f"{self.index + 1}/{len(labels)}", "tiny")
        p.centred(22, p.fit(rules.owner(s, colour), "small", WIDTH - PANEL_X), "small",
                  x0=PANEL_X)
        lines = move_lines(labels)
        first_line = next(n for n, (i, _) in enumerate(lines) if i == self.index)
        last_line = max(n for n, (i, _) in enumerate(lines) if i == self.index)
        rows = 4
        top = min(max(0, last_line - rows + 1), first_line)
        for n, (i, text) in enumerate(lines[top:top + rows]):
            y = 32 + n * 8
            if i == self.index:
                p.rect((PANEL_X, y - 1, WIDTH - 1, y + 6), fill=1, outline=None)
            p.text((PANEL_X + 1, y), text, "tiny", fill=0 if i == self.index else 1)


class LayoutScreen(Screen):
    """The board big enough to copy onto the table; RIGHT zooms into one row.

    UP/DOWN choose a row · LEFT/RIGHT whole board or one row · OK/BACK back.
    """

    def __init__(self, ctx: Context, *, after_deal: bool = False) -> None:
        super().__init__(ctx)
        self.row: int | None = None
        self.zoom = False
        self.after_deal = after_deal  # on leaving, say who passed before the first jump

    def key_up(self) -> None:
        self.row = 6 if self.row is None else (self.row - 1) % 7

    def key_down(self) -> None:
        self.row = 0 if self.row is None else (self.row + 1) % 7

    def key_right(self) -> None:
        self.zoom = True
        self.row = self.row or 0

    def key_left(self) -> None:
        self.zoom = False

    def key_ok(self) -> None:
        self.ctx.pop()
        s = self.ctx.session.state
        if self.after_deal and s.phase == "play" and not s.moves and s.passed:
            self.ctx.inform(pass_message(s))

    key_back = key_ok

    def key_long_back(self) -> None:
        self.ctx.undo()
        self.ctx.pop()  # the turn screen shows whatever the undo left

    def render(self, p: Painter) -> None:
        board = self.ctx.session.state.board
        if board is None:
            title_bar(p, _("Layout"))
            p.centred(26, _("no board yet"), "text")
            return
        if not self.zoom:
            full_grid(p, board, row=self.row)
            return
        row = self.row or 0
        title_bar(p, _("Row {row}  ({n}/7)").format(row=rules.ROWS[row], n=row + 1),
                  _("layout"))
        row_zoom(p, board, row)
        hint(p, _("UP/DN row  LEFT board"))


# -- screenshots ----------------------------------------------------------------------

PLAYERS_4 = {"players": ["Ann", "Ben", "Cleo", "Dan"]}


def _started(app: Any, options: dict[str, Any] = PLAYERS_4) -> None:
    from companion.ui.scenes import press

    app.start_game(KEY, dict(options))
    press(app, "OK")  # deal; the layout screen shows
    while app.message:
        press(app, "OK")


def _deal(app: Any) -> None:
    _started(app)


def _row(app: Any) -> None:
    from companion.ui.scenes import press

    _started(app)
    press(app, "DOWN", "DOWN", "RIGHT")


def _turn(app: Any) -> None:
    from companion.ui.scenes import press

    _started(app)
    press(app, "OK")  # the layout is on the table
    while len(rules.turn_moves(app.session.state)) < 3:
        press(app, "OK")  # the first jump on offer
        while app.message:
            press(app, "OK")
    app.band = None  # a pass notice has had its two seconds
    press(app, "DOWN")


def _play_round(app: Any) -> None:
    """Jump the first legal move until the round is over."""
    while app.session.state.phase == "play":
        app.play({"type": "jump", "move": rules.turn_moves(app.session.state)[0].split()[0]})
    app.message = None


def _round(app: Any) -> None:
    from companion.ui.scenes import press

    _started(app)
    press(app, "OK")
    _play_round(app)


def _pass(app: Any) -> None:
    from companion.ui.scenes import press

    _started(app)
    press(app, "OK")
    while app.band is None and app.session.state.phase == "play":
        press(app, "OK")  # jump until a colour cannot and passes (said in a band)


def _over(app: Any) -> None:
    from companion.ui.scenes import press

    app.start_game(KEY, {"players": ["Ann", "Ben"]})
    for _ in range(2):
        press(app, "OK")
        app.message = None
        press(app, "OK")
        _play_round(app)


SCREENSHOTS = {
    "four_stones-deal": _deal,
    "four_stones-row": _row,
    "four_stones-turn": _turn,
    "four_stones-pass": _pass,
    "four_stones-round": _round,
    "four_stones-over": _over,
}
