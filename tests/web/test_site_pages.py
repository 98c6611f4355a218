"""The pages' writes go through the store's own checks; History's BG Stats link and
downloads carry the plays; Tonight follows the game in the log."""

from __future__ import annotations

import json
from urllib.parse import unquote

from companion.app.session import GameSession
from companion.log.store import Store
from tests.web.conftest import pair


def _play_genial(folder) -> None:  # type: ignore[no-untyped-def]
    store = Store.open(folder / "companion.db")
    game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    game.apply({"type": "turn", "all": 3})
    game.apply({"type": "end_early"})
    store.close()


def test_players_added_renamed_hidden_and_merged_from_the_page(client, folder, clock) -> None:
    token = pair(client, folder, clock)
    assert client.post("/players/add", data={"name": "山田 一郎", "csrf": token}).status_code == 303
    page = client.get("/players").get_data(as_text=True)
    assert "山田 一郎" in page
    client.post("/players/rename", data={"name": "Ben", "new": "Benji", "csrf": token})
    client.post("/players/hide", data={"name": "Benji", "csrf": token, "sure": "1"})
    client.post("/players/merge", data={"name": "山田 一郎", "into": "Ann", "csrf": token,
                                        "sure": "1"})
    store = Store.open_existing(folder / "companion.db")
    roster = {p.name: p.hidden for p in store.players(hidden=True)}
    store.close()
    assert roster == {"Ann": False, "Benji": True}


def test_a_name_the_roster_refuses_is_one_sentence_and_nothing_saved(client, folder,
                                                                      clock) -> None:
    token = pair(client, folder, clock)
    for bad, said in (("ann", "already on the roster"), ("Guest 3", "kept for seats"),
                      ("A" * 13, "at most 12"), ("😀", "cannot show")):
        page = client.post("/players/add", data={"name": bad, "csrf": token})
        assert page.status_code == 400 and said in page.get_data(as_text=True), bad
    store = Store.open_existing(folder / "companion.db")
    assert [p.name for p in store.players(hidden=True)] == ["Ann", "Ben"]
    store.close()


def test_history_links_each_play_to_bg_stats(client, folder, clock) -> None:
    _play_genial(folder)
    pair(client, folder, clock)
    page = client.get("/history").get_data(as_text=True)
    link = page.split('class="button bgstats" href="')[1].split('"')[0]
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(unquote(link.split("data=")[1].replace("&amp;", "&")))
    assert data["game"]["name"] == "Genial Spezial" and data["game"]["bggId"] == 40830
    assert [(p["name"], p["winner"], p["rank"]) for p in data["players"]] == [
        ("Ann", True, 1), ("Ben", False, 2)]
    assert all(p["sourcePlayerId"] for p in data["players"])
    assert client.get("/history?player=Ben&game=brikks").get_data(as_text=True).count(
        "bgstats") == 0


def test_downloads_since_the_last_one_hold_only_the_new_plays(client, folder, clock) -> None:
    _play_genial(folder)
    token = pair(client, folder, clock)

    def since(fmt: str) -> str:
        page = client.post("/history/download", data={"range": "since", "fmt": fmt,
                                                      "csrf": token})
        assert "attachment" in page.headers["Content-Disposition"]
        return page.get_data(as_text=True)

    assert len(json.loads(since("bgsplay"))["plays"]) == 1
    assert json.loads(since("bgsplay"))["plays"] == []
    _play_genial(folder)
    assert since("bgsplay").count("Genial") == 1  # only the new play
    # Each format keeps its own mark: CSV was never downloaded, so both plays come.
    assert since("csv").count("Genial") == 4  # two plays, two players each
    assert since("csv").count("Genial") == 0
    assert len(json.loads(client.get("/history/download?range=all&fmt=json").get_data(
        as_text=True))) == 2


def test_a_get_does_not_move_the_mark_of_the_last_download(client, folder, clock) -> None:
    """A cross-site GET of /history/download?range=since moved the phone's mark
    (issue 43): no GET changes anything; the History page's own form (a POST with
    this phone's CSRF token) does, and a POST without the token changes nothing."""
    _play_genial(folder)
    token = pair(client, folder, clock)
    for _n in range(2):
        page = client.get("/history/download?range=since&fmt=json")
        assert len(json.loads(page.get_data(as_text=True))) == 1
    forged = client.post("/history/download", data={"range": "since", "fmt": "json"})
    assert forged.status_code == 403
    history = client.get("/history").get_data(as_text=True)
    assert 'action="/history/download"' in history and f'value="{token}"' in history
    page = client.post("/history/download", data={"range": "since", "fmt": "json",
                                                  "csrf": token})
    assert len(json.loads(page.get_data(as_text=True))) == 1
    page = client.get("/history/download?range=since&fmt=json")
    assert json.loads(page.get_data(as_text=True)) == []


