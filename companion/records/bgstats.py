"""Plays for the BG Stats app: the ``.bgsplay`` file and the link for one play.

Both come from one description of a play (:func:`described`), so a play has the same
game, players, UUIDs, scores and ranks whichever way it reaches BG Stats:

* :func:`as_bgstats`: the ``.bgsplay`` JSON that the app opens ("open in" / share to
  the app): ``games``, ``players``, ``locations`` and ``plays``, each play with its
  ``playerScores`` (scores as strings), ``playImages`` (a JSON list as a string),
  ``entryDate`` and ``modificationDate``, and ``userInfo.meRefId`` (0: the box is
  nobody's phone). ``tests/schemas/bgsplay.schema.json`` holds the fields and names
  the public descriptions they were checked against.
* :func:`play_link`: ``https://app.bgstatsapp.com/createPlay.html?data=…``, BG Stats'
  documented link for other apps, with ``sourcePlayerId`` (the player's UUID),
  ``sourceGameId`` and ``sourcePlayId`` stable across exports.

A player on the roster carries the roster's UUID (which never changes; ``companion
players import`` gives a player the UUID BG Stats already knows), so importing two
exports gives one BG Stats player, not two; guests are anonymous players. The same play
keeps the same UUID in every export. Only plays of games go out: a tool's sessions
(the dice roller) stay home unless asked for, and plays a BG Stats group brought in
(``imported``) never go back (BG Stats has them).

After a group's import the box's plays land on the group's games and place: a play of
a game the file had carries that game's BG Stats UUID (``Play.game_uuid``), and the
place is the file's (:func:`place`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from companion.config import registry
from companion.core import roster
from companion.core.localtime import seconds
from companion.log.imported_plays import BgLocation
from companion.records.json_export import bgg_id
from companion.records.plays import Play

#: Where the plays happened, unless the config's ``[records] location`` says.
LOCATION = "Table Companion"
#: BG Stats' link for other apps (its support page "Push plays to BG Stats from other
#: apps or websites").
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Table Companion"


def uid(kind: str, name: str) -> str:
    """A UUID that stays the same for the same game, guest, location or play."""
    return roster.name_uuid(kind, name)


def game_ref(r: Play) -> str:
    """The game's key in the file: the game key, or ``score_pad:Carcassonne`` for a shelf game."""
    return r.key if r.game == registry.title(r.key) else f"{r.key}:{r.game}"


def place(rows: Iterable[Play], location: str = LOCATION) -> tuple[str, str]:
    """The place the box's plays go out under, ``(uuid, name)``: the group's place of
    that name (case and width ignored) when a BG Stats file brought one in; when the
    config's ``[records] location`` is left as it came (:data:`LOCATION`), the file's
    place most played at (the only one, for most groups), under its own name; else a
    place of the box's own, ``location``.

    >>> place([])[1]
    'Table Companion'
    """
    group: tuple[BgLocation, ...] = next((r.group_places for r in rows if r.group_places), ())
    wanted = roster.name_key(location)
    same = next((p for p in group if roster.name_key(p.name) == wanted), None)
    if same is None and location == LOCATION and group:
        same = group[0]
    if same is not None:
        return same.uuid, same.name
    return uid("location", location), location


def described(r: Play) -> dict[str, Any]:
    """What BG Stats is told of play ``r``, in the link's shape: ``game``, ``players``
    (name, uuid, anonymous, score, winner, rank, start player, seat), date, duration."""
    ref = game_ref(r)
    return {
        "uuid": uid("play", f"{r.id}:{r.started}"),
        "game": {"ref": ref, "uuid": r.game_uuid or uid("game", ref), "name": r.game,
                 "bggId": bgg_id(r),
                 "highestWins": r.highest_wins,
                 "noPoints": all(v is None for v in r.scores.values())},
        "players": [{"name": name, "uuid": r.uuids.get(name) or uid("player", name),
                     "isAnonymous": name not in r.uuids, "score": r.scores.get(name),
                     "winner": name in r.winners, "rank": r.rank(name),
                     "startPlayer": name == r.start_player, "seatOrder": seat}
                    for seat, name in enumerate(r.players, start=1)],
        "playDate": seconds(r.started), "entryDate": seconds(r.finished),
        "durationMin": r.duration_min,
        "manualWinner": bool(r.winners) and not r.scores_decide,
        "comments": r.detail,
    }


