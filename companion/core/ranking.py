"""Places from scores: the one ranking rule the games and the exports share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def ranked(scores: Mapping[str, Any],
           order: Iterable[str] | None = None) -> tuple[tuple[str, ...], ...]:
    """Group players into places by a sortable key, highest first; equal keys share a place.

    >>> ranked({"Ann": 5, "Bob": 7, "Cy": 5})
    (('Bob',), ('Ann', 'Cy'))
    """
    names = list(order) if order is not None else list(scores)
    places: list[list[str]] = []
    for name in sorted(names, key=lambda n: scores[n], reverse=True):
        if places and scores[places[-1][0]] == scores[name]:
            places[-1].append(name)
        else:
            places.append([name])
    return tuple(tuple(p) for p in places)


def numbered(places: Iterable[Iterable[str]]) -> list[tuple[int, str]]:
    """Each player with their place's number, shared places counting every player in
    them (1, 1, 3: the way a table of results counts, and BG Stats' rank).

    >>> numbered([["Bob"], ["Ann", "Cy"], ["Dee"]])
    [(1, 'Bob'), (2, 'Ann'), (2, 'Cy'), (4, 'Dee')]
    """
    out: list[tuple[int, str]] = []
    for place in places:
        number = len(out) + 1
        out += [(number, name) for name in place]
    return out
