"""Columns of a plain-text table that line up in a terminal with Japanese in them.

Kana and kanji take two character cells, so ``f"{name:12}"`` misaligns a Japanese name;
these pad and cut by cells instead.

>>> left("はな", 6) + "|", right("42", 4) + "|"
('はな  |', '  42|')
>>> left("Genial Spezial", 6) + "|"
'Genia…|'
"""

from __future__ import annotations

from unicodedata import east_asian_width

from companion.core.printable import printable


def cells(text: str) -> int:
    """How many character cells ``text`` takes in a terminal: kana and kanji take two."""
    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text)


def cut(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` cells, ending with "…" when it was cut (a cut
    name never reads as another name: 「健」 for 健太); one pass, however long ``text`` is.

    >>> cut("グレート・ブレイン・ロバリー", 12), cut("abc", 0)
    ('グレート・…', '')
    """
    used = 0
    for c in text:
        used += 2 if east_asian_width(c) in "WF" else 1
        if used > width:
            break
    else:
        return text
    if width < 1:
        return ""
    kept, used = [], 0
    for c in text:
        wide = 2 if east_asian_width(c) in "WF" else 1
        if used + wide > width - 1:
            break
        kept.append(c)
        used += wide
    return "".join(kept).rstrip() + "…"


def left(text: object, width: int) -> str:
    """``text`` cut to ``width`` cells and padded on the right to exactly that (a
    control character written out as its escape, :func:`printable`)."""
    shown = cut(printable(text), width)
    return shown + " " * (width - cells(shown))


def right(text: object, width: int) -> str:
    """``text`` padded on the left to ``width`` cells (never cut: it is a number)."""
    shown = printable(text)
    return " " * max(0, width - cells(shown)) + shown
