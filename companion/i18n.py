"""Every word a person reads goes through here: gettext catalogues, Babel for numbers.

English is the source language; ``companion/locale/<lang>/LC_MESSAGES/companion.po``
holds each translation. The ``.mo`` files are compiled when the package is built or
installed (``_build_hooks.py``); a source tree whose ``.po`` is newer than its ``.mo``
(or has none) is compiled in memory, so a fresh clone needs no extra step.

>>> use("en")
>>> _("Game over")
'Game over'
>>> ngettext("{n} play", "{n} plays", 2).format(n=number(2))
'2 plays'
>>> use("ja"); _("Game over")
'ゲーム終了'
>>> use("en")

Sentences with values use named fields, translated first and filled in after, so a
translation can put them in its own order: ``_("{name} wins").format(name=...)``.
Texts that must be marked where they are written but translated later (a rule's
message, a menu label in a table) are wrapped in :func:`N_`.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "companion"
LANGUAGES = ("en", "ja")
NAMES = {"en": "English", "ja": "日本語"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}


def _load(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    if lang not in _cache:
        folder = LOCALE_DIR / lang / "LC_MESSAGES"
        po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
        if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
            with open(mo, "rb") as fp:
                _cache[lang] = gettext.GNUTranslations(fp)
        else:
            _cache[lang] = gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    return _cache[lang]


def compile_po(po: Path) -> bytes:
    """The ``.mo`` bytes of the catalogue at ``po`` (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as fp:
        catalog = read_po(fp)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def use(lang: str) -> None:
    """Speak ``lang`` from now on (one of :data:`LANGUAGES`)."""
    global _current, _translations
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}.")
    _translations = _load(lang)
    _current = lang


def language() -> str:
    """The language in use: ``"en"`` or ``"ja"``."""
    return _current


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else en.

    >>> from_environment({"LANG": "ja_JP.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
    ('ja', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            code = value.split(":")[0].split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the language in use."""
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; :func:`_` translates it later."""
    return message


def number(value: float) -> str:
    """A number as the language writes it (thousands separators and all).

    >>> number(1600)
    '1,600'
    """
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_current)
