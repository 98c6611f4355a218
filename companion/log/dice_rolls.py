"""Every face the table's smart dice gave, out of the log: each die's record.

An action whose faces came from smart dice carries ``"read"``: per die ``[pixel_id,
face as printed]`` (None for a die keyed in). Undone actions are gone from the log, so
they are gone from the record too; nothing else is kept.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> game = store.new_game("dice_roller", {})
>>> _ = store.append(game, {"type": "roll", "faces": [4, 2], "read": [[7, 4], None]})
>>> _ = store.append(game, {"type": "roll", "faces": [6], "read": [[7, 6]]})
>>> smart_rolls(store)
{7: [4, 6]}
"""

from __future__ import annotations

import json
from typing import Any

from companion.log.store import Store


def _pairs(read: Any) -> list[tuple[int, int]]:
    """The well-formed ``[pixel_id, face]`` pairs of one action's ``read``."""
    if not isinstance(read, list):
        return []
    return [(r[0], r[1]) for r in read
            if isinstance(r, list) and len(r) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in r)]


def smart_rolls(store: Store) -> dict[int, list[int]]:
    """Pixel Id → every face that die gave, in the order they were rolled."""
    out: dict[int, list[int]] = {}
    rows = store._db.execute(
        "SELECT action FROM actions WHERE action LIKE '%\"read\"%' ORDER BY rowid")
    for (text,) in rows:
        try:
            action = json.loads(text)
        except ValueError:
            continue  # a damaged row: the rest still counts
        for pixel_id, face in _pairs(action.get("read") if isinstance(action, dict) else None):
            out.setdefault(pixel_id, []).append(face)
    return out
