"""Four-Colour Stones between the jumps: who opens the round, round scores, standings.

Drawn from the game state alone (the keys are in :mod:`.turn`). Every name and figure
is in the 12 px font; the round table has two pages on the same rows (DOWN/UP): the
round and the running totals, or how the round's score came about (pieces left on the
board + pieces taken + the first-place bonus).
"""

from __future__ import annotations

from companion.api.screens import (
    WIDTH,
    Painter,
    hint,
    needs_japanese,
    numbered,
    text_width,
    title_bar,
    translator,
)
from companion.games.four_stones import rules
from companion.games.four_stones.rules import COLOURS, PAIRS
from companion.games.four_stones.screens.board import INITIALS, colour_word

_, ngettext = translator(__name__)

#: The table's rows: one per player, 11 px apart under the title bar.
ROW_TOP, ROW_PITCH = 12, 11
#: The rows where the labels are kanji: 12 px type, a blank pixel row apart.
KANJI_TOP, KANJI_PITCH = 13, 13
#: Right edges of the figure columns (the breakdown's is further right), and of the names.
MID_X, HOW_X, RIGHT_X, NAME_END = WIDTH - 37, WIDTH - 24, WIDTH - 1, 60


def side_keys(state: rules.State) -> tuple[str, ...]:
    """The scoring sides in players order: colours, or the pairs ``YR``/``GB``."""
    return PAIRS if state.two_player else tuple(COLOURS)


def side_label(key: str) -> str:
    """``"Y"`` (``"黄"``) for a colour, ``"Y+R"`` (``"黄+赤"``) for a two-player pair."""
    return "+".join(_(INITIALS[c]) for c in key)


def render_deal(p: Painter, state: rules.State) -> None:
    """Before a round: who opens it; OK deals (again, after a layout nobody could open)."""
    title_bar(p, _("Round {n}/{of}").format(n=state.round, of=state.rounds))
    top = state.top
    p.centred(14, colour_word(top), "large")
    opens = _("{name} opens").format(name=rules.owner(state, top))
    # y 39: the row under it stays free for the 12 px key help in Japanese (issue 41)
    p.centred(39, p.fit_lines([opens], state.players, "text", p.width)[0], "text")
    if state.dead_deals:
        hint(p, _("no jump: OK deals again"))
    else:
        hint(p, _("OK deals the layout"))


def row_y(row: int) -> int:
    """The top of table row ``row``: 11 px apart, or 13 where the labels are kanji
    (黄緑赤青 in 12 px, a blank pixel row between them; in 8 px they were smudges)."""
    return KANJI_TOP + row * KANJI_PITCH if kanji() else ROW_TOP + row * ROW_PITCH


def kanji() -> bool:
    """True where the colours' initials are kanji (Japanese)."""
    return needs_japanese(_(INITIALS["Y"]))


def _hint(p: Painter, state: rules.State, text: str) -> None:
    """The key help, where the rows leave it room (four rows of kanji fill the screen:
    then OK goes on and DOWN turns the page without it, as on the round before)."""
    if not kanji() or row_y(len(state.players)) <= p.height - 12:
        hint(p, text)


def _names(p: Painter, state: rules.State, order: list[int], labels: list[str],
           name_end: int = NAME_END) -> None:
    """The label (colour or place) and the name of each row, in ``order``: the labels in
    the 12 px font where they are one Latin character or kanji (rows then 13 px apart),
    else small (a two-player pair). The names use the row up to ``name_end`` (the left
    of the figures), one form for all (「さくら」「健一」 for the 佐々木, issue 41)."""
    font = ("text" if all(text_width(label, "text") <= 12 for label in labels) or kanji()
            else "small")
    x = max(text_width(label, font) for label in labels) + 3
    for row, (i, label) in enumerate(zip(order, labels, strict=True)):
        y = row_y(row)
        p.text((0, y + (0 if font == "text" else 3)), label, font)
        p.text((x, y), p.fit_name(state.players[i], "text", name_end - x, state.players),
               "text")


def _figures_left(right: int, figures: list[str], font: str) -> int:
    """Where a name must end left of ``figures`` drawn right-aligned at ``right``."""
    return right - max(text_width(f, font) for f in figures) - 4


def _breakdown(p: Painter, state: rules.State, order: list[int]) -> None:
    """Per row: left on the board + taken (+ bonus), and the round's score."""
    parts = rules.round_parts(state)
    keys = side_keys(state)
    for row, i in enumerate(order):
        y = row_y(row)
        p.right(y, _detail(*parts[keys[i]]), "text", x1=HOW_X)
        p.right(y, str(state.scores[-1][i]), "bold", x1=RIGHT_X)


def _detail(board: int, took: int, bonus: int) -> str:
    """A row's breakdown: left on the board + taken (+ the bonus)."""
    return f"{board}+{took}" + (f"+{bonus}" if bonus else "")


def render_round(p: Painter, state: rules.State, page: int = 0) -> None:
    """The round just played: its score and the running total per player (page 0), or
    left on the board + taken (+ bonus) = the round's score (page 1)."""
    n = len(state.scores)
    order = list(range(len(state.players)))
    if page == 0:
        title_bar(p, _("Round {n}").format(n=n), _("round  total"))
    else:
        title_bar(p, _("Round {n}").format(n=n))
    labels = [side_label(k) for k in side_keys(state)]
    if page == 0:
        end = _figures_left(MID_X, [str(v) for v in state.scores[-1]], "bold")
    else:
        parts = rules.round_parts(state)
        end = min(_figures_left(HOW_X, [_detail(*parts[k]) for k in side_keys(state)], "text"),
                  _figures_left(RIGHT_X, [str(v) for v in state.scores[-1]], "bold"))
    _names(p, state, order, labels, end)
    if page == 0:
        for row, i in enumerate(order):
            y = row_y(row)
            p.right(y, str(state.scores[-1][i]), "bold", x1=MID_X)
            p.right(y, str(state.totals[i]), "bold", x1=RIGHT_X)
        _hint(p, state, _("OK round {n}  DOWN points").format(n=n + 1))
    else:
        _breakdown(p, state, order)
        _hint(p, state, _("on board + taken + bonus"))


def render_final(p: Painter, state: rules.State, page: int = 0) -> None:
    """The standings, best first, with their places (page 0); page 1 is the last
    round's breakdown, as after any round."""
    if page == 1:
        render_round(p, state, 1)
        return
    result = rules.result(state)
    order, labels = [], []
    keys = side_keys(state)
    for place, name in numbered(result.places):
        order.append(state.players.index(name))
        labels.append(f"{place} {side_label(keys[order[-1]])}")  # 「1 黄」: whose stones
    n = len(state.scores)
    title_bar(p, _("Game over"), ngettext("{n} round", "{n} rounds", n).format(n=n))
    _names(p, state, order, labels,
           _figures_left(RIGHT_X, [str(t) for t in state.totals], "bold"))
    for row, i in enumerate(order):
        p.right(row_y(row), str(state.totals[i]), "bold", x1=RIGHT_X)
    _hint(p, state, _("DOWN last round  > board"))
