"""BG Stats' link for other apps: one play, opened in the BG Stats app on the phone.

``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` with the game
(name, BoardGameGeek id, highest wins or no points, our id for it), the date, the length,
the place and each player (name, score, winner, rank, start player, our id for them).
The ids are the BG Stats file's UUIDs (:func:`companion.records.export.as_bgstats`), so a
play added by link and one imported from a ``.bgsplay`` file land on the same players.

>>> from companion.records.export import Play
>>> play = Play(id=7, key="genial", game="Genial Spezial", started="2026-11-20T19:00:00+00:00",
...             finished="2026-11-20T19:40:00+00:00", players=["Ann", "Ben"],
...             scores={"Ann": 12, "Ben": 9}, places=[["Ann"], ["Ben"]], winners=["Ann"],
...             start_player="Ben")
>>> data = json.loads(unquote(link(play).split("data=")[1]))
>>> data["game"]["name"], data["durationMin"], [p["winner"] for p in data["players"]]
('Genial Spezial', 40, [True, False])
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, unquote  # noqa: F401 - unquote: the example above

from companion.records import export

BASE = "https://app.bgstatsapp.com/createPlay.html?data="


def data(play: export.Play) -> dict[str, Any]:
    """The JSON the link carries, built from the same file export as ``--bgstats``."""
    whole = export.as_bgstats([play])
    game, entry = whole["games"][0], whole["plays"][0]
    people = {p["id"]: p for p in whole["players"]}
    location = whole["locations"][0]
    return {
        "sourceName": "Table Companion",
        "sourcePlayId": entry["uuid"],
        "playDate": entry["playDate"],
        "durationMin": entry["durationMin"],
        "location": {"name": location["name"], "sourceLocationId": location["uuid"]},
        "game": {"name": game["name"], "bggId": game["bggId"],
                 "highestWins": game["highestWins"], "noPoints": game["noPoints"],
                 "sourceGameId": game["uuid"]},
        "players": [{"name": people[s["playerRefId"]]["name"],
                     "score": s["score"], "winner": s["winner"], "rank": s["rank"],
                     "startPlayer": s["startPlayer"],
                     "sourcePlayerId": people[s["playerRefId"]]["uuid"]}
                    for s in entry["playerScores"]],
        "comments": entry["comments"],
    }


def link(play: export.Play) -> str:
    return BASE + quote(json.dumps(data(play), ensure_ascii=False, separators=(",", ":")),
                        safe="")
