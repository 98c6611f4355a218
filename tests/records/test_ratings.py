"""Ratings (issue 44): openskill's Plackett-Luce, replayed in a fixed order, shown after
five plays, ties shared, off by default in the config."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from companion.config.file import ConfigError, from_mapping
from companion.records import ratings
from companion.records.plays import Play

UUIDS = {"Ann": "A", "Ben": "B", "Cleo": "C", "Dan": "D"}


def _play(n: int, places: list[list[str]], *, day: int | None = None,
          key: str = "genial") -> Play:
    day = n if day is None else day
    players = [p for place in places for p in place]
    return Play(n, key, key, f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T20:00:00+00:00",
                "", players, places=places, winners=list(places[0]),
                uuids={p: UUIDS[p] for p in players if p in UUIDS})


def _log(count: int = 40, seed: int = 3) -> list[Play]:
    rnd = random.Random(seed)
    rows = []
    for n in range(1, count + 1):
        people = rnd.sample(list(UUIDS), rnd.randint(2, 4))
        rows.append(_play(n, [[p] for p in people]))
    return rows


def test_the_same_plays_in_any_order_give_the_same_ratings() -> None:
    rows = _log()
    first = ratings.ratings(rows)
    shuffled = rows[:]
    random.Random(9).shuffle(shuffled)
    assert ratings.ratings(shuffled) == first
    assert ratings.ratings(rows) == first  # and again


def test_a_small_example_matches_openskill_called_directly() -> None:
    rows = [_play(1, [["Ann"], ["Ben"], ["Cleo"]]),
            _play(2, [["Ben", "Cleo"], ["Ann"]]),  # Ben and Cleo share first place
            _play(3, [["Cleo"], ["Ann"]])]
    model = PlackettLuce()
    a, b, c = (model.rating() for _n in range(3))
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 2, 3])
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[3, 1, 1])
    [[a], [c]] = model.rate([[a], [c]], ranks=[2, 1])
    got = ratings.ratings(rows)["genial"]
    for uuid, want, plays in (("A", a, 3), ("B", b, 2), ("C", c, 3)):
        assert got[uuid].mu == pytest.approx(want.mu)
        assert got[uuid].sigma == pytest.approx(want.sigma)
        assert got[uuid].ordinal == pytest.approx(want.ordinal())
        assert got[uuid].plays == plays


def test_a_shared_place_moves_both_alike() -> None:
    got = ratings.ratings([_play(1, [["Ann", "Ben"], ["Cleo"]])])["genial"]
    assert got["A"] == got["B"]
    assert got["A"].mu > got["C"].mu


def test_shown_only_after_five_plays_of_that_game() -> None:
    rows = [_play(n, [["Ann"], ["Ben"]]) for n in range(1, 5)]
    rows.append(_play(5, [["Ann"], ["Ben"]], key="brikks"))
    got = ratings.ratings(rows)
    assert got["genial"]["A"].plays == 4 and not got["genial"]["A"].shown
    assert not got["brikks"]["A"].shown
    got = ratings.ratings([*rows, _play(6, [["Ben"], ["Ann"]])])
    assert got["genial"]["A"].shown and got["genial"]["B"].shown


def test_guests_and_solo_plays_rate_nobody() -> None:
    got = ratings.ratings([_play(1, [["Ann"], ["Guest"]]), _play(2, [["Ann"]])])
    assert got == {}


def test_ratings_are_off_by_default_and_the_option_is_checked() -> None:
    assert from_mapping({}).records["ratings"] is False
    assert from_mapping({"records": {"ratings": True}}).records["ratings"] is True
    with pytest.raises(ConfigError, match="records.ratings: must be true or false"):
        from_mapping({"records": {"ratings": "yes"}})