def test_tonight_follows_the_game_in_the_log(client, folder, clock) -> None:
    pair(client, folder, clock)
    assert "No game is being played" in client.get("/tonight/now").json["html"]
    store = Store.open(folder / "companion.db")
    game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    before = client.get("/tonight/now").json
    assert "Genial Spezial" in before["html"]
    game.apply({"type": "turn", "all": 3})
    after = client.get("/tonight/now").json
    assert after["v"] != before["v"] and "1 move so far" in after["html"]
    # Genial's own figures: the place and the lowest colour first (in view on a phone),
    # then the four colours; mid-game who leads, never who wins (issue 44).
    assert "<th>player</th><th>place</th><th>lowest</th><th>orange</th><th>purple</th>" \
        "<th>blue</th><th>green</th>" in after["html"]
    assert "<td>Ann</td><td>1</td><td>3</td>" in after["html"]
    assert "Round 1 in progress" in after["html"] and "Leading so far: Ann" in after["html"]
    assert "wins" not in after["html"]
    game.apply({"type": "end_early"})
    store.close()
    assert "Finished tonight" in client.get("/").get_data(as_text=True)


def test_the_page_speaks_japanese_when_asked(client, folder, clock) -> None:
    pair(client, folder, clock)
    page = client.get("/players?lang=ja").get_data(as_text=True)
    assert 'lang="ja"' in page
    assert 'lang="ja"' in client.get("/players").get_data(as_text=True)  # remembered


def test_two_writers_count_on_from_each_other(tmp_path) -> None:
    """The box and the page both write the log: neither turns its change count back."""
    box = Store.open(tmp_path / "companion.db")
    page = Store.open_existing(tmp_path / "companion.db", write=True)
    page.add_player("Ann")
    page.add_player("Ben")
    box.add_player("Cat")
    assert box.generation == 3
    page.add_player("Dan")
    assert page.generation == 4
    box.close()
    page.close()


def test_a_bg_stats_export_shows_what_it_will_do_then_does_it(client, folder, clock) -> None:
    import io

    token = pair(client, folder, clock)
    export = json.dumps({"players": [
        {"uuid": "A7C1D3E5-0000-4000-8000-000000000001", "name": "ann", "isAnonymous": False},
        {"uuid": "A7C1D3E5-0000-4000-8000-000000000002", "name": "山田 一郎"}]}).encode()
    page = client.post("/players/import", data={
        "csrf": token, "file": (io.BytesIO(export), "BGStatsExport.json")},
        content_type="multipart/form-data")
    assert page.status_code == 200 and "山田 一郎" in page.get_data(as_text=True)
    store = Store.open_existing(folder / "companion.db")
    assert store.player("山田 一郎") is None  # shown, not done
    store.close()
    assert client.post("/players/import/confirm", data={"csrf": token}).status_code == 303
    store = Store.open_existing(folder / "companion.db")
    assert store.player("山田 一郎").uuid == "A7C1D3E5-0000-4000-8000-000000000002"
    assert store.player("Ann").uuid == "A7C1D3E5-0000-4000-8000-000000000001"
    store.close()


def test_a_file_that_is_not_a_bg_stats_export_changes_nothing(client, folder, clock) -> None:
    import io

    token = pair(client, folder, clock)
    for body in (b"not json", b'{"plays": []}', b"\xff\xfe"):
        page = client.post("/players/import", data={
            "csrf": token, "file": (io.BytesIO(body), "x.json")},
            content_type="multipart/form-data")
        text = page.get_data(as_text=True)
        assert page.status_code == 400 and text.count("<p class=said>") == 1, body
    assert client.post("/players/import/confirm", data={"csrf": token}).status_code == 400
    store = Store.open_existing(folder / "companion.db")
    assert [p.name for p in store.players(hidden=True)] == ["Ann", "Ben"]
    store.close()


def test_the_players_counts_follow_an_old_game_finished_late(client, folder, clock) -> None:
    """A game set aside and finished after newer ones still counts on the cards."""
    pair(client, folder, clock)
    store = Store.open(folder / "companion.db")
    old = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    old.apply({"type": "turn", "all": 3})
    _play_genial(folder)  # a newer game, finished first
    page = client.get("/players").get_data(as_text=True)
    assert "1 play, 1 win" in page and "(best 3)" in page
    assert page.count('<svg class="chart"') == 2  # Ann's and Ben's months
    old.apply({"type": "end_early"})
    store.close()
    assert "2 plays, 2 wins" in client.get("/players").get_data(as_text=True)
