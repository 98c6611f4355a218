"""Manpo's Four-Colour Stones: deals, legal jumps, automatic passes and round scoring.

Four players sit Yellow, Green, Red, Blue (seat order); with two players the first
plays Yellow + Red and the second Green + Blue (the two-player rule: 2 rounds, no
bonus). Each round starts from a fresh random layout, which arrives as data:

``{"type": "deal", "board": "<7 lines of 7 cells>"}``
    Lay out the next round (the text of :func:`format_board`; a list of 7 row strings
    is accepted too). It must be a legal deal (:func:`check_deal`). Draw it with
    ``deal_board(dice.shuffled(deal_pool(star)), ...)`` or :func:`deal_action`. If nobody
    can jump on it, the state stays in phase ``"deal"`` with ``dead_deals`` counted, and
    another deal is needed. Allowed in phase ``"deal"`` and ``"round_over"``.
``{"type": "jump", "move": "2d-4d"}``
    The colour to move plays one of :func:`turn_moves`. The turn then goes to the
    captured colour; colours that cannot jump pass on their own (``state.passed``),
    and when nobody can jump the round is scored (phase ``"round_over"``, or
    ``"over"`` after the last round).

>>> state = new_game({"players": ["Ann", "Bob", "Cy", "Di"]})
>>> state = step(state, {"type": "deal", "board": EXAMPLE_TEXT})
>>> state.to_move, turn_moves(state)
('Y', ['2d-4d ×R1'])
>>> state = step(state, {"type": "jump", "move": "2d-4d"})
>>> state.to_move, state.captured[0]
('R', ('R1',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.api.rules import (
    Result,
    RuleError,
    check_house_rules,
    house_rule,
    players_from,
    ranked_by_totals,
    require,
)
from companion.games.four_stones import GAME
from companion.games.four_stones.board import (
    COLOUR_NAMES,
    COLOURS,
    EMPTY,
    EXAMPLE_TEXT,
    ROWS,
    TOTAL_VALUE,
    Board,
    board_value,
    cell_name,
    check_deal,
    deal_board,
    deal_pool,
    describe_move,
    format_board,
    jumped_cells,
    legal_moves,
    move_cells,
    next_to_move,
    parse_board,
    piece_colour,
    piece_value,
    play,
)
from companion.games.four_stones.house_rules import HOUSE_RULES

__all__ = [
    "COLOURS", "COLOUR_NAMES", "EMPTY", "EXAMPLE_TEXT", "ROWS", "TOTAL_VALUE", "Board", "State",
    "board_value", "cell_name", "check_deal", "deal_action",
    "deal_board", "deal_pool", "describe_move", "format_board", "jumped_cells", "legal_moves",
    "move_cells", "next_to_move", "owner", "parse_board", "piece_colour", "piece_value",
    "play", "round_parts", "round_scores", "score_parts", "turn_moves", "new_game", "step",
    "is_over", "result", "round_of", "player_of",
]

PAIRS = ("YR", "GB")  # the two-player rule's sides




def score_parts(
    board: Board,
    captured: Mapping[str, Sequence[int]],
    two_player: bool = False,
    *,
    four_tie_bonus: int = 0,
) -> dict[str, tuple[int, int, int]]:
    """``(on board, captured, bonus)`` points per colour (or per pair ``YR``/``GB``)."""
    for colour in captured:
        require(colour in tuple(COLOURS), "captures are kept per colour Y/G/R/B, not {colour!r}.",
                colour=colour)
    own = {c: 0 for c in COLOURS}
    for row in board:
        for cell in row:
            if cell != EMPTY:
                own[piece_colour(cell)] += piece_value(cell)
    took = {c: sum(captured.get(c, ())) for c in COLOURS}
    if two_player:
        return {p: (own[p[0]] + own[p[1]], took[p[0]] + took[p[1]], 0) for p in PAIRS}
    sums = {c: own[c] + took[c] for c in COLOURS}
    best = max(sums.values())
    leaders = [c for c in COLOURS if sums[c] == best]
    bonus = {1: 5, 2: 2, 3: 0, 4: four_tie_bonus}[len(leaders)]
    return {c: (own[c], took[c], bonus if c in leaders else 0) for c in COLOURS}


def round_scores(
    board: Board,
    captured: Mapping[str, Sequence[int]],
    two_player: bool = False,
    *,
    four_tie_bonus: int = 0,
) -> dict[str, int]:
    """A round's score per colour: own pieces on the board + captured values + bonus.

    The first-place bonus is +5 for a sole leader, +2 each for two, nothing for three
    (and ``four_tie_bonus`` each for four). With ``two_player`` the keys are ``"YR"`` and
    ``"GB"``, each the sum of its two colours, with no bonus.

    >>> round_scores(parse_board(EXAMPLE_TEXT), {})
    {'Y': 42, 'G': 42, 'R': 42, 'B': 42}
    """
    parts = score_parts(board, captured, two_player, four_tie_bonus=four_tie_bonus)
    return {key: sum(p) for key, p in parts.items()}


@dataclass(frozen=True)
class State:
    """One game. Colours are letters ``Y G R B``; ``captured`` and per-round score rows
    follow seat order (``COLOURS``) and ``players`` order respectively.

    ``phase`` is ``"deal"`` (waiting for a layout), ``"play"``, ``"round_over"`` (the
    round's scores are in ``scores[-1]``; a deal starts the next round) or ``"over"``.
    """

    players: tuple[str, ...]
    star: bool = False
    corners: str = "YGRB"
    openers: str = COLOURS  # the colour opening each round
    four_tie_bonus: int = 0
    round: int = 1
    phase: str = "deal"
    board: Board | None = None
    to_move: str | None = None
    passed: tuple[str, ...] = ()  # colours that just passed, in order, before to_move
    captured: tuple[tuple[str, ...], ...] = ((), (), (), ())  # pieces taken per colour
    moves: tuple[str, ...] = ()  # this round's jumps, e.g. "2d-4d ×R1"
    dead_deals: int = 0  # layouts this round on which nobody could jump
    scores: tuple[tuple[int, ...], ...] = ()  # finished rounds, one score per player

    @property
    def two_player(self) -> bool:
        return len(self.players) == 2

    @property
    def rounds(self) -> int:
        """How many rounds the game has."""
        return len(self.openers)

    @property
    def top(self) -> str:
        """The colour that opens the current round."""
        return self.openers[self.round - 1]

    @property
    def totals(self) -> tuple[int, ...]:
        """Running total per player over the finished rounds."""
        return tuple(sum(col) for col in zip(*self.scores, strict=True)) if self.scores else (
            (0,) * len(self.players)
        )

    @property
    def last_move(self) -> str | None:
        return self.moves[-1] if self.moves else None


def owner(state: State, colour: str) -> str:
    """The name of the player who plays ``colour``."""
    if state.two_player:
        return state.players[0 if colour in PAIRS[0] else 1]
    return state.players[COLOURS.index(colour)]


def turn_moves(state: State) -> list[str]:
    """The legal jumps of the colour to move, as ``"2d-4d ×R1"`` (empty when not playing)."""
    if state.phase != "play" or state.board is None or state.to_move is None:
        return []
    return [describe_move(state.board, m) for m in legal_moves(state.board, state.to_move)]


def new_game(options: Mapping[str, Any]) -> State:
    """Start a game for 4 players, or 2 with the two-player rule.

    Options: ``"players"`` (2 or 4 names, seat order), ``"star"`` (advanced setup:
    the star marker is dealt with the 1s; default ``False``) and ``"house_rules"``.
    """
    players = players_from(options, GAME.min_players, GAME.max_players)
    require(
        len(players) != 3,
        "Four-Colour Stones takes 4 players, or 2 with the two-player rule, not 3.",
    )
    star = options.get("star", False)
    require(isinstance(star, bool), "the star option is true or false, not {star!r}.", star=star)
    check_house_rules(options.get("house_rules") or {}, HOUSE_RULES)
    return State(
        players=players,
        star=star,
        corners=house_rule(options, HOUSE_RULES, "corners"),
        openers=house_rule(options, HOUSE_RULES, "two_player_openers")
        if len(players) == 2 else COLOURS,
        four_tie_bonus=house_rule(options, HOUSE_RULES, "four_tie_bonus"),
    )


def deal_action(state: State, shuffled: Sequence[str]) -> dict[str, Any]:
    """The ``deal`` action for a shuffled :func:`deal_pool` under this game's options."""
    board = deal_board(shuffled, corners=state.corners, star=state.star)
    return {"type": "deal", "board": format_board(board)}


def _board_from(action: Mapping[str, Any]) -> Board:
    raw = action.get("board")
    if isinstance(raw, list) and all(isinstance(line, str) for line in raw):
        raw = "\n".join(raw)
    if not isinstance(raw, str):
        raise RuleError("a deal carries the board as text: 7 lines of 7 cells.")
    return parse_board(raw)


def _deal(state: State, action: Mapping[str, Any]) -> State:
    require(
        state.phase in ("deal", "round_over"),
        "the round is still being played; deal when it is over.",
    )
    board = check_deal(_board_from(action), corners=state.corners, star=state.star)
    if state.phase == "round_over":
        state = replace(state, round=state.round + 1, dead_deals=0)
    mover = next_to_move(board, state.top)
    fresh = replace(state, board=board, captured=((),) * 4, moves=())
    if mover is None:
        return replace(
            fresh, phase="deal", to_move=None, passed=_passers(state.top, None),
            dead_deals=state.dead_deals + 1,
        )
    return replace(fresh, phase="play", to_move=mover, passed=_passers(state.top, mover))


def _passers(due: str, mover: str | None) -> tuple[str, ...]:
    start = COLOURS.index(due)
    order = [COLOURS[(start + i) % 4] for i in range(4)]
    return tuple(order if mover is None else order[: order.index(mover)])


def _jump(state: State, action: Mapping[str, Any]) -> State:
    require(state.phase == "play", "there is no board to jump on yet; deal the round first.")
    assert state.board is not None and state.to_move is not None
    move = action.get("move")
    if not isinstance(move, str):
        raise RuleError("a jump names its move as text, like '2d-4d'.")
    move_cells(move)  # a malformed move gets its own message
    mover = state.to_move
    moves = legal_moves(state.board, mover)
    if move not in moves:
        raise RuleError("{move} is not a legal jump for {colour}; legal: {allowed}.",
                        move=move, colour=COLOUR_NAMES[mover], letter=mover,
                        allowed=", ".join(moves))
    label = describe_move(state.board, move)
    board, taken = play(state.board, move)
    i = COLOURS.index(mover)
    captured = state.captured[:i] + (state.captured[i] + tuple(taken),) + state.captured[i + 1:]
    due = piece_colour(taken[0])
    nxt = next_to_move(board, due)
    state = replace(
        state, board=board, captured=captured, moves=state.moves + (label,),
        to_move=nxt, passed=_passers(due, nxt),
    )
    return state if nxt is not None else _end_round(state)


def round_parts(state: State) -> dict[str, tuple[int, int, int]]:
    """``(on board, captured, bonus)`` per colour (or pair) for the round on the board.

    Keys follow :func:`score_parts`; empty before the first deal. The round-end screen
    shows these next to ``state.scores[-1]`` and ``state.totals``.
    """
    if state.board is None:
        return {}
    captured = {c: [piece_value(p) for p in state.captured[i]] for i, c in enumerate(COLOURS)}
    return score_parts(
        state.board, captured, state.two_player, four_tie_bonus=state.four_tie_bonus
    )


def _end_round(state: State) -> State:
    by_key = {key: sum(parts) for key, parts in round_parts(state).items()}
    row = tuple(by_key[k] for k in (PAIRS if state.two_player else COLOURS))
    phase = "over" if state.round == state.rounds else "round_over"
    return replace(state, phase=phase, scores=state.scores + (row,))


def step(state: State, action: Mapping[str, Any]) -> State:
    """Apply one action (``deal`` or ``jump``, see the module docstring)."""
    kind = action.get("type")
    require(state.phase != "over", "the game is over; start a new one to play again.")
    if kind == "deal":
        return _deal(state, action)
    if kind == "jump":
        return _jump(state, action)
    raise RuleError("Four-Colour Stones knows the actions 'deal' and 'jump', not {kind!r}.",
                    kind=kind)


def is_over(state: State) -> bool:
    return state.phase == "over"


def player_of(state: State, action: Mapping[str, Any]) -> str | None:
    """Whose ``action`` is, from ``state`` before it: a jump is the player of the colour
    to move (the undo band names them); a layout is nobody's."""
    if action.get("type") != "jump" or state.to_move is None:
        return None
    return owner(state, state.to_move)


def round_of(state: State) -> int:
    """The round being played (undo asks before it takes a round back)."""
    return state.round


def result(state: State) -> Result:
    """Places by total over the rounds played (players sharing a total share a place)."""
    return ranked_by_totals(state.players, state.totals, len(state.scores))
