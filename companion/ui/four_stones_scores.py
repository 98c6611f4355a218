"""Four-Colour Stones screens between the jumps: the deal prompt, round scores, result.

Drawn from the game state alone (see :mod:`companion.ui.four_stones` for the keys).
"""

from __future__ import annotations

from companion.games import four_stones as rules
from companion.games.four_stones import COLOUR_NAMES, COLOURS, PAIRS
from companion.ui.paint import WIDTH, Painter
from companion.ui.widgets import hint, title_bar


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
    result = rules.result(state)
    title_bar(p, "Game over", f"{len(state.scores)} rounds")
    lead = result.places[0]
    shown = lead[0] if len(lead) == 1 else "Tie"
    p.text((2, 13), shown[:6], "large")
    p.right(13, str(result.scores[lead[0]]), "large", x1=WIDTH - 2)
    rest = [f"{n} {result.scores[n]}" for place in result.places for n in place if n != shown]
    for i in range(0, len(rest), 2):
        p.text((2, 40 + i // 2 * 8), "  ".join(rest[i:i + 2]), "small")
    hint(p, "RIGHT board  BACK menu")
