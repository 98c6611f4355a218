"""A person's plays and wins month by month, as a small SVG drawn on the server
(``macros.html``'s ``chart``; no chart library, nothing to load): a grey bar per month
for the plays, a gold one inside it for the wins.

>>> from companion.records.plays import Play
>>> rows = [Play(1, "genial", "Genial", "2026-10-02T20:00:00+00:00",
...              "2026-10-02T21:00:00+00:00", ["Ann", "Ben"], winners=["Ann"],
...              uuids={"Ann": "A"})]
>>> months(rows)["Ann"]
{'2026-10': [1, 1]}
>>> [(b["month"], b["height"]) for b in bars({"2026-10": [2, 1]}, "2026-11").bars]
[('2026-10', 48), ('2026-10', 24)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.core.localtime import local_iso

#: How many months the chart shows, the newest last.
MONTHS = 12


def months(rows: Iterable[Any]) -> dict[str, dict[str, list[int]]]:
    """person → ``YYYY-MM`` → [plays, wins], for the roster's people (guests have none)."""
    out: dict[str, dict[str, list[int]]] = {}
    for r in rows:
        count(out, r)
    return out


def count(into: dict[str, dict[str, list[int]]], r: Any) -> None:
    """Add play ``r`` to ``into`` (what :func:`months` returns)."""
    month = local_iso(r.finished)[:7]
    for name in r.players:
        if name not in r.uuids:
            continue
        cell = into.setdefault(name, {}).setdefault(month, [0, 0])
        cell[0] += 1
        cell[1] += int(name in r.winners)


def _back(month: str, n: int) -> str:
    year, mon = int(month[:4]), int(month[5:7]) - n
    while mon < 1:
        year, mon = year - 1, mon + 12
    return f"{year:04d}-{mon:02d}"


@dataclass(frozen=True)
class Chart:
    """What ``macros.html``'s ``chart`` draws: the bars (plays, then wins inside them)
    and a month's name under every third one."""

    width: int
    height: int
    label: str
    bars: list[dict[str, Any]]
    ticks: list[dict[str, Any]]


def bars(per_month: dict[str, list[int]], now: str, *, label: str = "") -> Chart:
    """The chart of the :data:`MONTHS` months up to ``now`` (``YYYY-MM``)."""
    shown = [_back(now, n) for n in range(MONTHS - 1, -1, -1)]
    top = max([per_month.get(m, [0, 0])[0] for m in shown] + [1])
    width, height, bar = MONTHS * 20, 60, 14
    drawn: list[dict[str, Any]] = []
    ticks: list[dict[str, Any]] = []
    for i, month in enumerate(shown):
        plays, wins = per_month.get(month, [0, 0])
        x = i * 20 + 3
        for value, colour in ((plays, "#666"), (wins, "#fc6")):
            h = round(value / top * (height - 12))
            if h:
                drawn.append({"x": x, "y": height - 12 - h, "width": bar, "height": h,
                              "colour": colour, "month": month, "value": value})
        if (MONTHS - 1 - i) % 3 == 0:  # every third month, the newest included
            ticks.append({"x": x + bar // 2, "y": height - 2,
                          "text": month[2:].replace("-", "/")})
    return Chart(width, height, label, drawn, ticks)
