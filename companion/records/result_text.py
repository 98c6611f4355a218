"""A finished game's detail sentence in the language in use.

The log keeps a result's detail twice: ``detail``, the English sentence (what logs
written before 0.3 have alone), and ``sentences``, each one's template and values
(:class:`companion.api.rules.Said`). Shown to a person, the templates go through the
game's own catalogue, so a game finished in English reads in Japanese once the box
speaks Japanese, and the other way round.

>>> detail({"detail": "3 rolls", "sentences": [
...     {"t": "{n} roll", "p": "{n} rolls", "n": "n", "params": {"n": 3}}]}, "dice_roller")
'3 rolls'
>>> detail({"detail": "an old sentence"}, "dice_roller")
'an old sentence'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.config import registry
from companion.core import i18n, seat_names
from companion.core.wording import joined

#: The joiners games give :func:`companion.api.rules.listed` (a game's own catalogue
#: may translate them too; the core's is the fallback).
JOINERS = (i18n.N_(", "), i18n.N_(" and "), i18n.N_(" & "))


def _translator(kind: str) -> i18n.Translator:
    info = registry.find(kind)
    return i18n.package_translator(info.rules if info is not None else "companion")


def _sentence(part: Mapping[str, Any], t: i18n.Translator) -> str:
    params = dict(part.get("params") or {})
    words = set(part.get("words") or ())
    for key, value in params.items():
        if key in words and isinstance(value, str):
            params[key] = t.gettext(value)
        elif isinstance(value, str):
            params[key] = seat_names.shown(value)  # "Guest 2" → 「ゲスト2」
        elif isinstance(value, dict) and isinstance(value.get("items"), list):
            params[key] = {**value, "items": [seat_names.shown(str(n)) for n in value["items"]]}
    singular, plural, count = part.get("t"), part.get("p"), params.get(part.get("n"))
    if not isinstance(singular, str):
        raise TypeError("a sentence without its template")  # detail() shows the English
    if plural is not None and isinstance(count, int):
        template = t.ngettext(singular, plural, count)
    else:
        template = t.gettext(singular)
    return template.format(**{k: joined(v, t.gettext) for k, v in params.items()})


def sentence(part: Mapping[str, Any], kind: str) -> str:
    """One stored sentence (``Said.to_json()``) of game ``kind``, in the language in use;
    its English template where it does not fit."""
    try:
        return _sentence(part, _translator(kind))
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return str(part.get("t", ""))


def detail(result: Mapping[str, Any] | None, kind: str) -> str:
    """The detail of a stored ``result`` (``Result.to_json()``) of game ``kind``, in the
    language in use; the stored English where it has no sentences or they do not fit."""
    result = result or {}
    english = str(result.get("detail") or "")
    parts = result.get("sentences")
    if not parts:
        return english
    t = _translator(kind)
    try:
        shown = [_sentence(p, t) for p in parts]
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return english  # a damaged or foreign sentence: the English still says it
    joined = shown[0]
    for nxt in shown[1:]:
        joined = i18n._("{sentence} {next}").format(sentence=joined, next=nxt)
    return joined
