"""Guards that cut names on the Genial Spezial screens never read alike: two players
whose names lose their distinguishing end to the column keep it ("Guest 1", "Guest 2")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.games.genial.screens.names import short_names
from companion.testing import Rig
from companion.ui.fonts import text_width


def test_a_cut_that_makes_names_alike_keeps_their_ends() -> None:
    assert short_names(["Guest 1", "Guest 2"], 36) == ["Guest1", "Guest2"]
    assert short_names(["Guest 1", "Guest 2", "Ann"], 30) == ["G1", "G2", "Ann"]
    assert short_names(["Anna-Lena", "Anna-Lisa"], 36) == ["Annana", "Annasa"]


def test_names_that_fit_or_differ_early_are_only_cut_at_the_end() -> None:
    assert short_names(["Ann", "Bob"], 36) == ["Ann", "Bob"]
    assert short_names(["Alexandra", "Bartholomew"], 36) == ["Alexan", "Bartho"]
    assert short_names(["Guest 1", "Gues1"], 30) == ["G1", "Gues1"]


def test_a_japanese_guest_is_never_cut_into_a_rude_word(japanese) -> None:  # noqa: ANN001
    # 「ゲスト1」 cut to the column read 「ゲス1」: ゲス is an insult
    assert short_names(["ゲスト1", "ゲスト2", "Ann"], 30) == ["客1", "客2", "Ann"]
    assert short_names(["Guest 1", "G1"], 30) != ["G1", "G1"]


def test_names_alike_to_the_end_fall_back_on_the_seat() -> None:
    assert short_names(["Maximilian A. Smith", "Maximilian B. Smith"], 36) == [
        "1 Maxi", "2 Maxi"]


@given(st.lists(st.text(alphabet="abcdeAB 12", min_size=1, max_size=12), min_size=2,
                max_size=4, unique=True), st.integers(min_value=24, max_value=60))
def test_shortened_names_fit_and_never_collide(names: list[str], width: int) -> None:
    short = short_names(names, width)
    assert len(set(short)) == len(short), (names, short)
    assert all(text_width(s, "text") <= width for s in short)
    assert all(s == n for s, n in zip(short, names, strict=True)
               if text_width(n, "text") <= width)


def test_the_score_table_and_the_standings_tell_guest_1_from_guest_2() -> None:
    rig = Rig()
    rig.app.start_game("genial", {"players": ["Guest 1", "Guest 2"], "first": 0})
    rig.keys("up", "ok", "down", "ok")
    assert {"Guest1", "Guest2"} <= set(rig.app.texts)
    rig.keys("roll")
    assert "Standings: low..high" in rig.text
    assert {"Guest1", "Guest2"} <= set(rig.app.texts)
    rig.close()
