"""``companion history --csv``: one row per player and play, for a spreadsheet.

A text cell that a spreadsheet would run as a formula (a name such as ``=1+1``: it
starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a
``'`` before it, as OWASP's "CSV Injection" page recommends; the csv module quotes the
rest.

>>> safe("=1+1"), safe("Ann"), safe(-3)
("'=1+1", 'Ann', -3)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from companion.core.localtime import local_iso
from companion.records.plays import Play

#: The first characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe(value: Any) -> Any:
    """``value`` as a cell no spreadsheet runs: text that starts like a formula gets a
    ``'`` in front; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def as_csv(rows: Iterable[Play]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["id", "game", "started", "finished", "duration_min", "player", "seat",
                     "score", "rank", "winner", "start_player", "detail"])
    for r in rows:
        for seat, player in enumerate(r.players, start=1):
            writer.writerow([safe(v) for v in (
                r.id, r.game, local_iso(r.started), local_iso(r.finished), r.duration_min,
                player, seat, "" if r.scores.get(player) is None else r.scores[player],
                r.rank(player), int(player in r.winners), int(player == r.start_player),
                r.detail)])
    return out.getvalue()
