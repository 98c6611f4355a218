"""Guards the pictures in the docs: every screen picture and wiring drawing is what the
code produces now (regenerate with `make screenshots` and `make wiring`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from companion.config import registry
from companion.config.file import preset_names
from companion.config.registry import find
from companion.owner import screenshots, wiring

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("name", screenshots.names())
def test_screen_pictures_match_the_renderer(name: str, language: str) -> None:
    folder = "docs/screens" if language == "en" else "docs/screens/ja"
    path = ROOT / folder / f"{name}.png"
    assert path.exists(), f"{folder}/{name}.png is missing: run make screenshots"
    now = screenshots.scaled(screenshots.render(name, language), 4)
    committed = Image.open(path).convert("RGB")
    assert committed.size == now.size
    assert ImageChops.difference(now, committed).getbbox() is None, \
        f"{folder}/{name}.png is stale: run make screenshots"


@pytest.mark.parametrize("name", preset_names())
def test_wiring_drawings_match_the_presets(name: str) -> None:
    path = ROOT / "hardware" / f"{name}.svg"
    assert path.read_text(encoding="utf-8") == wiring.svg(name), \
        f"hardware/{name}.svg is stale: run make wiring"


def test_wiring_marks_every_configured_button() -> None:
    text = wiring.svg("adafruit-oled-bonnet")
    for label in ("UP button", "OK button →  GPIO4  7", "SSD1306 SDA →  GPIO2  3"):
        assert label in text


PAGES = {"brain_crush": "four_stones"}


@pytest.mark.parametrize("key", [k for k in registry.built_in()
                                 if k not in ("dice_roller", "dice_test")])
def test_every_house_rule_is_on_its_game_page(key: str) -> None:
    page = (ROOT / "docs" / f"{PAGES.get(key, key)}.md").read_text(encoding="utf-8")
    for rule in find(key).house_rules:
        assert re.search(rf"\b{rule}\b", page), \
            f"docs/{PAGES.get(key, key)}.md does not explain {rule}"
