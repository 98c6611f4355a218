"""History on the phone (issue 44): in the order the games ended, a page at a time with a
link to older plays; the downloads keep the page's filters; "since my last download"
is each format's own mark, moved only by a download sent whole; a finished play is
reopened (after asking) so the box resumes it before its end."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.app.session import GameSession
from companion.log.store import Store
from companion.web import history
from tests.web.conftest import Clock, pair


def _started(folder: Path, clock: Clock, players: list[str]) -> GameSession:
    store = Store.open(folder / "companion.db", clock=clock)
    game = GameSession.start(store, "genial", {"players": players})
    game.apply({"type": "turn", "all": 3})
    return game


def _ended(game: GameSession) -> None:
    game.apply({"type": "end_early"})
    game.store.close()


def _shown(page: str) -> list[str]:
    return re.findall(r'name="id" value="(\d+)"', page)


def test_history_lists_the_last_to_end_first(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    """A game resumed and ended late sat below games that ended before it."""
    pair(client, folder, clock)
    early = _started(folder, clock, ["Ann", "Ben"])
    clock.now += 60
    late = _started(folder, clock, ["Ben", "Ann"])
    clock.now += 60
    _ended(late)
    clock.now += 600
    _ended(early)
    page = client.get("/history").get_data(as_text=True)
    seated = re.findall(r"<br>(\w+) -?\d+, (\w+) -?\d+<br>", page)
    assert seated == [("Ann", "Ben"), ("Ben", "Ann")], seated  # early ended last
    assert "the last to end first" in page


def test_history_pages_to_older_plays(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    for _n in range(history.SHOWN + 5):
        clock.now += 60
        _ended(_started(folder, clock, ["Ann", "Ben"]))
    first = client.get("/history").get_data(as_text=True)
    assert len(_shown(first)) == history.SHOWN
    older = re.search(r'href="(/history\?older=\d+)"', first)
    assert older is not None, "no link to older plays"
    second = client.get(older.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert len(_shown(second)) == 5 and not set(_shown(first)) & set(_shown(second))
    assert 'href="/history?older=' not in second


def test_the_downloads_keep_the_pages_filters(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    Store.open(folder / "companion.db").add_player("Cleo")
    _ended(_started(folder, clock, ["Ann", "Ben"]))
    clock.now += 60
    _ended(_started(folder, clock, ["Ann", "Cleo"]))
    page = client.get("/history?player=Cleo").get_data(as_text=True)
    link = re.search(r'href="(/history/download\?range=all&amp;fmt=json[^"]*)"', page)
    assert link is not None and "player=Cleo" in link.group(1)
    got = json.loads(client.get(link.group(1).replace("&amp;", "&")).get_data(as_text=True))
    assert len(got) == 1
    assert 'name="player" value="Cleo"' in page  # the "since" forms carry it too
    since = client.post("/history/download", data={"range": "since", "fmt": "json",
                                                   "player": "Cleo", "csrf": token})
    assert len(json.loads(since.get_data(as_text=True))) == 1
    # The filtered download's mark is its own: the whole history is still to come.
    everything = client.post("/history/download", data={"range": "since", "fmt": "json",
                                                        "csrf": token})
    assert len(json.loads(everything.get_data(as_text=True))) == 2


def test_a_download_cut_short_does_not_move_the_mark(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    _ended(_started(folder, clock, ["Ann", "Ben"]))
    cut = client.post("/history/download", data={"range": "since", "fmt": "csv",
                                                 "csrf": token}, buffered=False)
    cut.close()  # the phone went away before the file was sent
    whole = client.post("/history/download", data={"range": "since", "fmt": "csv",
                                                   "csrf": token})
    assert whole.get_data(as_text=True).count("Genial") == 2
    again = client.post("/history/download", data={"range": "since", "fmt": "csv",
                                                   "csrf": token})
    assert again.get_data(as_text=True).count("Genial") == 0


def test_a_play_is_reopened_from_the_phone_after_asking(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    token = pair(client, folder, clock)
    game = _started(folder, clock, ["Ann", "Ben"])
    _ended(game)
    page = client.get("/history").get_data(as_text=True)
    assert 'action="/history/reopen"' in page
    asked = client.post("/history/reopen", data={"id": game.game_id, "csrf": token})
    assert asked.status_code == 200
    assert Store.open_existing(folder / "companion.db").game(game.game_id).finished
    assert 'name="sure"' in asked.get_data(as_text=True)
    done = client.post("/history/reopen", data={"id": game.game_id, "csrf": token,
                                                "sure": "1"})
    assert done.status_code == 303
    store = Store.open_existing(folder / "companion.db")
    assert store.game(game.game_id).finished is None
    assert store.actions(game.game_id) == [{"type": "turn", "all": 3}]
    assert _shown(client.get("/history").get_data(as_text=True)) == []
    gone = client.post("/history/reopen", data={"id": game.game_id, "csrf": token,
                                                "sure": "1"})
    assert gone.status_code == 404 and "nothing was changed" in gone.get_data(as_text=True)
    assert client.post("/history/reopen", data={"id": game.game_id}).status_code == 403
    resumed = GameSession.resume(store, game.game_id)
    assert not resumed.over


def test_a_mark_kept_by_the_version_before_stands_for_every_format(
        client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    """web-downloads.json kept one id per phone for every format: each format goes on
    from it, and one format's download leaves the others' where they were."""
    token = pair(client, folder, clock)
    first = _started(folder, clock, ["Ann", "Ben"])
    _ended(first)
    clock.now += 60
    _ended(_started(folder, clock, ["Ben", "Ann"]))
    phone = client.get_cookie("companion_phone").value.split(".")[0]  # phone.issued.mac
    (folder / history.DOWNLOADS).write_text(json.dumps({phone: first.game_id}))

    def since(fmt: str) -> str:
        return client.post("/history/download", data={"range": "since", "fmt": fmt,
                                                      "csrf": token}).get_data(as_text=True)

    assert since("csv").count("Genial") == 2  # the second play only, two players
    assert since("json").count("Genial") == 1
    assert since("csv").count("Genial") == 0
