"""Every word a person reads goes through here: gettext catalogues, Babel for numbers.

English is the source language. Each package that shows words keeps its own catalogue,
``<package>/locale/<lang>/LC_MESSAGES/messages.po``: the core's is ``companion/core/locale``,
and a game's lives in the game's package, so a game installed from elsewhere brings its
own translations. The ``.mo`` files are compiled when the package is built or installed
(``_build_hooks.py``); a source tree whose ``.po`` is newer than its ``.mo`` (or has
none) is compiled in memory, so a fresh clone needs no extra step.

A module uses the core's messages with ``from companion.core.i18n import _``; a game's
modules use their package's with ``_, ngettext = translator(__name__)`` (falling back to
the core's catalogue).

>>> use("en")
>>> _("Game over")
'Game over'
>>> ngettext("{n} play", "{n} plays", 2).format(n=number(2))
'2 plays'
>>> use("ja"); _("Settings")
'設定'
>>> use("en")

Sentences with values use named fields, translated first and filled in after, so a
translation can put them in its own order: ``_("{name} wins").format(name=...)``.
Texts that must be marked where they are written but translated later (a rule's
message, a menu label in a table) are wrapped in :func:`N_`.
"""

from __future__ import annotations

import functools
import gettext
import importlib.util
import io
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

