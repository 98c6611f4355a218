"""Area Tiles scoring: the points of an area, the bonuses and the final score table.

Pure helpers used by :mod:`companion.games.area_tiles.rules`, which re-exports the public ones:
the size bands (:func:`area_points`), the three bonuses, one player's row of the table
(:class:`Line`), the worked-out scoring (:class:`Score`, also called ``Result``) and
:func:`score`, which ranks the players (total, then fewer areas).

>>> s = score({"Ann": [10, 5], "Bob": [13]}, symbol_areas=["Ann"])
>>> dict(s.totals), s.winners
({'Ann': 13, 'Bob': 3}, ['Ann'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from companion.api.rules import RuleError, Said, listed, ranked, require, said

MIN_BLOCKS = 4
BONUS = 3
#: (lowest, highest, points) for each size band; ``None``: no upper end.
BANDS = ((4, 6, 1), (7, 9, 3), (10, 10, 6), (11, 11, 3), (12, 12, 1), (13, None, 0))


def area_points(blocks: object) -> int:
    """The points one area of ``blocks`` connected blocks is worth (4+ blocks).

    Raises :class:`RuleError` (a :class:`ValueError`) below 4: that is not an area.

    >>> [area_points(n) for n in (4, 7, 10, 11, 12, 13)]
    [1, 3, 6, 3, 1, 0]
    """
    if not isinstance(blocks, int) or isinstance(blocks, bool):
        raise RuleError("an area's size is a whole number of blocks, not {blocks!r}.",
                        blocks=blocks)
    require(
        blocks >= MIN_BLOCKS,
        "an area has at least {least} connected blocks; {blocks} is not an area.",
        least=MIN_BLOCKS, blocks=blocks,
    )
    return next(points for _, high, points in BANDS if high is None or blocks <= high)


@dataclass(frozen=True)
class Line:
    """One player's row of the score table."""

    player: str
    areas: int
    area_points: int
    largest_bonus: int
    most_bonus: int
    symbol_bonus: int

    @property
    def total(self) -> int:
        """Area points plus all three bonuses."""
        return self.area_points + self.largest_bonus + self.most_bonus + self.symbol_bonus


@dataclass(frozen=True)
class Score:
    """The worked-out final scoring (exported as ``Result`` too, the issue's name).

    ``lines`` holds one :class:`Line` per player in seating order; ``places`` the players
    best first (total, then fewer areas); ``tie_break`` is ``""``, ``"fewer areas"`` or
    ``"draw"``; ``detail`` a sentence for the result screen.
    """

    lines: tuple[Line, ...]
    places: tuple[tuple[str, ...], ...]
    tie_break: str
    detail: Said

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's total points (read-only)."""
        return MappingProxyType({line.player: line.total for line in self.lines})

    @property
    def winners(self) -> list[str]:
        """The winning players; more than one means a draw."""
        return list(self.places[0]) if self.places else []

    @property
    def is_draw(self) -> bool:
        return len(self.places[0]) > 1 if self.places else False

    def line(self, player: str) -> Line:
        """The score-table row of ``player``."""
        for line in self.lines:
            if line.player == player:
                return line
        names = ", ".join(line.player for line in self.lines)
        raise RuleError("{player!r} is not playing; the players are {names}.",
                        player=player, names=names)


Result = Score


def score(areas: Mapping[str, Sequence[int]],
          symbol_areas: Sequence[str | Sequence[str]] = ()) -> Score:
    """Score a finished game.

    :param areas: each player's area sizes in blocks (every one 4 or more), in seating order.
    :param symbol_areas: one entry per area holding 4+ connected symbols of one shape: the
        player who owns that shape, or the owners of every shape that qualifies there.
        Each owner scores 3 once per area, however many symbols or groups.
    :raises RuleError: (a :class:`ValueError`) for a size below 4, an unknown symbol owner,
        an owner named twice for one area, or more symbol entries than there are areas.

    >>> s = score({"Ann": [10, 5], "Bob": [13]}, symbol_areas=["Ann"])
    >>> dict(s.totals), s.winners
    ({'Ann': 13, 'Bob': 3}, ['Ann'])
    >>> dict(score({"Ann": [10], "Bob": [5]}, symbol_areas=[("Ann", "Bob")]).totals)
    {'Ann': 15, 'Bob': 7}
    """
    require(len(areas) >= 1, "scoring needs at least one player.")
    sizes = {player: tuple(blocks) for player, blocks in areas.items()}
    points = {player: sum(area_points(b) for b in blocks) for player, blocks in sizes.items()}
    entries = tuple(tuple(e) if isinstance(e, Sequence) and not isinstance(e, str) else (e,)
                    for e in symbol_areas)
    for owners in entries:
        for owner in owners:
            require(owner in sizes,
                    "a symbol bonus goes to a player in the game ({players}), not {owner!r}.",
                    players=", ".join(sizes), owner=owner)
        require(len(set(owners)) == len(owners),
                "one area gives each owner one symbol bonus at most: {owners}.",
                owners=", ".join(owners))
    count = sum(len(b) for b in sizes.values())
    require(
        len(entries) <= count,
        "each symbol bonus needs its own area: {bonuses} bonuses but {count} areas.",
        bonuses=len(entries), count=count,
    )
    symbols = [owner for owners in entries for owner in owners]
    largest = max((max(b) for b in sizes.values() if b), default=0)
    most = max(len(b) for b in sizes.values())
    lines = tuple(
        Line(
            player=player,
            areas=len(blocks),
            area_points=points[player],
            largest_bonus=BONUS if largest in blocks else 0,
            most_bonus=BONUS if most and len(blocks) == most else 0,
            symbol_bonus=BONUS * symbols.count(player),
        )
        for player, blocks in sizes.items()
    )
    places, tie_break, detail = _rank(lines)
    return Score(lines=lines, places=places, tie_break=tie_break, detail=detail)


def _rank(lines: tuple[Line, ...]) -> tuple[tuple[tuple[str, ...], ...], str, Said]:
    """Places best first (total, then fewer areas), the tie-break used and a sentence."""
    places = ranked({line.player: (line.total, -line.areas) for line in lines})
    by = {line.player: line for line in lines}
    top = by[places[0][0]]
    level = [line.player for line in lines if line.total == top.total]
    if len(places[0]) > 1:
        return places, "draw", said(
            "Draw: {who} tie on {total} points with {areas} areas each.",
            who=listed(places[0], ", ", " and "), total=top.total, areas=top.areas)
    if len(level) > 1:
        others = listed([str(by[p].areas) for p in level if p != top.player], ", ", ", ")
        return places, "fewer areas", said(
            "{winner} wins the tie on {total} points with fewer areas ({areas} against "
            "{others}).", winner=top.player, total=top.total, areas=top.areas, others=others)
    return places, "", said("{winner} wins with {total} points.", winner=top.player,
                            total=top.total)


