"""Issue 44, the group's plays: how an imported play reads (guests, ranks, order among
the box's own), that it never goes back to BG Stats nor into "since my last download",
and which place the box's exports name after an import."""

from __future__ import annotations

import json

from companion.log.store import Store
from companion.records import bgstats
from companion.records.group_import import import_group
from companion.records.plays import plays

G = "0A000000-0000-4000-8000-00000000000{}"
P = "0B000000-0000-4000-8000-00000000000{}"
X = "0C000000-0000-4000-8000-0000000000{:02d}"
L = "0D000000-0000-4000-8000-00000000000{}"
NOW = 1_796_500_800.0  # 2026-12-05 20:00 UTC: the box's own play


def export(*plays_: dict, places: tuple[str, ...] = ("Ann's kitchen",)) -> str:
    return json.dumps({
        "games": [{"id": 1, "uuid": G.format(1), "name": "Azul", "bggId": 230802},
                  {"id": 2, "uuid": G.format(2), "name": "Genial", "bggId": 40830}],
        "players": [{"id": 1, "uuid": P.format(1), "name": "Ann"},
                    {"id": 2, "uuid": P.format(2), "name": "Anonymous player",
                     "isAnonymous": True},
                    {"id": 3, "uuid": P.format(3), "name": "Ben"}],
        "locations": [{"id": n, "uuid": L.format(n), "name": name}
                      for n, name in enumerate(places, start=1)],
        "plays": list(plays_)})


def play(n: int, when: str, game: int = 1, place: int = 1, **extra: object) -> dict:
    scores = extra.pop("scores", [
        {"playerRefId": 1, "score": "30", "winner": True, "rank": 1, "seatOrder": 2},
        {"playerRefId": 2, "score": "20", "rank": 2, "startPlayer": True, "seatOrder": 1},
        {"playerRefId": 2, "score": "", "rank": 3, "seatOrder": 3}])
    return {"uuid": X.format(n), "gameRefId": game, "locationRefId": place,
            "playDate": when, "durationMin": 45, "playerScores": scores, **extra}


def box_play(store: Store) -> None:
    game = store.new_game("genial", {"players": ["Ann", "Ben"]})
    store.finish(game, {"scores": {"Ann": 12, "Ben": 9}, "winners": ["Ann"],
                        "places": [["Ann"], ["Ben"]]})


def test_an_imported_play_reads_as_the_file_says() -> None:
    store = Store.open(":memory:", clock=lambda: NOW)
    box_play(store)
    import_group(store, export(play(1, "2025-01-05 19:00:00"),
                               play(2, "2027-01-01 19:00:00"),
                               play(3, "2025-02-01 19:00:00", ignored=True)))
    rows = plays(store)
    assert [(r.imported, r.id < 0) for r in rows] == [(True, True), (False, False),
                                                     (True, True)]  # by start
    first = rows[2]
    assert first.players == ["Anonymous player", "Ann", "Anonymous player 2"]  # by seat
    assert first.scores == {"Anonymous player": 20, "Ann": 30, "Anonymous player 2": None}
    assert first.winners == ["Ann"] and first.start_player == "Anonymous player"
    assert first.places == [["Ann"], ["Anonymous player"], ["Anonymous player 2"]]
    assert first.uuids == {"Ann": P.format(1)} and first.duration_min == 45
    assert (first.key, first.game, first.bgg_id, first.place) == (
        "Azul", "Azul", 230802, "Ann's kitchen")
    assert len(rows) == 3  # the ignored play stays out


def test_imported_plays_never_go_back_to_bg_stats_nor_count_as_new() -> None:
    store = Store.open(":memory:", clock=lambda: NOW)
    box_play(store)
    import_group(store, export(play(1, "2025-01-05 19:00:00")))
    rows = plays(store)
    sent = bgstats.as_bgstats(rows)
    assert len(sent["plays"]) == 1 and sent["plays"][0]["uuid"] != X.format(1)
    assert [bgstats.play_link(r) == "" for r in rows] == [False, True]
    assert [r.imported for r in plays(store, newest=200)] == [False]  # "since my last"


def test_the_boxs_export_names_the_groups_place() -> None:
    store = Store.open(":memory:", clock=lambda: NOW)
    box_play(store)
    import_group(store, export(play(1, "2025-01-05 19:00:00", place=2),
                               play(2, "2025-01-06 19:00:00", place=2),
                               play(3, "2025-01-07 19:00:00", place=1),
                               places=("Ann's kitchen", "Café Ludo")))
    rows = plays(store)
    most = bgstats.as_bgstats(rows)["locations"][0]
    assert (most["uuid"], most["name"]) == (L.format(2), "Café Ludo")  # the most played
    named = bgstats.as_bgstats(rows, location="ann’s kitchen".replace("’", "'"))
    assert named["locations"][0]["uuid"] == L.format(1)  # the config names it
    own = bgstats.as_bgstats(rows, location="Ben's flat")["locations"][0]
    assert own == {**own, "uuid": bgstats.uid("location", "Ben's flat"), "name": "Ben's flat"}
    link = bgstats.link_data(rows[0])
    assert link["location"] == "Café Ludo" and link["game"]["sourceGameId"] == G.format(2)


def test_a_player_taking_another_uuid_keeps_the_plays_brought_in_before() -> None:
    """A second group's file gives Ann another UUID: the plays the first file brought in
    stay hers (they became a guest's, her stats lost)."""
    store = Store.open(":memory:", clock=lambda: NOW)
    import_group(store, export(play(1, "2025-01-05 19:00:00")))
    other = json.loads(export(play(2, "2025-03-05 19:00:00")))
    other["players"][0]["uuid"] = P.format(9)
    import_group(store, json.dumps(other))
    assert store.player("Ann").uuid == P.format(9)
    assert [r.uuids for r in plays(store)] == [{"Ann": P.format(9)}] * 2


def test_follow_moves_the_seats_of_one_uuid_to_another() -> None:
    store = Store.open(":memory:", clock=lambda: NOW)
    import_group(store, export(play(1, "2025-01-05 19:00:00")))
    with store._transaction("player"):
        store.imported.follow(P.format(1), P.format(7))
    assert [s["uuid"] for s in store.imported.plays()[0].players] == [None, P.format(7), None]


def test_a_merge_keeps_the_imported_plays_of_the_person_merged_away() -> None:
    store = Store.open(":memory:", clock=lambda: NOW)
    store.add_player("Annie")
    import_group(store, export(play(1, "2025-01-05 19:00:00")))
    store.merge_players("Ann", "Annie")
    assert [r.uuids for r in plays(store)] == [{"Annie": store.player("Annie").uuid}]


def test_a_merge_undone_gives_the_imported_plays_back() -> None:
    store = Store.open(":memory:", clock=lambda: NOW)
    store.add_player("Annie")
    import_group(store, export(play(1, "2025-01-05 19:00:00")))
    ann = store.player("Ann")
    done = store.merge("Ann", "Annie")
    assert [r.uuids for r in plays(store)] == [{"Annie": store.player("Annie").uuid}]
    store.unmerge(done)
    assert [r.uuids for r in plays(store)] == [{"Ann": ann.uuid}]
