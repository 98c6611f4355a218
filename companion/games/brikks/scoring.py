"""Brikks scoring: the final score and its parts, energy prices, block drawings, the end.

Pure helpers used by :mod:`companion.games.brikks.rules`, which re-exports the public ones: the
value checks, the sheet's points (rows, bonus track, bombs, energy), the duel tie-break,
the solo rating, the energy a rotation costs, the block drawings, the start values of the
final-score entry (:func:`prefill`) and the end of a game (:func:`is_over`,
:func:`entry_score`, :func:`result`). The printed numbers are in
:mod:`companion.games.brikks.data`.

>>> final_score([10, 10, 10, 10, 10, 9, 9, 10, 0, 9, 0], 6, 1, 2)
73
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.base import Result, RuleError, Said, listed, ranked, require, said, said_n
from companion.games.brikks import data as D
from companion.games.brikks.state import State

#: Sentences older logs hold, kept in the catalogue so their results still read in the
#: language in use (their words were vague: the points of the full rows decide).
LOGGED_BEFORE = (said("both out on one turn: full rows decide"),)


def _int(value: Any, low: int, high: int | None, what: str) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if ok and value >= low and (high is None or value <= high):
        return value
    if high is None:
        raise RuleError("{what} must be a whole number of {low} or more, not {value}.",
                        what=what, low=low, value=repr(value))
    raise RuleError("{what} must be a whole number from {low} to {high}, not {value}.",
                    what=what, low=low, high=high, value=repr(value))


def _colour(value: Any) -> str:
    require(value in D.COLOURS, "the colour is one of {colours}, not {value}.",
            colours=", ".join(D.COLOURS), value=repr(value))
    return value


def _rows(rows: Any) -> tuple[int, ...]:
    require(isinstance(rows, Sequence) and not isinstance(rows, str) and len(rows) == D.ROWS,
            "rows must list the marks of all {rows} rows, bottom first.", rows=D.ROWS)
    return tuple(_int(r, 0, D.CELLS_PER_ROW, f"row {i}") for i, r in enumerate(rows, 1))


# --- scoring and prices (the API the screens and tests share) ------------------------

def row_points(marks: int, row: int) -> int:
    """Points of row ``row`` (1 = bottom) holding ``marks`` marks, multiplier included.

    >>> row_points(10, 11), row_points(9, 6), row_points(7, 1)
    (20, 4, 0)
    """
    row = _int(row, 1, D.ROWS, "the row")
    marks = _int(marks, 0, D.CELLS_PER_ROW, "a row's marks")
    return D.ROW_POINTS.get(marks, 0) * D.ROW_MULTIPLIERS[row - 1]


def bonus_points(marks: int) -> int:
    """The bonus track's score for ``marks`` marks: the first unmarked box.

    Marks past the 14th lapse (see :data:`~companion.games.brikks.data.BONUS_TRACK`).

    >>> bonus_points(6), bonus_points(13), bonus_points(14), bonus_points(15)
    (21, 70, 75, 75)
    """
    marks = _int(marks, 0, None, "bonus marks")
    return D.BONUS_TRACK[min(marks, D.BONUS_MARKS_COUNTED)]


def bomb_points(bombs_left: int) -> int:
    """Points of the unused bombs (0–3 left).

    >>> bomb_points(1), bomb_points(3)
    (4, 7)
    """
    return D.BOMB_POINTS[_int(bombs_left, 0, D.BOMBS, "bombs left")]


def energy_points(energy_left: int) -> int:
    """One point per two unused energy, rounded down."""
    return _int(energy_left, 0, D.ENERGY_CIRCLES, "energy left") // 2


def breakdown(
    rows: Sequence[int], bonus_marks: int, bombs_left: int, energy_left: int
) -> dict[str, int]:
    """The final score in parts: ``rows``, ``bonus``, ``bombs``, ``energy`` and ``total``."""
    marks = _rows(rows)
    parts = {
        "rows": sum(row_points(m, i) for i, m in enumerate(marks, 1)),
        "bonus": bonus_points(bonus_marks),
        "bombs": bomb_points(bombs_left),
        "energy": energy_points(energy_left),
    }
    parts["total"] = sum(parts.values())
    return parts


def final_score(rows: Sequence[int], bonus_marks: int, bombs_left: int, energy_left: int) -> int:
    """A player's final score from what their sheet shows.

    ``rows``: marks per row, 11 ints from 0 to 10, bottom row first.

    The rules' worked example: row points 5+5+5+5+5+4+4+10+0+4+0 = 47 come from these
    marks; 6 bonus marks show 21; one bomb left 4; two energy 1.

    >>> final_score([10, 10, 10, 10, 10, 9, 9, 10, 0, 9, 0], 6, 1, 2)
    73
    """
    return breakdown(rows, bonus_marks, bombs_left, energy_left)["total"]


def duel_score(rows: Sequence[int]) -> int:
    """Duel tie-break when both fall on one turn: points of the completely filled rows only."""
    return sum(row_points(m, i) for i, m in enumerate(_rows(rows), 1) if m == D.CELLS_PER_ROW)


def rotation_cost(from_column: int, to_column: int) -> int:
    """Energy to turn the block from one column to another: the steps around the ring 1–2–3–4–1.

    >>> rotation_cost(1, 4), rotation_cost(1, 3), rotation_cost(2, 2)
    (1, 2, 0)
    """
    a = _int(from_column, 1, D.COLUMNS, "a column")
    b = _int(to_column, 1, D.COLUMNS, "a column")
    gap = abs(a - b)
    return min(gap, D.COLUMNS - gap)


def solo_band(score: int) -> tuple[int, int | None, str]:
    """The solo rating band for ``score``: ``(low, high, phrase)``, ``high`` ``None`` for
    the open top band (the phrase is English; the screens translate it).

    >>> solo_band(73), solo_band(200)[1]
    ((70, 79, 'Nicely done.'), None)
    """
    score = _int(score, 0, None, "a score")
    upper = None
    for low, phrase in D.SOLO_BANDS:
        if score >= low:
            return low, upper, phrase
        upper = low - 1
    raise AssertionError("the lowest band starts at 0")  # pragma: no cover


def solo_rating(score: int) -> str:
    """The solo rating band for ``score``, as ``"130–150: phrase"``.

    >>> solo_rating(73)
    '70–79: Nicely done.'
    """
    low, upper, phrase = solo_band(score)
    if upper is None:
        return f"over {low - 1}: {phrase}"
    return f"{low}–{upper}: {phrase}" if low else f"under {upper + 1}: {phrase}"


def solo_note(score: int) -> Said:
    """What a solo game of ``score`` earns, its band and phrase, to be shown in any
    language (the records' *Best solo* line, from the score alone).

    >>> solo_note(73).english(), solo_note(200).english()
    ('70–79: Nicely done.', 'over 150: Brikks master 2000!')
    """
    low, upper, phrase = solo_band(score)
    if upper is None:
        return said("over {top}: {phrase}", words=("phrase",), top=low - 1, phrase=phrase)
    if not low:
        return said("under {bottom}: {phrase}", words=("phrase",), bottom=upper + 1,
                    phrase=phrase)
    return said("{low}–{high}: {phrase}", words=("phrase",), low=low, high=upper,
                phrase=phrase)


def block_cells(colour: str, column: int) -> frozenset[tuple[int, int]]:
    """The cells of a block as drawn on the falling-block sheet.

    Cells are ``(x, y)``: x across from the left, y down from the top, both from 0.

    >>> sorted(block_cells("white", 1))
    [(0, 1), (1, 0), (1, 1), (2, 1)]
    """
    drawing = D.BLOCKS[_colour(colour)][_int(column, 1, D.COLUMNS, "the column") - 1]
    return frozenset(
        (x, y) for y, line in enumerate(drawing) for x, c in enumerate(line) if c == "#"
    )


def prefill(state: State, player: int) -> dict[str, Any]:
    """Start values for ``player``'s final-score entry: what the box's tracker shows for
    them (its starting values when nobody opened it: 3 bombs, the starting energy), so
    nobody is scored on a silent zero. ``tracked`` is False when those values were never
    confirmed at the table; the score screen then asks for each before it totals."""
    t = state.trackers[player]
    return {"rows": [0] * D.ROWS, "tracked": t.used, "bonus_marks": t.bonus_marks,
            "bombs_left": t.bombs_left, "energy_left": t.energy}


# --- end -----------------------------------------------------------------------------

def is_over(state: State) -> bool:
    return state.phase == "over"


def entry_score(state: State, seat: int) -> int:
    """The score of ``seat``'s entered sheet (duel: full rows only)."""
    e = state.entries[seat]
    require(e is not None, "{name} has not entered a score yet.", name=state.players[seat])
    return duel_score(e.rows) if state.duel else final_score(e.rows, e.bonus_marks, e.bombs_left,
                                                              e.energy_left)


def result(state: State) -> Result:
    """Places best first, scores and a one-line detail (rating band, duel decision, tie)."""
    require(is_over(state), "the game is not over yet.")
    names = state.players
    if state.survivor is not None:
        winner, loser = names[state.survivor], names[1 - state.survivor]
        return Result(places=((winner,), (loser,)), scores=dict.fromkeys(names),
                      detail=said("{loser} is out: {winner} is the last one standing.",
                                  loser=loser, winner=winner))
    scores = {n: entry_score(state, i) for i, n in enumerate(names)}
    places = ranked(scores, names)
    shared = len(places[0]) > 1
    if state.solo:
        low, upper, phrase = solo_band(scores[names[0]])
        parts = [said_n("{n} point, {band}: {phrase}", "{n} points, {band}: {phrase}",
                        scores[names[0]], words=("phrase",), phrase=phrase,
                        band=f"{low}–{upper}" if low and upper is not None else "")]
        if upper is None:
            parts = [said_n("{n} point, over {top}: {phrase}", "{n} points, over {top}: {phrase}",
                            scores[names[0]], words=("phrase",), phrase=phrase, top=low - 1)]
        elif not low:
            parts = [said_n("{n} point, under {bottom}: {phrase}",
                            "{n} points, under {bottom}: {phrase}", scores[names[0]],
                            words=("phrase",), phrase=phrase, bottom=upper + 1)]
    elif state.duel:
        parts = [said("both out on one turn: the points of full rows decide")]
    else:
        best = places[0]
        who, top = listed(best, " & ", " & "), scores[best[0]]
        parts = [said("{who} win with {score}", who=who, score=top) if shared
                 else said("{who} wins with {score}", who=who, score=top)]
    if shared:
        parts.append(said("(a shared first place)"))
    detail = tuple(parts)
    return Result(places=places, scores=scores, detail=detail)
