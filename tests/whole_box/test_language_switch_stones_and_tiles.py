"""Guards Four-Colour Stones, Brain Crush and Area Tiles through a change of language in
the middle of a game: the screen speaks Japanese at once and the game carries on."""

from __future__ import annotations

from companion.config.registry import position
from companion.games.brain_crush import rules as crush
from companion.games.four_stones import rules as stones
from companion.testing import Rig

#: The roster the setups offer, seat by seat.
ROSTER = ("Ann", "Ben", "Cleo", "Dan")


def switch(rig: Rig, language: str) -> None:
    """Change the language as the Settings screen does, and draw the screen again."""
    rig.app.change_setting("language", language)
    rig.app.redraw()


def start(rig: Rig, key: str, *setup_keys: str) -> None:
    rig.keys("ok", *["down"] * position(key), "ok", *setup_keys, "ok", "ok")
    assert rig.app.session.key == key


def test_four_colour_stones_changes_language_between_jumps(rig: Rig) -> None:
    start(rig, "four_stones")
    rig.keys("ok")  # deal: the layout to copy
    while rig.app.message or rig.app.band:
        rig.app.message = rig.app.band = None
    rig.keys("ok")  # the layout is on the table: the turn screen
    rig.app.band = None
    rig.app.redraw()
    state = rig.app.session.state
    moves = len(state.moves)
    owner = stones.owner(state, state.to_move)
    assert rig.app.texts[:2] == [f"{stones.COLOUR_NAMES[state.to_move]}:", owner]
    switch(rig, "ja")
    kanji = {"Y": "黄", "G": "緑", "R": "赤", "B": "青"}
    assert rig.app.texts[:2] == [f"{kanji[state.to_move]}:", owner]
    move = stones.turn_moves(state)[0].split()[0]
    (r, c), _ = stones.move_cells(move)
    mover = state.board[r][c]
    assert kanji[mover[0]] + mover[1:] in rig.app.texts  # the jumping piece, in kanji
    rig.keys("ok")  # the first jump on offer, in Japanese now
    assert len(rig.app.session.state.moves) == moves + 1
    after = rig.app.session.state
    assert after.phase == "play"
    assert rig.app.texts[0] == f"{kanji[after.to_move]}:"
    switch(rig, "en")
    assert rig.app.texts[0] == f"{stones.COLOUR_NAMES[after.to_move]}:"


def test_brain_crush_changes_language_with_a_set_half_chosen(rig: Rig) -> None:
    start(rig, "brain_crush", "left")  # Players: 3
    rig.keys("ok")  # Ann took a set: the picker opens
    assert rig.app.texts[:5] == ["Ann", "Y", "G", "R", "B"]
    switch(rig, "ja")
    assert rig.app.texts[:5] == ["Ann", "黄", "緑", "赤", "青"]
    rig.keys("ok")  # Yellow's three 5s
    assert crush.round_points(rig.app.session.state) == (15, 0, 0)
    assert "ラウンド 1/3" in rig.text and "1組取得" in rig.app.texts
    rig.keys("ok", "ok")  # Ben claims Yellow's 5s again: refused, in Japanese
    assert "黄の5の組は" in rig.app.message
    rig.keys("back", "back", "right")  # close it, leave the picker; Ben: no set
    assert rig.app.session.state.to_play == 2
    switch(rig, "en")
    assert "Round 1/3" in rig.text and "1 set" in rig.app.texts


def test_area_tiles_changes_language_during_the_area_entry(rig: Rig) -> None:
    start(rig, "area_tiles")
    assert "OK: all tiles placed" in rig.text
    switch(rig, "ja")
    assert "エリアタイル" in rig.text and "OK:全部置いたら集計" in rig.text
    rig.keys("ok", "ok")  # start scoring; Ann's (red) first area
    rig.keys("up", "up", "up", "ok", "back")  # 7 blocks = 3 points
    assert "Annのエリア" in rig.text and " 7個 = 3点" in rig.app.texts
    switch(rig, "en")
    assert "Ann's areas" in rig.text and " 7 blk = 3" in rig.app.texts
    state = rig.app.session.state
    assert state.phase == "scoring" and [a.blocks for a in state.areas[0]] == [7]
