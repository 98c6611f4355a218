"""Lists of names inside a sentence, joined as the language in use joins them.

Shared by the rules, which keep a result's detail as templates and values
(:func:`companion.api.rules.listed`), and by :mod:`companion.records.result_text`, which shows
them: a list value is ``{"items": [...], "sep": ", ", "last": " and "}``.

>>> joined({"items": ["Ann", "Bob", "Cy"], "sep": ", ", "last": " and "})
'Ann, Bob and Cy'
>>> joined(7)
7
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def joined(value: Any, translate: Callable[[str], str] | None = None) -> Any:
    """``value`` as it goes into a sentence: a list of names joined up, the joiners
    through ``translate`` when given; anything else as it is."""
    if isinstance(value, dict) and "items" in value:
        items = [str(i) for i in value["items"]]
        sep, last = str(value.get("sep", ", ")), str(value.get("last", " and "))
        if translate is not None:
            sep, last = translate(sep), translate(last)
        return sep.join(items[:-1]) + last + items[-1] if len(items) > 1 else "".join(items)
    return value
