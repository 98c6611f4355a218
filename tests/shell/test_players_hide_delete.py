"""Issue 35 (F6): hiding a player asks first, is undone on the box (a hidden player stays
on the Players list, marked, and their card shows them again), and the message names no
command that fails; a player who has played no game (a slip of the name keyboard) can
be deleted on the box. In both languages, through the buttons."""

from __future__ import annotations

import pytest

from companion.testing import Rig

WORDS = {
    "en": {"hide": "Hide from setup", "show": "Show in setup", "delete": "Delete",
           "hidden": "hidden", "asks": "Hide Dev from the setup?"},
    "ja": {"hide": "準備画面で隠す", "show": "準備画面に出す", "delete": "削除",
           "hidden": "非表示", "asks": "Devを隠しますか?"},
}


def players_screen(rig: Rig) -> None:
    rig.app.home()
    home = rig.app.top
    items = home.items()
    label = next(i for i in items if i in ("Players", "プレイヤー"))
    rig.keys(*["down"] * ((items.index(label) - home.index) % len(items)), "ok")


def card_of(rig: Rig, name: str) -> None:
    players_screen(rig)
    index = next(i for i, line in enumerate(rig.app.top.items()) if line.startswith(name))
    rig.keys(*["down"] * index, "ok")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_hiding_asks_and_the_card_shows_them_again(language: str) -> None:
    w = WORDS[language]
    rig = Rig(language=language, players=("Ann", "Dev"))
    try:
        card_of(rig, "Dev")
        rig.keys("ok")                       # the card's actions
        actions = rig.app.top.items()
        assert w["hide"] in actions and w["delete"] in actions, actions
        rig.keys(*["down"] * actions.index(w["hide"]), "ok")
        assert rig.app.question is not None and w["asks"] in rig.app.question.text
        rig.keys("back")                     # no: nothing changes
        assert not rig.store.player("Dev").hidden
        rig.keys("ok")                       # Hide again, and yes
        assert rig.app.question is not None
        rig.keys("ok")
        assert rig.store.player("Dev").hidden
        assert rig.app.band is not None and "--show" not in rig.app.band.text
        players_screen(rig)
        assert any(line.startswith("Dev") and w["hidden"] in line
                   for line in rig.app.top.items()), rig.app.top.items()
        card_of(rig, "Dev")
        rig.keys("ok")
        actions = rig.app.top.items()
        rig.keys(*["down"] * actions.index(w["show"]), "ok")
        assert not rig.store.player("Dev").hidden
    finally:
        rig.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_player_with_no_games_is_deleted_after_a_question(language: str) -> None:
    w = WORDS[language]
    rig = Rig(language=language, players=("Ann", "De"))
    try:
        card_of(rig, "De")
        rig.keys("ok")
        actions = rig.app.top.items()
        rig.keys(*["down"] * actions.index(w["delete"]), "ok")
        assert rig.app.question is not None
        rig.keys("ok")
        assert rig.store.player("De") is None
        assert rig.store.player("Ann") is not None
    finally:
        rig.close()


def test_a_player_with_games_is_not_deleted() -> None:
    from companion.core.errors import RosterError

    rig = Rig(players=("Ann", "Bob"))
    try:
        rig.app.start_game("genial", {"players": ["Ann", "Bob"], "first": 0})
        with pytest.raises(RosterError):
            rig.store.delete_player("Ann")
        assert rig.store.player("Ann") is not None
    finally:
        rig.close()


def test_the_card_keeps_its_lines_clear_of_the_scroll_hint() -> None:
    """「1回0勝」 (the figures under a long game name) ran into 「上下でスクロール」."""
    rig = Rig(language="ja", players=("ゆい", "健太"))
    try:
        for key in ("brain_crush", "genial", "four_stones"):
            rig.app.start_game(key, {"players": ["ゆい", "健太"], "first": 0})
            rig.store.finish(rig.app.session.game_id, {"winners": ["ゆい"]})
        card_of(rig, "ゆい")
        drawn = rig.app.painter.drawn
        at = next(i for i, d in enumerate(drawn) if "スクロール" in d.text)
        top = drawn[at].ink()[1]  # the card's own lines (a band may come after: not them)
        assert all(d.ink()[3] < top for d in drawn[:at]), [(d.text, d.ink()) for d in drawn]
        rig.keys(*["down"] * 5)
        assert any("1回" in d.text for d in rig.app.painter.drawn)  # the last line reached
    finally:
        rig.close()
