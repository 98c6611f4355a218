"""Guards that the box is fully bilingual: every package that shows words (the core,
every built-in game, the example plugin) has a Japanese catalogue, and no message its
code marks is left untranslated (the same check as ``tools/translations.py --check``)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import translations  # noqa: E402

from companion.config import registry  # noqa: E402


def test_every_built_in_game_has_a_japanese_catalogue() -> None:
    for key in registry.built_in():
        po = ROOT / "companion" / "games" / key / "locale" / "ja" / "LC_MESSAGES" / "messages.po"
        assert po.is_file(), f"{key} has no Japanese catalogue"


def test_no_catalogue_entry_is_left_untranslated() -> None:
    missing = {}
    for po, _lang, tmpl, current in translations.catalogues():
        todo = translations.untranslated(tmpl, current)
        if todo:
            missing[str(po.relative_to(ROOT))] = todo[:5]
    assert not missing, f"untranslated: {missing}"


def test_the_check_finds_an_untranslated_message() -> None:
    from babel.messages.catalog import Catalog

    tmpl, current = Catalog(), Catalog(locale="ja")
    tmpl.add("Game over")
    tmpl.add("Settings")
    current.add("Settings", "設定")
    assert translations.untranslated(tmpl, current) == ["Game over"]


def test_a_short_title_has_its_own_translation_where_the_english_is_the_same() -> None:
    """Genial's English short and full titles are the same words; Japanese has two."""
    from companion.config import registry
    from companion.core import i18n

    try:
        i18n.use("ja")
        assert registry.title("genial") == "頭脳絶好調スペシャル"
        assert registry.title("genial", short=True) == "頭脳絶好調SP"
        assert registry.title("brikks", short=True) == registry.title("brikks")
    finally:
        i18n.use("en")
    assert registry.title("genial") == registry.title("genial", short=True) == "Genial Spezial"