def as_bgstats(rows: Iterable[Play], *, location: str = LOCATION,
               tools: bool = False) -> dict[str, Any]:
    """The plays as a BG Stats file (a dict; ``json.dumps`` it); a tool's sessions only
    with ``tools``; imported plays never."""
    rows = [r for r in rows if not r.imported and (tools or not r.tool)]
    where, where_name = place(rows, location)
    plays = [described(r) for r in rows]
    newest = max((p["entryDate"] for p in plays), default="2000-01-01 00:00:00")
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    out_plays = []
    for p in plays:
        g = p["game"]
        if g["ref"] not in games:  # each shelf game is a game of its own in BG Stats
            games[g["ref"]] = {"uuid": g["uuid"], "id": len(games) + 1, "name": g["name"],
                               "modificationDate": newest, "bggId": g["bggId"],
                               "bggYear": 0, "highestWins": g["highestWins"],
                               "noPoints": g["noPoints"], "cooperative": False,
                               "usesTeams": False}
        for who in p["players"]:
            if who["uuid"] not in players:  # a guest has no roster UUID: one per name
                players[who["uuid"]] = {"uuid": who["uuid"], "id": len(players) + 1,
                                        "name": who["name"], "isAnonymous": who["isAnonymous"],
                                        "modificationDate": newest}
        out_plays.append({
            "uuid": p["uuid"], "gameRefId": games[g["ref"]]["id"], "locationRefId": 1,
            "playDate": p["playDate"], "entryDate": p["entryDate"],
            "modificationDate": p["entryDate"], "durationMin": p["durationMin"],
            "ignored": False, "manualWinner": p["manualWinner"], "rounds": 0,
            "scoringSetting": 0, "usesTeams": False, "playImages": "[]", "rating": 0,
            "comments": p["comments"],
            "playerScores": [{
                "playerRefId": players[who["uuid"]]["id"],
                "score": "" if who["score"] is None else str(who["score"]),
                "winner": who["winner"], "rank": who["rank"],
                "startPlayer": who["startPlayer"], "newPlayer": False,
                "seatOrder": who["seatOrder"]} for who in p["players"]]})
    spot = {"uuid": where, "id": 1, "name": where_name, "modificationDate": newest}
    return {"about": "Plays exported by Table Companion; open this file with BG Stats.",
            "games": list(games.values()), "players": list(players.values()),
            "locations": [spot], "plays": out_plays, "userInfo": {"meRefId": 0}}


def link_data(r: Play, *, location: str = LOCATION) -> dict[str, Any]:
    """The JSON of :func:`play_link` (BG Stats' documented fields, scores as numbers)."""
    p = described(r)
    g = p["game"]
    return {
        "sourceName": SOURCE, "sourcePlayId": p["uuid"], "playDate": p["playDate"],
        "durationMin": p["durationMin"], "location": place([r], location)[1], "board": "",
        "comments": p["comments"],
        "game": {"name": g["name"], "bggId": g["bggId"], "highestWins": g["highestWins"],
                 "noPoints": g["noPoints"], "sourceGameId": g["uuid"]},
        "players": [{"name": who["name"], "sourcePlayerId": who["uuid"], "role": "",
                     "winner": who["winner"], "rank": who["rank"],
                     "startPlayer": who["startPlayer"],
                     **({} if who["score"] is None else {"score": who["score"]})}
                    for who in p["players"]],
    }


def play_link(r: Play, *, location: str = LOCATION) -> str:
    """The link that opens BG Stats on a phone with play ``r`` ready to save; "" for a
    play a group brought in (BG Stats has it already).

    >>> from companion.records.plays import Play
    >>> link = play_link(Play(7, "genial", "Genial Spezial", "2026-11-27T20:00:00+00:00",
    ...                       "2026-11-27T20:30:00+00:00", ["Ann"], scores={"Ann": 12}))
    >>> link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName")
    True
    """
    if r.imported:
        return ""
    text = json.dumps(link_data(r, location=location), ensure_ascii=False,
                      separators=(",", ":"))
    return LINK + quote(text, safe="")
