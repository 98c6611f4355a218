"""``companion history --json``: every play as data, for other programs."""

from __future__ import annotations

import json
from collections.abc import Iterable

from companion.config import registry
from companion.core.localtime import local_iso
from companion.records.plays import Play


def bgg_id(r: Play) -> int:
    """The play's BoardGameGeek id: its shelf game's, else its game's declaration's; 0
    (BG Stats' "none") if unknown."""
    info = registry.find(r.key)
    return r.bgg_id or (info.bgg_id if info is not None and info.bgg_id else 0)


def as_json(rows: Iterable[Play]) -> str:
    data = [{"id": r.id, "game": r.game, "started": local_iso(r.started),
             "finished": local_iso(r.finished), "duration_min": r.duration_min,
             "players": r.players, "scores": r.scores, "places": r.places,
             "winners": r.winners, "start_player": r.start_player,
             "decided_by_score": r.scores_decide, "detail": r.detail,
             "bgg_id": bgg_id(r) or None, "highest_wins": r.highest_wins} for r in rows]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
