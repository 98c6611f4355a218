"""The Four-Colour Stones main screen: the deal, each turn's jumps, the round's scores.

The turn screen keeps one layout for the whole round, so a jump or a change of choice
repaints only what changed: the title bar says whose turn it is (colour and player) and
which of their jumps is chosen (``2/5``); below, the chosen jump in the rules' notation
(``2d-4d``) with the points it takes (``+3``), and the jump's cells big, in the order it
goes (:func:`~.board.jump_strip`).

Keys: UP/DOWN choose a jump · OK jumps · RIGHT the board (a quarter at a time, the jump
marked) · BACK start menu · hold BACK takes back the last jump. Between rounds and at the
end, DOWN/UP turn the score table's page and OK deals the next round.
"""

from __future__ import annotations

from typing import Any

from companion.games.four_stones import rules
from companion.games.four_stones.board import piece_value
from companion.games.four_stones.screens.board import (
    STRIP_Y,
    BoardScreen,
    colour_word,
    jump_strip,
)
from companion.games.four_stones.screens.scores import render_deal, render_final, render_round
from companion.i18n import translator
from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar

_, ngettext = translator(__name__)

#: Layouts dealt in one go before asking again (a dead deal is rare).
MAX_DEALS = 20
#: The chosen jump's line fills exactly the panel's memory pages 2 and 3 (rows 16–31).
NOTATION_Y = 16


def pass_message(state: rules.State) -> str:
    """``"Green cannot jump: Red (Cleo) to move"`` for the colours that just passed."""
    names = [colour_word(c) for c in state.passed]
    who = names[0] if len(names) == 1 else _("{some} and {last}").format(
        some=_(", ").join(names[:-1]), last=names[-1])
    nxt = state.to_move
    if nxt is None:
        return _("{who} cannot jump").format(who=who)
    return _("{who} cannot jump - passes to {colour} ({name})").format(
        who=who, colour=colour_word(nxt), name=rules.owner(state, nxt))


def deal_round(ctx: Context) -> None:
    """Deal layouts until somebody can open (each one logged), then show the layout."""
    state = ctx.session.state
    dead = 0
    for _try in range(MAX_DEALS):
        shuffled = ctx.dice.shuffled(rules.deal_pool(state.star))
        state = ctx.play(rules.deal_action(state, shuffled))
        if state is None:
            return
        if state.phase == "play":
            break
        dead += 1
    if state.phase != "play":
        ctx.notice(ngettext("Nobody could open {n} layout; OK deals again.",
                            "Nobody could open {n} layouts; OK deals again.", dead).format(n=dead))
        return

    def passes_before_the_first_jump() -> None:
        s = ctx.session.state
        if s.phase == "play" and not s.moves and s.passed:
            ctx.inform(pass_message(s))

    ctx.push(BoardScreen(ctx, on_close=passes_before_the_first_jump))
    if dead:
        ctx.inform(ngettext("Nobody could open; dealt {n} time.",
                            "Nobody could open; dealt {n} times.", dead + 1).format(n=dead + 1))


class StonesScreen(Screen):
    """The game's main screen: deal, turn, round scores or the final result by phase."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.index = 0
        self.page = 0  # the score table's page
        self._turn: tuple[Any, ...] | None = None  # the turn the cursor belongs to

    @property
    def state(self) -> rules.State:
        return self.ctx.session.state

    def moves(self) -> list[str]:
        """The mover's legal jumps (``"2d-4d"``); resets the cursor when the turn changed."""
        s = self.state
        moves = [label.split(" ")[0] for label in rules.turn_moves(s)]
        turn = (s.round, s.phase, len(s.moves), s.to_move, s.dead_deals)
        if turn != self._turn:
            self._turn, self.index, self.page = turn, 0, 0
        self.index = min(self.index, max(0, len(moves) - 1))
        return moves

    def key_up(self) -> None:
        moves = self.moves()
        if moves:
            self.index = (self.index - 1) % len(moves)
        else:
            self.page = 0

    def key_down(self) -> None:
        moves = self.moves()
        if moves:
            self.index = (self.index + 1) % len(moves)
        elif self.state.phase in ("round_over", "over"):
            self.page = 1

    def key_ok(self) -> None:
        phase = self.state.phase
        if phase in ("deal", "round_over"):
            deal_round(self.ctx)
        elif phase == "play":
            moves = self.moves()
            after = self.ctx.play({"type": "jump", "move": moves[self.index]})
            if after is not None and after.phase == "play" and after.passed:
                self.ctx.inform(pass_message(after))

    def key_right(self) -> None:
        if self.state.board is not None:
            moves = self.moves()
            self.ctx.push(BoardScreen(self.ctx, move=moves[self.index] if moves else None))

    def key_back(self) -> None:
        self.ctx.home()

    def render(self, p: Painter) -> None:
        s = self.state
        self.moves()  # a new turn or round starts on its first jump and first page
        if s.phase == "play":
            self.render_turn(p)
        elif s.phase == "round_over":
            render_round(p, s, self.page)
        elif s.phase == "over":
            render_final(p, s, self.page)
        else:
            render_deal(p, s)

    def render_turn(self, p: Painter) -> None:
        s = self.state
        moves = self.moves()
        colour = s.to_move or ""
        who = _("{colour}: {name}").format(colour=colour_word(colour),
                                           name=rules.owner(s, colour))
        count = f"{self.index + 1}/{len(moves)}"
        title_bar(p, who, count)
        move = moves[self.index]
        p.text((2, NOTATION_Y), move, "medium")
        assert s.board is not None
        taken = sum(piece_value(cell) for cell in _taken(s.board, move))
        p.right(NOTATION_Y, _("+{points}").format(points=taken), "medium", x1=WIDTH - 2)
        jump_strip(p, s.board, move, y=STRIP_Y)
        hint(p, _("UP/DN  OK jump  > board"))


def _taken(board: rules.Board, move: str) -> list[str]:
    return [board[r][c] for r, c in rules.jumped_cells(move)]
