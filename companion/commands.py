"""The one-shot commands behind ``companion roll`` and ``companion history``."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

from companion.catalogue import GAMES
from companion.config import Config
from companion.dice import Dice
from companion.errors import CompanionError

_SPEC = re.compile(r"^(\d*)d(\d+)$")


def roll(spec: str, dice: Dice | None = None) -> str:
    """Roll dice described as ``NdS`` and return one line, e.g. ``3d6: 4 1 6 = 11``.

    >>> roll("2d6", Dice.seeded(1))
    '2d6: 2 5 = 7'
    """
    dice = dice or Dice()
    m = _SPEC.match(spec.strip().lower())
    if not m:
        raise CompanionError(f"cannot roll {spec!r}: write NdS such as 3d6 or d4.")
    count, sides = int(m.group(1) or 1), int(m.group(2))
    if not (1 <= count <= 100 and 2 <= sides <= 1000):
        raise CompanionError(f"cannot roll {spec!r}: 1-100 dice of 2-1000 sides.")
    values = dice.roll(sides, count)
    shown = " ".join(map(str, values))
    return f"{count}d{sides}: {shown} = {sum(values)}" if count > 1 else f"d{sides}: {shown}"


def _rows(config: Config, db: str | None) -> list[dict[str, Any]]:
    from companion.runtime import open_store

    store = open_store(config, db)
    try:
        rows = []
        for r in store.history(10_000):
            result = r.result or {}
            rows.append({
                "id": r.id,
                "game": GAMES[r.kind].title if r.kind in GAMES else r.kind,
                "started": r.started,
                "finished": r.finished,
                "players": r.options.get("players", []),
                "scores": result.get("scores", {}),
                "winners": result.get("winners", []),
                "detail": result.get("detail", ""),
            })
        return rows
    finally:
        store.close()


def history(config: Config, *, db: str | None = None, fmt: str = "table") -> str:
    """Finished games as a table, CSV or JSON (newest first)."""
    rows = _rows(config, db)
    if fmt == "json":
        return json.dumps(rows, indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["id", "game", "started", "finished", "players", "scores",
                         "winners", "detail"])
        for r in rows:
            writer.writerow([r["id"], r["game"], r["started"], r["finished"],
                             ";".join(r["players"]),
                             ";".join(f"{k}={v}" for k, v in r["scores"].items()),
                             ";".join(r["winners"]), r["detail"]])
        return out.getvalue()
    if not rows:
        return "No finished games yet.\n"
    lines = [f"{'date':10}  {'game':24}  {'players':30}  winner"]
    for r in rows:
        lines.append(f"{(r['finished'] or '')[:10]:10}  {r['game'][:24]:24}  "
                     f"{', '.join(r['players'])[:30]:30}  {', '.join(r['winners']) or '-'}")
    return "\n".join(lines) + "\n"
