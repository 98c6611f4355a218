"""Guards both languages on every screen: each screenshot scene renders in English and
in Japanese with every character drawn by a real glyph (no tofu, no "?")."""

from __future__ import annotations

import pytest

from companion.core import i18n
from companion.owner import screenshots
from companion.ui.fonts import LOOKALIKES, needs_japanese


def undrawable(text: str) -> str:
    """The characters of ``text`` that no bundled font draws."""
    if needs_japanese(text):
        from companion.ui.fonts import japanese

        return japanese.missing(text)
    return "".join(c for c in text if ord(c) > 255 and c not in LOOKALIKES)


@pytest.fixture(autouse=True)
def english_after() -> None:
    yield
    i18n.use("en")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("name", screenshots.names())
def test_every_character_has_a_glyph(name: str, language: str) -> None:
    app = screenshots.make_app(language=language)
    app.start()
    screenshots.scenes()[name](app)
    app.redraw()
    app.render()
    for text in app.texts:
        bad = undrawable(text)
        assert not bad, f"{name} ({language}): no glyph for {bad!r} in {text!r}"


def test_a_character_no_font_has_is_caught() -> None:
    assert undrawable("Ann \u0950") == "\u0950"
    assert undrawable("はな\U0001F600") != ""