DOMAIN = "messages"
LANGUAGES = ("en", "ja")
NAMES = {"en": "English", "ja": "日本語"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"
#: A language for one thread alone (:func:`use_here`).
_here = threading.local()
_cache: dict[tuple[Path, str], gettext.NullTranslations] = {}


def _load(folder: Path, lang: str) -> gettext.NullTranslations:
    """The catalogue of language ``lang`` under locale folder ``folder`` (cached)."""
    if lang == "en":
        return gettext.NullTranslations()
    if (folder, lang) not in _cache:
        try:
            found = _read(folder / lang / "LC_MESSAGES")
        except Exception as err:  # a game package's catalogue may be damaged in any way
            if folder == LOCALE_DIR:
                raise
            # its words stay in English (the core's still translate); doctor says why
            unreadable[folder, lang] = f"{type(err).__name__}: {' '.join(str(err).split())}"
            found = gettext.NullTranslations()
        if folder != LOCALE_DIR:
            found.add_fallback(_load(LOCALE_DIR, lang))
        _cache[folder, lang] = found
    return _cache[folder, lang]


#: (locale folder, language) → why that game package's catalogue could not be read.
unreadable: dict[tuple[Path, str], str] = {}


def _read(where: Path) -> gettext.NullTranslations:
    """The catalogue in ``where`` (an ``LC_MESSAGES`` folder): its ``.mo``, or its
    ``.po`` compiled in memory where that is newer or alone."""
    po, mo = where / f"{DOMAIN}.po", where / f"{DOMAIN}.mo"
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with open(mo, "rb") as fp:
            return gettext.GNUTranslations(fp)
    if po.is_file():
        return gettext.GNUTranslations(io.BytesIO(compile_po(po)))
    return gettext.NullTranslations()


def catalogue_problem(module: str, lang: str) -> str | None:
    """Why the ``lang`` catalogue of ``module``'s package cannot be read (one line,
    ``"OSError: Bad magic number: …"``), or None when it reads (or it has none)."""
    folder = package_translator(module).folder
    _load(folder, lang)
    return unreadable.get((folder, lang))


class Translator:
    """The messages of one package in the language in use (it may change at any time)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def gettext(self, message: str, lang: str | None = None) -> str:
        """``message`` in the language in use, or in ``lang``."""
        return _load(self.folder, lang or language()).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _load(self.folder, language()).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, lang: str | None = None) -> str:
        """``message`` as translated in ``context`` (``msgctxt``), else as plain
        :meth:`gettext` translates it: one English word may need two translations."""
        found = _load(self.folder, lang or language()).pgettext(context, message)
        return found if found != message else self.gettext(message, lang)


@functools.cache  # looked up on the way to every frame that names a game
def package_translator(module: str) -> Translator:
    """The :class:`Translator` of the package of ``module``: the nearest package above
    it with a ``locale`` folder (else the core's)."""
    parts = module.split(".")
    for depth in range(len(parts), 0, -1):
        spec = importlib.util.find_spec(".".join(parts[:depth]))
        if spec is not None and spec.submodule_search_locations:
            folder = Path(next(iter(spec.submodule_search_locations))) / "locale"
            if folder.is_dir():
                return Translator(folder)
    return Translator(LOCALE_DIR)


def translator(module: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """``_`` and ``ngettext`` for the package of ``module`` (:func:`package_translator`).

    >>> _g, _n = translator("companion.games.genial.screens")
    >>> _g("Game over")
    'Game over'
    """
    t = package_translator(module)
    return t.gettext, t.ngettext


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
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}.")
    _load(LOCALE_DIR, lang)
    _current = lang


def use_here(lang: str | None) -> None:
    """Speak ``lang`` in this thread only, whatever the process speaks (None: speak as
    the process does again). The phone page serves requests side by side, each in its
    phone's language.

    >>> import threading
    >>> use_here("ja"); seen = []
    >>> t = threading.Thread(target=lambda: seen.append(_("Settings"))); t.start(); t.join()
    >>> _("Settings"), seen, language()
    ('設定', ['Settings'], 'ja')
    >>> use_here(None); language()
    'en'
    """
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}.")
    if lang is not None:
        _load(LOCALE_DIR, lang)
    _here.lang = lang


def language() -> str:
    """The language in use: ``"en"`` or ``"ja"`` (this thread's own, if it has one)."""
    return getattr(_here, "lang", None) or _current


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


_core = Translator(LOCALE_DIR)


def _(message: str) -> str:
    """``message`` in the language in use (the core's catalogue)."""
    return _core.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the language in use."""
    return _core.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; :func:`_` translates it later."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context`` (a ``msgctxt``), for an English
    word that needs its own translation there: ``NC_("short title", "Genial Spezial")``."""
    return message


def number(value: float) -> str:
    """A number as the language writes it (thousands separators and all).

    >>> number(1600)
    '1,600'
    """
    from babel.numbers import format_decimal

    return format_decimal(value, locale=language())


class Notice(str):
    """A message made before it is shown, perhaps in another language than the one it
    will be read in (the log's state at start-up is known before the box's Settings
    are): the English text, which it is, plus its template and values, so that
    :meth:`translated` gives it in the language in use, as a translatable error's does.
    A value that is itself translatable is translated too; ``plural`` makes it a
    counted message (the count is the value ``n``).

    >>> full = Notice("Not saving games: {why}.", why=Notice("the storage is full"))
    >>> full
    'Not saving games: the storage is full.'
    >>> use("ja"); full.translated(); use("en")
    'ゲームを保存していません: 記憶領域がいっぱいです。'
    """

    template: str
    plural: str | None
    params: dict[str, object]

    def __new__(cls, template: str, plural: str | None = None, **params: object) -> Notice:
        english = plural if plural is not None and params.get("n") != 1 else template
        self = super().__new__(cls, english.format(**params) if params else english)
        self.template, self.plural, self.params = template, plural, params
        return self

    def translated(self, gettext: Callable[[str], str] = _) -> str:
        """The message in the language in use (a counted one from the core catalogue)."""
        if self.plural is not None:
            text = ngettext(self.template, self.plural, int(self.params["n"]))  # type: ignore[call-overload]
        else:
            text = gettext(self.template)
        values = {k: shown(v, gettext) for k, v in self.params.items()}
        return text.format(**values) if values else text


def notice_n(singular: str, plural: str, n: int, **params: object) -> Notice:
    """A counted :class:`Notice`: ``notice_n("{n} game", "{n} games", 3)``."""
    return Notice(singular, plural, n=n, **params)


def shown(value: Any, gettext: Callable[[str], str] = _) -> Any:
    """``value`` as a person reads it in the language in use: anything translatable (a
    :class:`Notice`, a translatable error) translated, anything else as it is."""
    translated = getattr(value, "translated", None)
    return translated(gettext) if callable(translated) else value
