"""The Stats pages (issue 44): every number they show on a log of a few hundred plays
matches a count made here from the log's own rows (not with group_stats); the counts
follow a game finished since and a play brought in with an older date; an unpaired
phone sees none of it; ratings appear only when turned on."""

from __future__ import annotations

import html as htmlib
import itertools
import json
import re
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from benchmarks.stats_pages import make_log
from companion.config.file import from_mapping
from companion.log.store import Store
from companion.web.site import create_app
from tests.web.conftest import pair

PLAYS = 300


# -- the count made here, from the games table itself ---------------------------------

def _raw(db: Path) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Every finished game in the order it was played (start, then id), and the roster
    (name → uuid)."""
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT id, kind, options, result, started FROM games "
                        "WHERE finished IS NOT NULL").fetchall()
    roster = dict(conn.execute("SELECT name, uuid FROM players").fetchall())
    conn.close()
    games = []
    for gid, kind, options, result, started in rows:
        opts, res = json.loads(options), json.loads(result)
        shelf = opts.get("shelf")
        # Brikks' declaration: a solo game is played for a score, nobody wins it
        contest = not (kind == "brikks" and len(opts["players"]) == 1)
        games.append({"id": gid, "started": started, "players": opts["players"],
                      "game": shelf["title"] if shelf else kind,
                      "lowest": bool(shelf and shelf.get("lowest_wins")),
                      "scores": res["scores"], "places": res["places"] if contest else [],
                      "winners": res["winners"] if contest else [], "contest": contest})
    games.sort(key=lambda g: (g["started"], g["id"]))
    return games, roster


def _place(game: dict[str, Any], name: str) -> int:
    for n, names in enumerate(game["places"]):
        if name in names:
            return n
    raise AssertionError(name)


def _streaks(results: list[bool]) -> tuple[int, int]:
    """(longest run of True, the run at the end)."""
    longest = run = 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    return longest, run


def _person(games: list[dict[str, Any]], name: str) -> dict[str, Any]:
    mine = [g for g in games if name in g["players"]]
    contests = [g for g in mine if g["contest"]]
    wins = sum(name in g["winners"] for g in contests)
    longest, run = _streaks([name in g["winners"] for g in contests])
    pick = min if mine and all(g["lowest"] for g in mine) else max
    scores = [g["scores"][name] for g in mine if name in g["scores"]]
    return {"plays": len(mine), "wins": wins, "contests": len(contests),
            "longest": longest, "run": run, "best": pick(scores) if scores else None}


def _share(cell: str, wins: int, contests: int) -> None:
    assert cell.endswith("%"), cell
    assert abs(int(cell[:-1]) - 100 * wins / contests) <= 0.5, (cell, wins, contests)


# -- the pages, read ---------------------------------------------------------------

def _table(page: str, index: int = 0) -> list[list[str]]:
    """The rows (cells as text) of the page's ``index``-th stats table."""
    table = page.split('<table class="stats">')[index + 1].split("</table>")[0]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]:
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        rows.append([htmlib.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in cells])
    return rows


@pytest.fixture
def logged(folder: Path) -> Path:
    make_log(folder / "companion.db", PLAYS)
    return folder


def _client(folder: Path, clock, ratings: bool | None = None):  # type: ignore[no-untyped-def]
    config: dict[str, Any] = {"state": {"dir": str(folder)}}
    if ratings is not None:
        config["records"] = {"ratings": ratings}
    app = create_app(folder / "companion.db", from_mapping(config), clock=clock)
    return app, app.test_client()


def test_the_group_page_counts_as_the_log_does(client, logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, logged, clock)
    games, roster = _raw(logged / "companion.db")
    page = client.get("/stats").get_data(as_text=True)
    assert f"{PLAYS} plays of 6 games" in page
    shown = {row[0]: row for row in _table(page, 0)}
    counted = {n: _person(games, n) for n in roster if any(n in g["players"] for g in games)}
    assert set(shown) == set(counted) and "Guest" not in shown
    for name, c in counted.items():
        _name, plays, wins, share, longest = shown[name]
        assert (int(plays), int(wins), int(longest)) == (c["plays"], c["wins"], c["longest"])
        _share(share, c["wins"], c["contests"])
    order = [row[0] for row in _table(page, 0)]
    assert order == sorted(counted, key=lambda n: (-counted[n]["wins"], -counted[n]["plays"],
                                                   n.casefold()))
    per_game = defaultdict(int)
    for g in games:
        per_game[g["game"]] += 1
    listed = {row[0]: int(row[1]) for row in _table(page, 1)}
    titles = {"genial": "Genial Spezial", "brikks": "Brikks", "four_stones": "Four-Colour Stones"}
    assert listed == {titles.get(k, k): v for k, v in per_game.items()}
    top = max(c["longest"] for c in counted.values())
    holders = " & ".join(n for n in order if counted[n]["longest"] == top)
    assert f"{holders}: {top} wins in a row" in htmlib.unescape(page)
    # the chart writes each person's numbers on it
    for name in order[:12]:
        c = counted[name]
        assert f"{c['wins']} of {c['plays']} · " in htmlib.unescape(page)


