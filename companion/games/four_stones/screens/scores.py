"""Four-Colour Stones screens between the jumps: the deal prompt, round scores, result.

Drawn from the game state alone (see :mod:`companion.games.four_stones.screens` for the keys).
"""

from __future__ import annotations

from companion.games.four_stones import rules
from companion.games.four_stones.rules import COLOUR_NAMES, COLOURS, PAIRS
from companion.ui.paint import WIDTH, Painter
from companion.ui.widgets import hint, title_bar, winner_page


def side_keys(state: rules.State) -> tuple[str, ...]:
    """The scoring sides in players order: colours, or the pairs ``YR``/``GB``."""
    return PAIRS if state.two_player else tuple(COLOURS)


def side_label(key: str) -> str:
    """``"Y"`` for a colour, ``"Y+R"`` for a two-player pair."""
    return "+".join(key)


def render_deal(p: Painter, state: rules.State) -> None:
    """Before a round: who opens it, OK deals (again, after a layout nobody could open)."""
    title_bar(p, f"Round {state.round} of {state.rounds}", "deal")
    top = state.top
    p.centred(14, COLOUR_NAMES[top], "large")
    p.centred(38, f"opens ({rules.owner(state, top)})", "text")
    if state.dead_deals:
        hint(p, "nobody could open: OK deal again")
    else:
        hint(p, "OK deals the layout")


def render_round(p: Painter, state: rules.State) -> None:
    """The round just played: board + captured (+ bonus) = round score, and the totals."""
    title_bar(p, f"Round {state.round}", "round total")
    parts = rules.round_parts(state)
    row = state.scores[-1]
    totals = state.totals
    for i, key in enumerate(side_keys(state)):
        y = 12 + i * 11
        board, took, bonus = parts[key]
        p.text((0, y + 2), side_label(key), "small")
        p.text((18, y), state.players[i][:5], "text")
        detail = f"{board}+{took}" + (f"+{bonus}" if bonus else "")
        p.text((49, y + 3), detail, "tiny")
        p.right(y, str(row[i]), "bold", x1=WIDTH - 37)
        p.right(y, str(totals[i]), "bold", x1=WIDTH - 1)
    if state.phase == "round_over":
        hint(p, f"OK deals round {state.round + 1}")


def render_final(p: Painter, state: rules.State) -> None:
    """The winner big, everybody's total below."""
    winner_page(p, rules.result(state), f"{len(state.scores)} rounds", "RIGHT board  BACK menu")
