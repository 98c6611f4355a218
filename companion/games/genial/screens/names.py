"""Genial Spezial: players' names shortened to a column without two rows reading alike.

A name too wide for its column is cut at the end; when that makes two names read the
same ("Alexandra" and "Alexander" both "Alexa"), those names keep their distinguishing end
instead ("Alexa", "Alexr"): as many of the last characters as it takes, after as much of
the start as still fits. Names that are alike up to their last few characters (unusual;
names in a game are never equal) fall back to the seat number and the start.

>>> short_names(["Guest 1", "Guest 2", "Ann"], 30)
['G1', 'G2', 'Ann']
>>> short_names(["Alexandra", "Bob"], 30)
['Alexa', 'Bob']
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.seat_names import shortened
from companion.ui.fonts import fitted, text_width


def _keep_end(name: str, tail: int, width: int, font: str) -> str:
    """As much of the start of ``name`` as fits beside its last ``tail`` characters."""
    end = name[-tail:]
    room = width - text_width(end, font)
    return fitted(name[:-tail], font, room) + end if room > 0 else ""


def _fitted(name: str, width: int, font: str) -> str:
    """``name`` cut to ``width``; a guest shortened as :func:`seat_names.shortened` says."""
    if text_width(name, font) <= width:
        return name
    return shortened(name, lambda text: text_width(text, font) <= width) or fitted(
        name, font, width)


def short_names(names: Sequence[str], width: int, font: str = "text") -> list[str]:
    """Each name fitted to ``width`` pixels in ``font``, no two of them alike (see the
    module's note); a name that fits is never changed."""
    short = [_fitted(name, width, font) for name in names]
    for _round in range(len(names)):
        clashes = {s for s in short if short.count(s) > 1}
        if not clashes:
            return short
        for i, name in enumerate(names):
            if short[i] in clashes:
                short[i] = _distinct(name, [n for n in names if n != name], width, font)
    alike = {s for s in short if short.count(s) > 1}  # alike to the end: the seat decides
    return [fitted(f"{seat} {name}", font, width) if s in alike else s
            for seat, (name, s) in enumerate(zip(names, short, strict=True), 1)]


def _distinct(name: str, others: Sequence[str], width: int, font: str) -> str:
    """The shortest end of ``name`` that, kept, makes it differ from every other name
    shortened the same way; the plain cut when no end does."""
    if text_width(name, font) <= width:
        return name
    for tail in range(1, len(name)):
        mine = _keep_end(name, tail, width, font)
        if not mine:
            break
        theirs = {_keep_end(o, tail, width, font) if text_width(o, font) > width else o
                  for o in others}
        if mine not in theirs:
            return mine
    return fitted(name, font, width)