def _game_url(page: str, title: str) -> str:
    return re.search(rf'<a href="(/stats/[^"]+)">{re.escape(title)}</a>', page).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize("title", ["Genial Spezial", "Golf", "Brikks"])
def test_a_game_page_counts_as_the_log_does(client, logged: Path, clock, title: str) -> None:  # type: ignore[no-untyped-def]
    pair(client, logged, clock)
    games, roster = _raw(logged / "companion.db")
    key = {"Genial Spezial": "genial", "Brikks": "brikks"}.get(title, title)
    mine = [g for g in games if g["game"] == key]
    page = client.get(_game_url(client.get("/stats").get_data(as_text=True), title))
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert f"{len(mine)} plays" in text
    people = {row[0]: row for row in _table(text, 0)}
    counted = {n: _person(mine, n) for n in roster if any(n in g["players"] for g in mine)}
    assert set(people) == set(counted)
    for name, c in counted.items():
        _name, plays, wins, share, best, longest = people[name]
        assert (int(plays), int(wins), int(longest)) == (c["plays"], c["wins"], c["longest"])
        assert int(best) == c["best"]
        if c["contests"]:
            _share(share, c["wins"], c["contests"])
        else:
            assert share == "–"
    if key == "Golf":  # the lowest score wins: the best is the lowest
        assert all(int(row[4]) == min(g["scores"][row[0]] for g in mine
                                      if row[0] in g["players"]) for row in people.values())
    pairs = {row[0]: row[1:] for row in _table(text, 1)}
    expected = {}
    for a, b in itertools.combinations(sorted(counted, key=str.casefold), 2):
        both = [g for g in mine if g["contest"] and a in g["players"] and b in g["players"]]
        if both:
            ahead = sum(_place(g, a) < _place(g, b) for g in both)
            behind = sum(_place(g, b) < _place(g, a) for g in both)
            expected[f"{a} – {b}"] = [str(len(both)), f"{ahead}–{behind}",
                                      str(len(both) - ahead - behind)]
    assert pairs == expected


def test_a_player_card_counts_as_the_log_does(client, logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, logged, clock)
    games, roster = _raw(logged / "companion.db")
    for name in ("Ann", "山田 一郎", "Chloé"):
        page = client.get(f"/stats/player/{roster[name]}")
        assert page.status_code == 200
        text = htmlib.unescape(page.get_data(as_text=True))
        c = _person(games, name)
        assert f"{c['plays']} plays, {c['wins']} wins, " in text
        assert f"Longest winning streak: {c['longest']}; now: {c['run']}" in text
        lines = {row[0]: row for row in _table(text, 0)}
        for title, row in lines.items():
            key = {"Genial Spezial": "genial", "Brikks": "brikks",
                   "Four-Colour Stones": "four_stones"}.get(title, title)
            g = _person([x for x in games if x["game"] == key], name)
            assert (int(row[1]), int(row[2]), int(row[4])) == (g["plays"], g["wins"], g["best"])
        against = {row[0]: [int(v) for v in row[1:]] for row in _table(text, 1)}
        expected = {}
        for other in roster:
            both = [g for g in games if g["contest"] and name in g["players"]
                    and other in g["players"] and other != name]
            if both:
                ahead = sum(_place(g, name) < _place(g, other) for g in both)
                behind = sum(_place(g, other) < _place(g, name) for g in both)
                expected[other] = [len(both), ahead, behind, len(both) - ahead - behind]
        assert against == expected


