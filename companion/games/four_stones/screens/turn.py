"""The Four-Colour Stones main screen: the deal, each turn's jumps, the round's scores.

The turn screen keeps one layout for the whole round, and every field of it has a
place of its own, so a jump or a change of choice repaints only what changed (a jump
costs well under 50 ms on a 100 kHz bus): the title bar says whose turn it is — the
colour at the left edge, the player's name at a fixed column after the widest colour
word, which of their jumps is chosen (``2/5``) at the right edge; below, the chosen
jump in the rules' notation (``2d-4d``, always five characters) at the left, the
points it takes (``+3``) at the right, and between them which colours just passed
(``G pass``); under that the jump's cells big, in the order it goes, at fixed columns
(:func:`~.board.jump_strip`).

Keys: UP/DOWN choose a jump · OK jumps · RIGHT the board (a quarter at a time, the jump
marked) · BACK start menu · hold BACK takes back the last jump. Between rounds and at the
end, DOWN/UP turn the score table's page and OK deals the next round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.api.screens import (
    NC_,
    TITLE_H,
    WIDTH,
    Context,
    Painter,
    Screen,
    hint,
    needs_japanese,
    package_translator,
    playing,
    text_width,
    translator,
)
from companion.games.four_stones import rules
from companion.games.four_stones.board import piece_value
from companion.games.four_stones.screens.board import (
    INITIALS,
    STRIP_Y,
    BoardScreen,
    colour_word,
    jump_strip,
)
from companion.games.four_stones.screens.scores import render_deal, render_final, render_round

_, ngettext = translator(__name__)
#: The context of the mark between the colours in a pass note (Japanese: ・).
BETWEEN = "between the colours that passed"

#: Layouts dealt in one go before asking again (a dead deal is rare).
MAX_DEALS = 20
#: The chosen jump's line fills exactly the panel's memory pages 2 and 3 (rows 16–31).
NOTATION_Y = 16
#: Where the pass note may start (the notation is five medium characters from x=2); the
#: points end at ``POINTS_X1``.
NOTE_X0, POINTS_X1 = 44, WIDTH - 2
#: The widest points a jump can take (five 10s cannot be in one line; 88 is wider still).
WIDEST_POINTS = 88


def pass_note(state: rules.State, room: int | None = None) -> str:
    """The turn screen's short note of the colours that just passed: ``"G pass"``,
    ``"Y·G pass"`` (``"黄・緑パス"``: two colours, never 「黄緑」, the one colour
    yellow-green); ``"2 pass"`` (「2色パス」) when the initials do not fit ``room`` pixels
    of the 12 px font; ``""`` when nobody passed.

    >>> pass_note(rules.State(players=("A", "B", "C", "D"), passed=("Y", "G")))
    'Y·G pass'
    """
    if not state.passed:
        return ""
    between = package_translator(__name__).pgettext(
        BETWEEN, NC_("between the colours that passed", "·"))
    note = _("{colours} pass").format(
        colours=between.join(_(INITIALS[c]) for c in state.passed))
    if room is not None and text_width(note, "text") > room:
        note = _("{n} pass").format(n=len(state.passed))
    return note


def deal_round(ctx: Context) -> None:
    """Deal layouts until somebody can open (each one logged), then show the layout."""
    state = playing(ctx).state
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

    ctx.push(BoardScreen(ctx))  # the turn screen under it notes who passed before
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
        return playing(self.ctx).state

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
            self.ctx.play({"type": "jump", "move": moves[self.index]})  # passes: noted

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
        turn_title(p, colour, rules.owner(s, colour), f"{self.index + 1}/{len(moves)}",
                   s.players)
        move = moves[self.index]
        p.text((2, NOTATION_Y), move, "medium")
        assert s.board is not None
        taken = sum(piece_value(cell) for cell in _taken(s.board, move))
        p.right(NOTATION_Y, _("+{points}").format(points=taken), "medium", x1=POINTS_X1)
        # Beside the widest points there can be, so a jump never moves or reshapes the
        # note. 56 px: 「黄パス」, 「2色パス」; 「黄・緑パス」 (60 px) would fit beside 1-digit
        # points, but a jump that brings it and a new player costs 51 ms on the bus.
        room = POINTS_X1 - points_width() - 2 - NOTE_X0
        note = pass_note(s, room)
        if note:
            p.text((NOTE_X0, NOTATION_Y + 3), note, "text")
        keys = _("UP/DN  OK jump  > board")
        # Japanese keys are 12 px (8 px kanji are smudges): the strip rises to make room
        jump_strip(p, s.board, move, y=STRIP_Y - (5 if needs_japanese(keys) else 0))
        hint(p, keys)


def points_width() -> int:
    """The widest points text in this language, in the medium font."""
    return text_width(_("+{points}").format(points=WIDEST_POINTS), "medium")


def name_x() -> int:
    """The title bar's name column: right of the widest ``"Yellow:"`` in this language."""
    return 1 + max(text_width(_("{colour}:").format(colour=colour_word(c)), "bold")
                   for c in rules.COLOURS) + 6


def turn_title(p: Painter, colour: str, name: str, count: str,
               table: Sequence[str] = ()) -> None:
    """The turn screen's title bar (the board's too): ``Yellow:`` at the left edge, the
    player's name at :func:`name_x`, ``count`` at the right edge — each field at its own
    place, so a new turn repaints only the letters that differ."""
    p.rect((0, 0, p.width - 1, TITLE_H - 1), fill=1, outline=None)
    if colour:
        p.text((1, 0), _("{colour}:").format(colour=colour_word(colour)), "bold", fill=0)
    x = name_x()
    room = p.width - 1 - x - (text_width(count, "bold") + 6 if count else 0)
    p.text((x, 0), p.fit_name(name, "bold", room, table), "bold", fill=0)
    if count:
        p.right(0, count, "bold", x1=p.width - 1, fill=0)


def _taken(board: rules.Board, move: str) -> list[str]:
    return [board[r][c] for r, c in rules.jumped_cells(move)]
