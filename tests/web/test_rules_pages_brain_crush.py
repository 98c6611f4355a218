"""Issue 41 (m6): Brain Crush's rules page is its own: the rulebook's rules in its terms
(組, 市松模様, 続けてプレイすることはできません), then the box's keys; it no longer opens
with the Four-Colour Stones text of the docs page the two games share, and it has no
English example names or developer detail."""

from __future__ import annotations

import re

from tests.web.conftest import pair


def article(page: str) -> str:
    found = re.search(r'<article class="rules">(.*?)</article>', page, re.S)
    assert found, page
    return found.group(1)


def test_brain_crush_s_page_is_its_own_in_both_languages(client, folder, clock) -> None:
    pair(client, folder, clock)
    ja = article(client.get("/rules/brain_crush?lang=ja").get_data(as_text=True))
    en = article(client.get("/rules/brain_crush?lang=en").get_data(as_text=True))
    first_ja = re.sub(r"<[^>]+>", "", ja).strip().partition("。")[0]
    assert "脳みそクラッシュ" in first_ja and "飛びこえ" not in ja, first_ja
    for term in ("市松模様", "10pのコマ", "続けてプレイすることはできません", "OK長押し"):
        assert term in ja, term
    assert "Brain Crush" in re.sub(r"<[^>]+>", "", en).strip().partition(".")[0]
    assert "jump" not in en.lower() and "checkerboard" in en
    for text in (ja, en):
        assert not re.search(r"\b(Ann|Ben|Bob|Cleo|Dan)\b", text)  # no English examples
        for detail in ("描き直", "redraw", "house rule", "solo_energy", "bus"):
            assert detail not in text, detail
