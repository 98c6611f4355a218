"""Issue 41 / 44: a Japanese rules page explains each house rule as the English page
does, in a Japanese sentence; it showed the config file's names (``solo_energy 5``,
``long_game いいえ``) where a game's descriptions were not marked for translation."""

from __future__ import annotations

import re

import pytest

from companion.config import registry
from tests.web.conftest import pair

GAMES = [key for key in registry.discover()
         if (info := registry.find(key)) is not None and info.house_rules]


def summary(page: str) -> str:
    found = re.search(r'<div class="card">(.*?)</div>', page, re.S)
    assert found, page
    return found.group(1)


@pytest.mark.parametrize("key", GAMES)
def test_each_house_rule_is_a_japanese_sentence(client, folder, clock, key: str) -> None:
    pair(client, folder, clock)
    card = summary(client.get(f"/rules/{key}?lang=ja").get_data(as_text=True))
    assert "<code>" not in card, card
    info = registry.find(key)
    assert info is not None
    for rule in info.house_rules.values():
        assert rule.description.split(":")[0] not in card, rule.description
    items = re.findall(r"<li>(.*?)</li>", card, re.S)
    assert len(items) == len(info.house_rules)
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", item) for item in items), items


def test_a_one_player_game_says_one_player(client, folder, clock, monkeypatch) -> None:
    """Issue 44: "1 players" on a game for one; the count goes through ngettext."""
    import dataclasses

    from companion.web import rules_pages

    real = registry.find
    solo = dataclasses.replace(real("brikks"), min_players=1, max_players=1)
    monkeypatch.setattr(rules_pages.registry, "find",
                        lambda key: solo if key == "brikks" else real(key))
    pair(client, folder, clock)
    page = client.get("/rules/brikks?lang=en").get_data(as_text=True)
    assert "<p>1 player</p>" in page and "1 players" not in page
