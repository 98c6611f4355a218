"""Guards Genial Spezial's setup against starting with a seat nobody sits in: Start with
"+ New player" still in a seat says which seat has nobody (as every other game's setup
does) instead of opening the board and logging a player called "+ New player"."""

from __future__ import annotations

import pytest

from companion.testing import Rig

ROSTER = ("Ann", "Bob")


def to_start_with_an_empty_seat(rig: Rig) -> None:
    rig.open_game("genial")
    rig.keys("down", "down", "right", "right")  # seat 2: Bob → Guest 2 → + New player
    assert "Seat 2: + New player" in rig.app.texts
    rig.keys("down", "down")  # past Starts to Start


def test_start_with_nobody_in_a_seat_says_so_and_starts_nothing(rig: Rig) -> None:
    to_start_with_an_empty_seat(rig)
    rig.keys("ok")
    assert rig.app.message is not None and "Seat 2 has nobody yet" in rig.app.message
    rig.keys("ok", "ok")  # the message goes; Start again: still refused
    assert rig.app.session is None
    assert rig.store.history() == [] and rig.store.unfinished() is None
    assert rig.store.player("+ New player") is None


def test_the_japanese_box_says_it_in_japanese(rig: Rig, japanese: None) -> None:
    rig.app.change_setting("language", "ja")
    rig.open_game("genial")
    rig.keys("down", "down", "right", "right", "down", "down", "ok")
    assert rig.app.message is not None and "席2" in rig.app.message
    assert rig.app.session is None


@pytest.mark.parametrize("seat", ["Bob", "Guest 2"])
def test_a_seated_game_still_opens_the_board_then_starts(rig: Rig, seat: str) -> None:
    rig.open_game("genial")
    rig.keys("down", "down", *(["right"] if seat == "Guest 2" else []), "down", "down")
    rig.keys("ok")  # Start: the board for two
    assert rig.app.session is None and "OK=go  DOWN=details" in rig.app.texts
    rig.keys("ok")
    assert rig.app.session is not None
    assert rig.app.session.options["players"] == ["Ann", seat]
