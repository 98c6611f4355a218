"""Four-Colour Stones screens between the jumps: the deal prompt, round scores, result.

Drawn from the game state alone (see :mod:`companion.games.four_stones.screens` for the keys).
"""

from __future__ import annotations

from companion.games.four_stones import rules
from companion.games.four_stones.rules import COLOURS, PAIRS
from companion.i18n import N_, translator
from companion.ui.paint import WIDTH, Painter
from companion.ui.widgets import hint, title_bar, winner_page

_, ngettext = translator(__name__)

#: The colours by name (the rule book's 黄・緑・赤・青), translated where drawn.
COLOUR_NAMES = {"Y": N_("Yellow"), "G": N_("Green"), "R": N_("Red"), "B": N_("Blue")}


def colour_name(colour: str) -> str:
    """The name of colour ``"Y"``/``"G"``/``"R"``/``"B"`` in the language in use."""
    return _(COLOUR_NAMES[colour])


def names_list(names: list[str]) -> str:
    """``"Green, Red and Blue"``: names run together the way the language does."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])


def side_keys(state: rules.State) -> tuple[str, ...]:
    """The scoring sides in players order: colours, or the pairs ``YR``/``GB``."""
    return PAIRS if state.two_player else tuple(COLOURS)


def side_label(key: str) -> str:
    """``"Y"`` for a colour, ``"Y+R"`` for a two-player pair (the board's letters)."""
    return "+".join(key)


def render_deal(p: Painter, state: rules.State) -> None:
    """Before a round: who opens it, OK deals (again, after a layout nobody could open)."""
    title_bar(p, _("Round {n} of {rounds}").format(n=state.round, rounds=state.rounds),
              _("deal"))
    top = state.top
    p.centred(14, colour_name(top), "large")
    opens = _("opens ({name})").format(name=rules.owner(state, top))
    p.centred(40, p.fit(opens, "text", WIDTH), "text")
    if state.dead_deals:
        hint(p, _("nobody could open: OK deal again"))
    else:
        hint(p, _("OK deals the layout"))


def render_round(p: Painter, state: rules.State) -> None:
    """The round just played: board + captured (+ bonus) = round score, and the totals."""
    title_bar(p, _("Round {n}").format(n=state.round), _("round total"))
    parts = rules.round_parts(state)
    row = state.scores[-1]
    totals = state.totals
    for i, key in enumerate(side_keys(state)):
        y = 12 + i * 11
        board, took, bonus = parts[key]
        p.text((0, y + 2), side_label(key), "small")
        p.text((18, y), p.fit(state.players[i], "text", 30), "text")
        detail = f"{board}+{took}" + (f"+{bonus}" if bonus else "")
        p.text((49, y + 3), detail, "tiny")
        p.right(y, str(row[i]), "bold", x1=WIDTH - 37)
        p.right(y, str(totals[i]), "bold", x1=WIDTH - 1)
    if state.phase == "round_over":
        hint(p, _("OK deals round {n}").format(n=state.round + 1))


def render_final(p: Painter, state: rules.State) -> None:
    """The winner big, everybody's total below."""
    rounds = ngettext("{n} round", "{n} rounds", len(state.scores)).format(n=len(state.scores))
    winner_page(p, rules.result(state), rounds, _("RIGHT board  BACK menu"))
