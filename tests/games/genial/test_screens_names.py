"""Names on the Genial Spezial screens: never characters dropped from the middle (issue 35:
山田 一郎 and 山田 花子 read 「山田郎」「山田子」, two other people), and two cut names never
read alike ("Guest 1", "Guest 2")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.core.roster import normalise
from companion.core.seat_names import table_names
from companion.testing import Rig
from companion.ui.fonts import text_width


def short_names(names: list[str], width: int) -> list[str]:
    return [s for s, _cut in table_names(names, lambda t: text_width(t, "text") <= width)]


def test_guests_keep_their_seat_number() -> None:
    assert short_names(["Guest 1", "Guest 2"], 36) == ["Guest1", "Guest2"]
    assert short_names(["Guest 1", "Guest 2", "Ann"], 30) == ["G1", "G2", "Ann"]


def test_names_that_fit_are_whole_and_the_others_cut_with_a_mark() -> None:
    assert short_names(["Ann", "Bob"], 36) == ["Ann", "Bob"]
    assert short_names(["Alexandra", "Bartholomew"], 36) == ["Alexa.", "Barth."]
    assert short_names(["Guest 1", "Gues1"], 30) == ["G1", "Gues1"]


def test_two_anns_are_ann_b_and_ann_k() -> None:
    assert short_names(["Ann Baker", "Ann King", "Dev"], 36) == ["Ann B.", "Ann K.", "Dev"]


def test_a_shared_family_name_leaves_the_given_names(japanese) -> None:  # noqa: ANN001
    names = ["山田 一郎", "山田 花子", "健太", "ゆい"]
    assert short_names(names, 36) == ["一郎", "花子", "健太", "ゆい"]
    # where even distinct family names do not fit, everybody by the given name, never
    # 「山田…」「佐藤…」 (the README's rule, issue 41)
    assert short_names(["山田 一郎", "佐藤 健太"], 36) == ["一郎", "健太"]


def test_a_japanese_guest_is_never_cut_into_a_rude_word(japanese) -> None:  # noqa: ANN001
    # 「ゲスト1」 cut to the column read 「ゲス1」: ゲス is an insult
    assert short_names(["ゲスト1", "ゲスト2", "Ann"], 30) == ["客1", "客2", "Ann"]
    assert short_names(["Guest 1", "G1"], 30) != ["G1", "G1"]


def test_names_alike_to_the_end_fall_back_on_the_seat() -> None:
    assert short_names(["Maximilian A. Smith", "Maximilian B. Smith"], 36) == [
        "1Maxi.", "2Maxi."]
    assert short_names(["Anna-Lena", "Anna-Lisa"], 36) == ["1Anna.", "2Anna."]


@given(st.lists(st.text(alphabet="abcdeAB 12", min_size=1, max_size=12).map(normalise)
                .filter(bool), min_size=2, max_size=4, unique=True),
       st.integers(min_value=24, max_value=60))
def test_shortened_names_fit_never_collide_and_are_starts(names: list[str],
                                                         width: int) -> None:
    short = short_names(names, width)
    assert len(set(short)) == len(short), (names, short)
    assert all(text_width(s, "text") <= width for s in short)
    for seat, (s, n) in enumerate(zip(short, names, strict=True), 1):
        if text_width(n, "text") <= width:
            assert s == n
        else:  # a start of the name (after its seat number when two read alike), cut
            assert s.endswith(".") and (n.startswith(s[:-1]) or
                                        f"{seat}{n}".startswith(s[:-1])), (n, s)


def test_the_score_table_and_the_standings_tell_guest_1_from_guest_2() -> None:
    rig = Rig()
    rig.app.start_game("genial", {"players": ["Guest 1", "Guest 2"], "first": 0})
    rig.keys("up", "ok", "down", "ok")
    assert {"Guest1", "Guest2"} <= set(rig.app.texts)
    rig.keys("roll")
    assert "Standings: low..high" in rig.text
    assert {"Guest1", "Guest2"} <= set(rig.app.texts)
    rig.close()
