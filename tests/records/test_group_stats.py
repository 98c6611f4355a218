"""group_stats: counting in the order the plays were played, shared places, guests,
solo games, lowest-wins games and shelf games each a game of their own."""

from __future__ import annotations

from companion.records import group_stats
from companion.records.plays import Play

UUIDS = {"Ann": "A", "Ben": "B", "Cleo": "C"}


def _play(n: int, places: list[list[str]], *, day: int | None = None, key: str = "genial",
          game: str = "Genial", scores: dict | None = None, **more) -> Play:  # type: ignore[no-untyped-def, type-arg]
    day = n if day is None else day
    players = [p for place in places for p in place]
    return Play(n, key, game, f"2026-10-{day:02d}T20:00:00+00:00",
                f"2026-10-{day:02d}T21:00:00+00:00", players, scores=scores or {},
                places=places, winners=list(places[0]) if places else [],
                uuids={p: UUIDS[p] for p in players if p in UUIDS}, **more)


def test_streaks_follow_the_day_played_not_the_order_plays_came_in() -> None:
    # Ann won on days 1, 2 and 4 and lost on day 3: a play of day 3 brought in last
    rows = [_play(1, [["Ann"], ["Ben"]]), _play(2, [["Ann"], ["Ben"]]),
            _play(3, [["Ann"], ["Ben"]], day=4), _play(4, [["Ben"], ["Ann"]], day=3)]
    ann = group_stats.count(rows).people["A"]
    assert (ann.longest, ann.run) == (2, 1)
    same_day = [_play(2, [["Ann"], ["Ben"]], day=1), _play(1, [["Ben"], ["Ann"]], day=1)]
    assert group_stats.count(same_day).people["A"].run == 1  # then by id
    assert group_stats.count(list(reversed(rows))) == group_stats.count(rows)


def test_shared_places_tie_in_head_to_head_and_both_win() -> None:
    group = group_stats.count([_play(1, [["Ann", "Ben"], ["Cleo"]])])
    pairs = group.games["genial"].pairs
    assert pairs[("A", "B")].tied == 1 and pairs[("A", "B")].ahead == [0, 0]
    assert pairs[("A", "C")].ahead == [1, 0] and pairs[("B", "C")].ahead == [1, 0]
    assert group.people["A"].wins == group.people["B"].wins == 1
    assert group.against("C") == [("A", 1, 0, 1, 0), ("B", 1, 0, 1, 0)]


def test_guests_play_but_have_no_stats_and_no_head_to_head() -> None:
    group = group_stats.count([_play(1, [["Guest"], ["Ann"]])])
    assert set(group.people) == {"A"} and group.games["genial"].plays == 1
    assert group.people["A"].contests == 1 and group.people["A"].wins == 0
    assert group.pairs == {}


def test_a_play_that_cannot_be_won_is_a_play_not_a_contest() -> None:
    solo = Play(1, "brikks", "Brikks", "2026-10-01T20:00:00+00:00",
                "2026-10-01T21:00:00+00:00", ["Ann"], scores={"Ann": 40},
                uuids={"Ann": "A"})
    group = group_stats.count([solo, _play(2, [["Ann"], ["Ben"]])])
    ann = group.people["A"]
    assert (ann.plays, ann.contests, ann.wins, ann.share) == (2, 1, 1, 1.0)
    assert group.games["brikks"].people["A"].share is None
    assert group.games["brikks"].people["A"].best == 40


def test_the_best_of_a_lowest_wins_game_is_the_lowest_and_records_say_so() -> None:
    rows = [_play(n, [["Ann"], ["Ben"]], key="score_pad", game="Golf", highest_wins=False,
                  scores={"Ann": a, "Ben": b}) for n, (a, b) in enumerate([(3, 5), (2, 9)], 1)]
    golf = group_stats.count(rows).games["score_pad:Golf"]
    assert golf.people["A"].best == 2 and golf.people["B"].best == 5
    best = [r for r in group_stats.records(golf) if r.what == group_stats.BEST_SCORE]
    assert best == [group_stats.Held("score_pad:Golf", "best", 2, ("A",))]


def test_shelf_games_are_games_of_their_own() -> None:
    rows = [_play(1, [["Ann"], ["Ben"]], key="score_pad", game="Azul", bgg_id=230802),
            _play(2, [["Ben"], ["Ann"]], key="score_pad", game="Golf")]
    group = group_stats.count(rows)
    assert set(group.games) == {"bgg-230802", "score_pad:Golf"}
    assert group.games["bgg-230802"].title == "Azul"
    assert [g.id for g in group.most_played()] == ["score_pad:Golf", "bgg-230802"]


def test_a_record_held_by_several_names_them_all_and_no_wins_is_no_record() -> None:
    group = group_stats.count([_play(1, [["Ann"], ["Ben"]]), _play(2, [["Ben"], ["Ann"]])])
    held = {r.what: r.holders for r in group_stats.records(group.games["genial"])}
    assert held == {"wins": ("A", "B"), "streak": ("A", "B")}
    solo = Play(1, "brikks", "Brikks", "2026-10-01T20:00:00+00:00", "", ["Ann"],
                uuids={"Ann": "A"})
    assert group_stats.records(group_stats.count([solo]).games["brikks"]) == []