def test_a_game_finished_since_is_added_and_an_older_play_counts_in_its_place(
        logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    app, client = _client(logged, clock)
    pair(client, logged, clock)
    db = logged / "companion.db"
    client.get("/stats")
    kept = app.extensions["companion_stats"]
    assert kept.recounts == 1
    late = Store.open(db, clock=lambda: 2_000_000_000.0)
    for _n in range(3):  # Gus wins three in a row, tonight
        late.finish(late.new_game("four_stones", {"players": ["Gus", "Ann"]}),
                    {"scores": {}, "places": [["Gus"], ["Ann"]], "winners": ["Gus"]})
    late.close()
    uuid = _raw(db)[1]["Gus"]
    games = _raw(db)[0]
    card = htmlib.unescape(client.get(f"/stats/player/{uuid}").get_data(as_text=True))
    assert kept.recounts == 1  # added, not counted again
    c = _person(games, "Gus")
    assert c["run"] >= 3 and f"now: {c['run']}" in card
    # a play brought in later with an older date (a BG Stats import): it has the highest
    # id, but it is counted where it was played; the run going on stays tonight's
    old = Store.open(db, clock=lambda: 1_600_000_000.0)
    old.finish(old.new_game("four_stones", {"players": ["Gus", "Ann"]}),
               {"scores": {}, "places": [["Ann"], ["Gus"]], "winners": ["Ann"]})
    old.close()
    card = htmlib.unescape(client.get(f"/stats/player/{uuid}").get_data(as_text=True))
    assert kept.recounts == 2
    c = _person(_raw(db)[0], "Gus")
    assert f"Longest winning streak: {c['longest']}; now: {c['run']}" in card
    assert c["run"] >= 3
    app.extensions["companion"].close()


def test_a_renamed_player_is_counted_under_the_new_name(client, logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, logged, clock)
    assert ">Ann</a>" in client.get("/stats").get_data(as_text=True)
    store = Store.open(logged / "companion.db")
    store.rename_player("Ann", "Anna")
    store.close()
    page = client.get("/stats").get_data(as_text=True)
    assert ">Anna</a>" in page and ">Ann</a>" not in page


def test_an_unpaired_phone_sees_no_stats(client, logged: Path) -> None:  # type: ignore[no-untyped-def]
    roster = _raw(logged / "companion.db")[1]
    for path in ("/stats", "/stats/genial", "/stats/bgg-230802",
                 f"/stats/player/{roster['Ann']}", "/stats/player/nobody"):
        page = client.get(path)
        text = page.get_data(as_text=True)
        assert "not paired" in text, path
        assert "Ann" not in text and "Genial" not in text and "Golf" not in text, path


def test_unknown_games_and_people_are_one_sentence(client, logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, logged, clock)
    for path in ("/stats/nothing", "/stats/player/nobody", "/stats/player/"):
        page = client.get(path)
        assert page.status_code == 404, path
        assert "Traceback" not in page.get_data(as_text=True)


def test_an_empty_log_says_how_stats_begin(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    page = client.get("/stats")
    assert page.status_code == 200
    assert "No finished games yet" in page.get_data(as_text=True)


def test_in_japanese(client, logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, logged, clock)
    page = htmlib.unescape(client.get("/stats?lang=ja").get_data(as_text=True))
    assert "成績" in page and "よく遊ばれたゲーム" in page and "勝率" in page
    assert "Who wins most" not in page
    roster = _raw(logged / "companion.db")[1]
    card = htmlib.unescape(client.get(f"/stats/player/{roster['Ann']}?lang=ja")
                           .get_data(as_text=True))
    assert "対戦成績" in card and "最多連勝" in card


def test_ratings_are_off_by_default_and_shown_after_five_plays_when_on(
        logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    app, client = _client(logged, clock)
    pair(client, logged, clock)
    roster = _raw(logged / "companion.db")[1]
    for path in ("/stats/genial", f"/stats/player/{roster['Ann']}"):
        assert "Rating" not in client.get(path).get_data(as_text=True)
    app.extensions["companion"].close()
    app, client = _client(logged, clock, ratings=True)
    pair(client, logged, clock)
    games = _raw(logged / "companion.db")[0]
    text = client.get("/stats/genial").get_data(as_text=True)
    assert "<th>Rating</th>" in text
    mine = [g for g in games if g["game"] == "genial"]
    shown = _table(text, 1)
    assert {row[0] for row in shown} == {row[0] for row in _table(text, 0)}
    values = [float(row[1]) for row in shown if row[1] != "–"]
    assert values == sorted(values, reverse=True) and values
    for name, rating in shown:
        rated = sum(1 for g in mine if name in g["players"]
                    and sum(p in roster for p in g["players"]) > 1)
        assert (rating == "–") == (rated < 5), (name, rating, rated)
    card = client.get(f"/stats/player/{roster['Ann']}").get_data(as_text=True)
    assert "<th>Rating</th>" in card
    assert {r[0] for r in _table(card, 1)} == {r[0] for r in _table(card, 0)}
    # a player with fewer than five plays of a game is shown no rating of it
    late = Store.open(logged / "companion.db", clock=lambda: 2_000_000_000.0)
    late.add_player("Hana")
    late.finish(late.new_game("genial", {"players": ["Hana", "Ann"]}),
                {"scores": {"Hana": 9, "Ann": 3}, "places": [["Hana"], ["Ann"]],
                 "winners": ["Hana"]})
    late.close()
    rows = dict(_table(client.get("/stats/genial").get_data(as_text=True), 1))
    assert rows["Hana"] == "–" and rows["Ann"] != "–"
    app.extensions["companion"].close()


def test_a_shelf_game_named_with_any_characters_has_its_page(client, folder: Path,
                                                            clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    store = Store.open(folder / "companion.db")
    titles = ["A/B? #1 100%", "カタン", "<b>x</b>"]
    for title in titles:
        game = store.new_game("score_pad", {"players": ["Ann", "Ben"], "shelf": {"title": title}})
        store.finish(game, {"scores": {"Ann": 1, "Ben": 2}, "places": [["Ben"], ["Ann"]],
                            "winners": ["Ben"]})
    store.close()
    page = client.get("/stats").get_data(as_text=True)
    assert "<b>x</b>" not in page
    for title in titles:
        found = re.search(rf'<a href="(/stats/[^"]+)">{re.escape(htmlib.escape(title, False))}'
                          "</a>", page)
        assert found, title
        shown = client.get(htmlib.unescape(found.group(1)))
        assert shown.status_code == 200
        assert f"<h1>{htmlib.escape(title, False)}</h1>" in shown.get_data(as_text=True)


def test_the_ratings_shown_are_openskill_replayed_from_the_log(logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    """The page's ratings against a replay made here: openskill's Plackett-Luce over the
    games table's rows in the order played, places as ranks (shared places tied)."""
    from openskill.models import PlackettLuce

    app, client = _client(logged, clock, ratings=True)
    pair(client, logged, clock)
    games, roster = _raw(logged / "companion.db")
    model = PlackettLuce()
    kept: dict[tuple[str, str], Any] = {}
    plays: dict[tuple[str, str], int] = defaultdict(int)
    for g in games:
        ranks, before = {}, 0
        for place in g["places"]:
            for name in place:
                if name in roster:
                    ranks[name] = before + 1
            before += len(place)
        if len(ranks) < 2:
            continue
        names = sorted(ranks, key=lambda n: roster[n])
        teams = [[kept.get((g["game"], n)) or model.rating()] for n in names]
        for name, (new,) in zip(names, model.rate(teams, ranks=[ranks[n] for n in names]),
                                strict=True):
            kept[(g["game"], name)] = new
            plays[(g["game"], name)] += 1
    page = client.get("/stats").get_data(as_text=True)
    for title, key in (("Genial Spezial", "genial"), ("Azul", "Azul"), ("Golf", "Golf")):
        shown = dict(_table(client.get(_game_url(page, title)).get_data(as_text=True), 1))
        assert shown
        for name, value in shown.items():
            if plays[(key, name)] < 5:
                assert value == "–", (title, name)
            else:
                assert float(value) == round(kept[(key, name)].ordinal(), 1), (title, name)
    app.extensions["companion"].close()


def test_both_languages_share_one_count(logged: Path, clock) -> None:  # type: ignore[no-untyped-def]
    app, client = _client(logged, clock)
    pair(client, logged, clock)
    english = client.get("/stats?lang=en").get_data(as_text=True)
    japanese = client.get("/stats?lang=ja").get_data(as_text=True)
    assert ">Genial Spezial</a>" in english and ">頭脳絶好調スペシャル</a>" in japanese
    assert ">Azul</a>" in japanese  # a shelf game's own name
    assert "<h1>頭脳絶好調スペシャル</h1>" in client.get("/stats/genial").get_data(as_text=True)
    assert app.extensions["companion_stats"].recounts == 1
    app.extensions["companion"].close()
