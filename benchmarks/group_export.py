"""A BG Stats group's two-year export, generated: the done-when tests of issue 44 and the
import benchmark read it. Deterministic for a seed; every count a test needs is counted
here from the generated data, apart from the code under test."""

from __future__ import annotations

import random
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

GENIAL_BGG = 40830

#: (name in the file, BoardGameGeek id): Genial is the box's by its id, Brikks by name.
GAMES = [("Genial", GENIAL_BGG), ("Brikks", 0), ("Azul", 230802), ("Cascadia", 295947),
         ("Wingspan", 266192), ("Carcassonne", 822), ("Ticket to Ride", 9209),
         ("Splendor", 148228), ("Catan", 13), ("Patchwork", 163412), ("Quacks", 244521),
         ("Everdell", 199792), ("Sagrada", 199561), ("Kingdomino", 204583),
         ("7 Wonders", 68448), ("Codenames", 178900), ("Hanabi", 98778),
         ("The Crew", 284083), ("Dixit", 39856), ("Calico", 283155)]
#: The five who play, as BG Stats spells them (U+3000 in 山田　一郎, é in Chloé).
REGULARS = ["Ann", "Ben", "Chloé", "山田\u3000一郎", "Dora"]
#: Those who left after the first year (a 16-character name among them).
LEAVERS = ["Sebastian Müller", "Eve", "Frank"]
ANONYMOUS = "Anonymous player"
PLACES = ["Ann's kitchen", "Café Ludo"]


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


@dataclass
class Export:
    """The file (``data``) and what it holds: per player name of the file, plays and
    wins; plays per game name; the UUIDs of players, games and places."""

    data: dict[str, Any]
    plays: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    per_game: Counter[str] = field(default_factory=Counter)
    player_uuid: dict[str, str] = field(default_factory=dict)
    game_uuid: dict[str, str] = field(default_factory=dict)
    place_uuid: dict[str, str] = field(default_factory=dict)
    place_count: Counter[str] = field(default_factory=Counter)


def group_export(n_plays: int = 410, *, seed: int = 44, games: int = 20,
                 start: datetime = datetime(2024, 12, 1, 19, 0)) -> Export:
    """An export of ``n_plays`` plays over two years from ``start`` (local times)."""
    rng = random.Random(seed)
    names = [*REGULARS, *LEAVERS, ANONYMOUS]
    players = [{"id": n, "uuid": _uuid(rng), "name": name, "isAnonymous": name == ANONYMOUS,
                "modificationDate": "2026-11-30 20:00:00"}
               for n, name in enumerate(names, start=1)]
    ids = {p["name"]: p["id"] for p in players}
    game_rows = [{"id": n, "uuid": _uuid(rng), "name": name, "bggId": bgg, "bggYear": 0,
                  "highestWins": True, "noPoints": False, "cooperative": False,
                  "usesTeams": False, "modificationDate": "2026-11-30 20:00:00"}
                 for n, (name, bgg) in enumerate(GAMES[:games], start=1)]
    places = [{"id": n, "uuid": _uuid(rng), "name": name,
               "modificationDate": "2026-11-30 20:00:00"}
              for n, name in enumerate(PLACES, start=1)]
    out = Export({"games": game_rows, "players": players, "locations": places, "plays": [],
                  "userInfo": {"meRefId": 1}})
    out.player_uuid = {p["name"]: p["uuid"] for p in players}
    out.game_uuid = {g["name"]: g["uuid"] for g in game_rows}
    out.place_uuid = {p["name"]: p["uuid"] for p in places}
    step = timedelta(days=730) / n_plays
    for n in range(n_plays):
        when = start + step * n + timedelta(minutes=rng.randrange(0, 90))
        first_year = n < n_plays // 2
        pool = REGULARS + (LEAVERS if first_year else [])
        seated = rng.sample(pool, rng.randint(2, min(5, len(pool))))
        if rng.random() < 0.1:
            seated.append(ANONYMOUS)
        game = rng.choice(game_rows)
        scores = {name: rng.randrange(0, 12) for name in seated}
        top = max(scores.values())
        order = sorted(set(scores.values()), reverse=True)
        rank = {name: 1 + sum(1 for v in scores.values() if v > scores[name])
                for name in seated}
        assert order[0] == top
        place = places[0] if rng.random() < 0.8 else places[1]
        out.data["plays"].append({
            "uuid": _uuid(rng), "gameRefId": game["id"], "locationRefId": place["id"],
            "playDate": when.strftime("%Y-%m-%d %H:%M:%S"),
            "entryDate": when.strftime("%Y-%m-%d %H:%M:%S"),
            "modificationDate": when.strftime("%Y-%m-%d %H:%M:%S"),
            "durationMin": rng.randrange(15, 120), "ignored": False, "manualWinner": False,
            "rounds": 0, "scoringSetting": 0, "usesTeams": False, "playImages": "[]",
            "rating": 0, "comments": "",
            "playerScores": [{"playerRefId": ids[name], "score": str(scores[name]),
                              "winner": scores[name] == top, "rank": rank[name],
                              "startPlayer": seat == 0, "newPlayer": False,
                              "seatOrder": seat + 1}
                             for seat, name in enumerate(seated)]})
        for name in seated:
            out.plays[name] += 1
            out.wins[name] += scores[name] == top
        out.per_game[game["name"]] += 1
        out.place_count[place["name"]] += 1
    return out
