"""Issue 35 (F1): a name on the screen is never another name. The Japanese evening saw
山田 一郎 and 山田 花子 as 「山田郎」「山田子」 on the Genial score table, 「山田 一」 and 「山田」
elsewhere, and `companion history` cut 健太 to 「健」. A name shown is the whole name, the
given name where the family name is shared at the table (「一郎」「花子」), or a start of
the name with a mark that it is cut (「佐藤…」, "Ann B.").

A seeded walk through every game with the evening's names, at a table of four, checks
every text drawn on every frame."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from companion.core.seat_names import CUT_JA, CUT_LATIN, family_given
from companion.testing import Rig, presses_through
from companion.ui.name_entry import NameEntry

EVENING = ("山田 一郎", "山田 花子", "佐藤 健太", "ゆい")
FRIENDS = ("Ann Baker", "Ann King", "Devendra Rao", "Sam")
GAMES = ("genial", "brikks", "brain_robbery", "four_stones", "brain_crush", "area_tiles",
         "score_pad", "turn_timer")


def mangled(text: str, table: Sequence[str]) -> list[str]:
    """The places in ``text`` where a name of ``table`` is shown as something else than
    the whole name, the given name of a shared family name, or a start with a cut mark.

    >>> yamada = ["山田 一郎", "山田 花子"]
    >>> mangled("山田郎 12", yamada), mangled("一郎 12", yamada), mangled("山田…", yamada)
    (['山田郎 12'], [], [])
    """
    rest = text
    for name in sorted(table, key=len, reverse=True):
        rest = rest.replace(name, "\0")
    families = [family_given(n) for n in table]
    for parts in families:
        if parts and sum(1 for f in families if f and f[0] == parts[0]) > 1:
            rest = rest.replace(parts[1], "\0")
    found = []
    for name in table:
        trigger = name[:2] if family_given(name) or not name.isascii() else name[:5]
        if len(name) <= len(trigger):
            continue
        at = rest.find(trigger)
        while at >= 0:
            tail = rest[at:]
            if not any(tail.startswith(other[:end].rstrip() + mark) for other in table
                       for end in range(1, len(other)) for mark in (CUT_JA, CUT_LATIN)):
                found.append(text)
            at = rest.find(trigger, at + 1)
    return sorted(set(found))


def table_walk(key: str, names: tuple[str, ...], language: str, presses: int = 250,
               seed: int = 35) -> list[str]:
    """Open ``key`` with ``names`` at the table (as many as it seats), press ``presses``
    seeded random keys, and return every mangled name on any frame."""
    rig = Rig(seed=seed, language=language, players=names)
    found: set[str] = set()
    try:
        for _frame in presses_through(rig, key, presses=presses, seed=seed, most_seats=True):
            painter = rig.app.painter
            if painter is not None and not isinstance(rig.app.top, NameEntry):  # typing
                for drawn in painter.drawn:
                    found.update(f"{type(rig.app.top).__name__}: {t!r}"
                                 for t in mangled(drawn.text, names))
    finally:
        rig.close()
    return sorted(found)


@pytest.mark.parametrize("key", GAMES)
def test_the_japanese_evening_sees_no_mangled_name(key: str) -> None:
    assert table_walk(key, EVENING, "ja") == []


@pytest.mark.parametrize("key", GAMES)
def test_the_english_evening_sees_no_mangled_name(key: str) -> None:
    assert table_walk(key, FRIENDS, "en") == []


def test_the_genial_score_table_calls_the_two_yamada_by_their_given_names() -> None:
    rig = Rig(language="ja", players=EVENING)
    try:
        rig.app.start_game("genial", {"players": list(EVENING), "first": 0})
        rig.keys("up", "ok", "down", "ok")
        drawn = [d.text for d in rig.app.painter.drawn]
        assert {"一郎", "花子", "ゆい"} <= set(drawn), drawn
        assert not [t for t in drawn if mangled(t, EVENING)], drawn
    finally:
        rig.close()


def test_two_anns_are_ann_b_and_ann_k_on_the_genial_score_table() -> None:
    rig = Rig(players=FRIENDS)
    try:
        rig.app.start_game("genial", {"players": list(FRIENDS), "first": 0})
        rig.keys("up", "ok", "down", "ok")
        drawn = [d.text for d in rig.app.painter.drawn]
        assert {"Ann B.", "Ann K.", "Deven.", "Sam"} <= set(drawn), drawn
        assert not [t for t in drawn if mangled(t, FRIENDS)], drawn
    finally:
        rig.close()
