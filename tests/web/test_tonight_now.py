"""Tonight says what each game is at (issue 44): the round in progress, whose turn, the
dice roller's last dice, Brikks' block, the games set aside; mid-game who leads, never
who wins; a solo game names no winner; Brain Crush counts the round being played."""

from __future__ import annotations

from pathlib import Path

from companion.app.session import GameSession
from companion.games.brikks import data as D
from companion.games.brikks import rules as B
from companion.log.store import Store
from tests.web.conftest import Clock, pair


def _store(folder: Path, clock: Clock) -> Store:
    store = Store.open(folder / "companion.db", clock=clock)
    for name in ("ゆうこ", "たろう"):
        store.add_player(name)
    return store


def _now(client) -> str:  # type: ignore[no-untyped-def]
    return str(client.get("/tonight/now").json["html"])


def test_brikks_says_the_round_whose_turn_and_the_block(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    game = GameSession.start(_store(folder, clock), "brikks", {"players": ["Ann", "Ben"]})
    colours = iter(D.COLOURS)
    while game.state.phase == "start":
        game.apply({"type": "start_block", "player": B.next_picker(game.state),
                     "colour": next(colours)})
    game.apply({"type": "roll", "number": 3, "colour": "red", "entered": False})
    said = _now(client)
    assert "Round 1 in progress" in said and "Turn: Ann" in said, said
    assert "Block: red, column 3" in said, said


def test_the_dice_rollers_last_dice_and_a_set_aside_game(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    store = _store(folder, clock)
    GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
    roller = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 2})
    roller.apply({"type": "roll", "dice": [3, 5]})
    said = _now(client)
    assert "Last dice: 3 · 5" in said, said
    assert "Set aside" in said and "Genial Spezial, started" in said, said


def test_a_solo_game_names_no_winner_nor_leader(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    game = GameSession.start(_store(folder, clock), "brikks", {"players": ["Ann"]})
    while game.state.phase == "start":
        game.apply({"type": "start_block", "player": 0, "colour": "red"})
    said = _now(client)
    assert "Leading" not in said and "<th>place</th>" not in said, said
    # Its end, as Brikks' scoring gives it (a solo result lists the one player first).
    game.store.finish(game.game_id, {"places": [["Ann"]], "scores": {"Ann": 67},
                                     "winners": ["Ann"]})
    said = _now(client)
    assert "Ann" not in said.split("Finished tonight")[1].split("<br>")[0], said
    assert "solo game" in said


def test_brain_crush_counts_the_round_in_progress(client, folder: Path, clock) -> None:  # type: ignore[no-untyped-def]
    pair(client, folder, clock)
    game = GameSession.start(_store(folder, clock), "brain_crush",
                             {"players": ["ゆうこ", "たろう"]})
    game.apply({"type": "take", "colour": "R", "kind": "5"})  # ゆうこ 15 on the box
    said = client.get("/tonight/now?lang=ja").json["html"]
    assert "第1ラウンド途中" in said, said
    assert "0ラウンド" not in said and "同点" not in said, said


def test_brain_crush_shows_the_points_of_the_round_in_progress(  # type: ignore[no-untyped-def]
        client, folder: Path, clock) -> None:
    """Issue 41 (M6): during round 1 the box had ゆうこ at 15 and the phone everyone at 0,
    tied; the phone now counts the sets taken in the round so far."""
    pair(client, folder, clock)
    game = GameSession.start(_store(folder, clock), "brain_crush",
                             {"players": ["ゆうこ", "たろう"]})
    game.apply({"type": "take", "colour": "R", "kind": "5"})      # ゆうこ: 15
    game.apply({"type": "miss"})
    said = str(client.get("/tonight/now?lang=ja").json["html"])
    assert "第1ラウンド途中" in said, said
    assert "<td>ゆうこ</td><td>1</td><td>15</td>" in said.replace("\n", ""), said
    assert "<td>たろう</td><td>2</td><td>0</td>" in said.replace("\n", ""), said
