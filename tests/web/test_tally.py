"""Players keeps its counts and adds each newly finished game to them: the first view
after a game ends reads that game, not the whole log; and the counts stay those of the
whole log through undos, late finishes, renames and merges."""

from __future__ import annotations

from companion.app.session import GameSession
from companion.log.store import Store
from companion.records import stats
from companion.web import reading
from companion.web.tally import Tally
from tests.web.conftest import pair


def _finish(store: Store, players: list[str], points: int) -> GameSession:
    game = GameSession.start(store, "genial", {"players": players})
    game.apply({"type": "turn", "all": points})
    game.apply({"type": "end_early"})
    return game


def _shown(people: list[stats.PersonStats]) -> list[tuple]:
    return [(s.name, s.uuid, s.plays, s.wins, s.last_played,
             sorted((k, g.plays, g.wins, g.best) for k, g in s.games.items()))
            for s in people]


def test_a_game_ended_is_added_without_reading_the_whole_log(client, folder, clock,
                                                             monkeypatch) -> None:
    pair(client, folder, clock)
    store = Store.open(folder / "companion.db")
    _finish(store, ["Ann", "Ben"], 3)
    assert "1 play, 1 win" in client.get("/players").get_data(as_text=True)
    _finish(store, ["Ann", "Ben"], 4)
    store.close()
    whole = []
    real = reading.every_play
    monkeypatch.setattr(reading, "every_play", lambda *a, **k: whole.append(1) or real(*a, **k))
    page = client.get("/players").get_data(as_text=True)
    assert "2 plays, 2 wins" in page and "(best 4)" in page
    assert whole == []


def test_the_kept_counts_are_always_those_of_the_whole_log(tmp_path) -> None:
    store = Store.open(tmp_path / "companion.db")
    for name in ("Ann", "Ben", "Cleo"):
        store.add_player(name)
    tally = Tally()

    def same() -> None:
        assert _shown(tally.people(store)) == _shown(stats.people(stats.plays(store)))

    same()
    _finish(store, ["Ann", "Ben"], 3)
    same()
    set_aside = GameSession.start(store, "genial", {"players": ["Ben", "Cleo"]})
    set_aside.apply({"type": "turn", "all": 2})
    last = _finish(store, ["Cleo", "Ann"], 5)
    same()
    last.undo()  # the last game reopened
    same()
    last.apply({"type": "end_early"})  # and finished again
    _finish(store, ["Ann", "Cleo"], 6)  # and another after it, before anyone looks
    same()
    set_aside.apply({"type": "end_early"})  # an old game finished late
    same()
    store.add_player("Dan")  # a newcomer: the counts stay
    recounts = tally.recounts
    _finish(store, ["Dan", "Ann"], 1)
    same()
    assert tally.recounts == recounts
    store.rename_player("Ann", "Anna")
    same()
    store.merge_players("Dan", "Ben")
    same()
    store.close()


def test_the_page_holds_little_of_the_log_in_memory(client, folder, clock,
                                                    monkeypatch) -> None:
    """What the web process keeps is bounded: SQLite's page cache, and the games read at
    a time when Players counts the whole log (docs/performance.md: its RSS)."""
    from companion.web import app as web_app
    from companion.web import tally

    pair(client, folder, clock)
    client.get("/")
    store = client.application.extensions["companion"].store()
    assert store._db.execute("PRAGMA cache_size").fetchone()[0] == -web_app.CACHE_KIB
    assert 64 <= web_app.CACHE_KIB <= 256
    asked = []
    real = reading.every_play
    monkeypatch.setattr(reading, "every_play",
                        lambda s, chunk=500: asked.append(chunk) or real(s, chunk))
    client.get("/players")
    assert asked and max(asked) <= tally.CHUNK <= 100


def test_companion_web_counts_before_the_first_phone_asks(client, folder, clock,
                                                         monkeypatch) -> None:
    from companion.web.serve import warm

    store = Store.open(folder / "companion.db")
    _finish(store, ["Ann", "Ben"], 3)
    store.close()
    warm(client.application.extensions["companion"])
    pair(client, folder, clock)
    whole = []
    real = reading.every_play
    monkeypatch.setattr(reading, "every_play", lambda *a, **k: whole.append(1) or real(*a, **k))
    assert "1 play, 1 win" in client.get("/players").get_data(as_text=True)
    assert whole == []


def test_warming_a_box_with_no_log_yet_is_quiet(tmp_path) -> None:
    from companion.config.file import from_mapping
    from companion.web.serve import warm
    from companion.web.site import create_app

    app = create_app(tmp_path / "companion.db", from_mapping({}))
    warm(app.extensions["companion"])
    assert not (tmp_path / "companion.db").exists()
