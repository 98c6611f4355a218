"""A per-game skill rating for each roster player, from the ``openskill`` library's
Plackett-Luce model (many players at once, shared places as ties, no teams), replayed
from the finished plays in a fixed order (when each started, then its id:
:func:`companion.records.group_stats.when`): the same plays always give the same
ratings.

Only contests count (plays that give places), and only their roster players (a guest
has no rating to carry from one night to the next); a play with fewer than two of them
changes nothing. A rating is shown as the model's *ordinal* (mu − 3 sigma: low until
the model is sure), and only after :data:`SHOWN_AFTER` rated plays of that game.

Off by default: ``[records] ratings = true`` in the config turns the column on.

>>> from companion.records.plays import Play
>>> def play(n, first, second):
...     return Play(n, "genial", "Genial", f"2026-10-0{n}T20:00:00+00:00", "",
...                 ["Ann", "Ben"], places=[[first], [second]], winners=[first],
...                 uuids={"Ann": "A", "Ben": "B"})
>>> rated = ratings([play(n, "Ann", "Ben") for n in range(1, 6)])["genial"]
>>> rated["A"].plays, rated["A"].shown, rated["A"].ordinal > rated["B"].ordinal
(5, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

from companion.records.group_stats import Compact, compact, ordered
from companion.records.plays import Play

#: Rated plays of a game before a player's rating of it is shown.
SHOWN_AFTER = 5


@dataclass(frozen=True)
class Rating:
    """One player's rating of one game: the model's ``mu`` and ``sigma``, and how
    many plays it was made of."""

    mu: float
    sigma: float
    plays: int

    @property
    def ordinal(self) -> float:
        """mu − 3 sigma: what is shown (it rises as the model grows sure)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> bool:
        """Whether it is made of enough plays to be shown."""
        return self.plays >= SHOWN_AFTER


class Replay:
    """The ratings as plays are added one by one, each after every play that started
    before it (:func:`ratings` sorts them so)."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        #: game id → uuid → (mu, sigma, rated plays)
        self.kept: dict[str, dict[str, tuple[float, float, int]]] = {}

    def add(self, play: Play | Compact) -> None:
        """Rate ``play``: its roster players' places, ties shared."""
        c = play if isinstance(play, Compact) else compact(play)
        ranks = {seat.uuid: seat.rank for seat in c.seats if seat.rank}
        if len(ranks) < 2:
            return
        model = self.model
        game = self.kept.setdefault(c.game, {})
        order = sorted(ranks)
        before = [game.get(u, (model.mu, model.sigma, 0)) for u in order]
        after = model.rate([[model.create_rating([mu, sigma])] for mu, sigma, _n in before],
                           ranks=[ranks[u] for u in order])
        for uuid, (_mu, _sigma, n), (new,) in zip(order, before, after, strict=True):
            game[uuid] = (new.mu, new.sigma, n + 1)

    def ratings(self) -> dict[str, dict[str, Rating]]:
        """game id → player UUID → their rating now."""
        return {gid: {u: Rating(*values) for u, values in game.items()}
                for gid, game in self.kept.items()}


def ratings(rows: Iterable[Play | Compact]) -> dict[str, dict[str, Rating]]:
    """game id (:func:`~companion.records.group_stats.game_id`) → player UUID → their
    rating, every play of ``rows`` replayed in order."""
    replay = Replay()
    for play in ordered(rows):
        replay.add(play)
    return replay.ratings()
