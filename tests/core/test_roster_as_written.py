"""Guards issue 44 ("names as people write them"): every Unicode space (U+3000 from a
Japanese keyboard, a no-break space, the thin spaces) is a space; a name arrives composed
(a decomposed "é" is "é"); names alike apart from accents, case or width are found, kana
voicing marks are not accents. Tabs and line breaks stay refused."""

from __future__ import annotations

import unicodedata

import pytest

from companion.core import roster
from companion.core.errors import BadName


@pytest.mark.parametrize("space", ["\u3000", "\u00a0", "\u2009", "\u202f", "\u1680"])
def test_every_unicode_space_is_a_space(space: str) -> None:
    assert roster.clean_name(f"山田{space}一郎") == "山田 一郎"
    assert roster.name_key(f"Ann{space}Lee") == roster.name_key("ann lee")


def test_a_decomposed_accent_arrives_composed() -> None:
    name = roster.clean_name("Chloe\u0301")
    assert name == "Chloé" and len(name) == 5 and unicodedata.is_normalized("NFC", name)
    # 13 code points as typed, 12 characters as saved: counted composed
    assert roster.clean_name("Sebastian Mu\u0308") == "Sebastian Mü"


@pytest.mark.parametrize("bad", ["Ann\tLee", "Ann\nLee", "Ann\u2028Lee"])
def test_tabs_and_line_breaks_stay_refused(bad: str) -> None:
    with pytest.raises(BadName):
        roster.clean_name(bad)


def test_names_alike_apart_from_accents_case_and_width() -> None:
    assert roster.near("Chloé", ["Chloe", "CHLOE", "Zoe", "Chloé"]) == ["Chloe", "CHLOE"]
    assert roster.near("ＣＨＬＯＥ", ["Chloé"]) == ["Chloé"]
    assert roster.near("ゆうご", ["ゆうこ"]) == []  # another name, not an accent apart
    assert roster.near("Ann", ["Anna"]) == []
