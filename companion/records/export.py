"""Finished games out of the log: a table, CSV, JSON, win counts, and a BG Stats file.

The BG Stats file is the ``.bgsplay`` JSON that the BG Stats app opens ("open in"
/ share to the app): ``games``, ``players``, ``locations`` and ``plays``, each play with
its ``playerScores``. :data:`BGSTATS_FIELDS` lists every field written, and the tests
check the export against it.

Players come out in their seats as set up, with the start player marked; times are the
box's local time (the log keeps UTC). Where the scores alone do not decide the places
(a tie-break, a game without points), a play says so: ``manualWinner`` with each
player's ``winner`` and ``rank``.
A player on the roster is exported with the roster's UUID,
which never changes, so importing two exports gives one BG Stats player, not two;
guests (and the dice games' "Table") are anonymous players.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.config import registry as catalogue
from companion.core import roster, seat_names
from companion.core.columns import cells, left
from companion.core.i18n import _
from companion.core.localtime import local_iso, seconds
from companion.core.ranking import numbered, ranked
from companion.log.store import Store
from companion.records import result_text

#: Every field of the BG Stats file this module writes, per object kind.
BGSTATS_FIELDS: dict[str, set[str]] = {
    "file": {"about", "games", "players", "locations", "plays", "userInfo"},
    "game": {"uuid", "id", "name", "bggId", "bggYear", "highestWins", "noPoints",
             "cooperative", "usesTeams"},
    "player": {"uuid", "id", "name", "isAnonymous"},
    "location": {"uuid", "id", "name"},
    "play": {"uuid", "gameRefId", "locationRefId", "playDate", "durationMin", "ignored",
             "manualWinner", "rounds", "scoringSetting", "usesTeams", "playImages", "rating",
             "playerScores", "comments"},
    "playerScore": {"playerRefId", "score", "winner", "rank", "startPlayer", "newPlayer",
                    "seatOrder"},
}


@dataclass(frozen=True)
class Play:
    """One finished game as the exports see it."""

    id: int
    key: str
    game: str
    started: str
    finished: str
    players: list[str]
    scores: dict[str, Any] = field(default_factory=dict)
    places: list[list[str]] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    start_player: str | None = None
    detail: str = ""
    #: From a shelf game's options (the score pad): its BoardGameGeek id and win rule.
    bgg_id: int | None = None
    highest_wins: bool = True
    #: Roster UUIDs of the players who are on the roster (guests are absent).
    uuids: dict[str, str] = field(default_factory=dict)

    @property
    def duration_min(self) -> int:
        start = datetime.fromisoformat(self.started)
        end = datetime.fromisoformat(self.finished)
        return max(0, round((end - start).total_seconds() / 60))

    @property
    def scores_decide(self) -> bool:
        """Whether the scores alone give these places (highest first, equal ones shared)."""
        if not self.scores or any(self.scores.get(n) is None for n in self.players):
            return False
        try:
            by_score = ranked({n: self.scores[n] for n in self.players})
        except TypeError:  # scores that do not compare
            return False
        return [sorted(p) for p in by_score] == [sorted(p) for p in self.places]

    def rank(self, player: str) -> int:
        """1 for the winners, then each place counting the players before it (1, 1, 3);
        0 when the game gives no places."""
        return next((n for n, name in numbered(self.places) if name == player), 0)


def _start_player(options: dict[str, Any], result: dict[str, Any]) -> str | None:
    """Who started: the result's ``starter`` (a game that chooses its starter during
    play), ``start_player`` (a name), ``first`` (a seat or a name), else seat 1 (the
    games that log none of them start with the first seat of their options)."""
    players = options.get("players", [])
    chosen = result.get("starter")
    if isinstance(chosen, str) and chosen in players:
        return chosen
    named = options.get("start_player")
    if isinstance(named, str) and named in players:
        return named
    first = options.get("first")
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(players):
        return players[first]
    if isinstance(first, str) and first in players:
        return first
    return players[0] if players else None


def _seats(options: dict[str, Any]) -> list[str]:
    """The players in their seats as set up: ``seats`` where a game turned its player
    list round for the rules (Brikks puts the starter first), else ``players``."""
    players = [str(p) for p in options.get("players", [])]
    seats = options.get("seats")
    if isinstance(seats, list) and sorted(map(str, seats)) == sorted(players):
        return [str(s) for s in seats]
    return players


def _bgg_id(key: str) -> int:
    """The game's BoardGameGeek id from its declaration; 0 (BG Stats' "none") if unknown."""
    info = catalogue.find(key)
    return info.bgg_id if info is not None and info.bgg_id else 0


def _shelf(options: dict[str, Any]) -> dict[str, Any]:
    """The shelf game a play was of (``options["shelf"]``, the score pad), or {}."""
    shelf = options.get("shelf")
    return shelf if isinstance(shelf, dict) and isinstance(shelf.get("title"), str) else {}


def plays(store: Store) -> list[Play]:
    """Every finished game, newest first, its players by their roster names of today
    (a renamed or merged player appears under the name they have now)."""
    out = []
    seats = store.seat_players()
    for r in store.history(100_000):
        result = r.result or {}
        shelf = _shelf(r.options)
        names = [str(n) for n in r.options.get("players", [])]
        people = seats.get(r.id, {})
        now = {name: people[i].name for i, name in enumerate(names) if i in people}

        def name(n: Any, now: dict[str, str] = now) -> Any:
            return now.get(n, n)

        start = _start_player(r.options, result)
        out.append(Play(
            id=r.id, key=r.kind, game=shelf.get("title") or catalogue.title(r.kind),
            bgg_id=shelf.get("bgg_id") or None, highest_wins=not shelf.get("lowest_wins"),
            started=r.started, finished=r.finished or r.started,
            players=[name(n) for n in _seats(r.options)],
            scores={name(k): v for k, v in result.get("scores", {}).items()},
            places=[[name(n) for n in place] for place in result.get("places", [])],
            winners=[name(n) for n in result.get("winners", [])],
            start_player=name(start) if start is not None else None,
            detail=result_text.detail(result, r.kind),
            uuids={people[i].name: people[i].uuid for i in range(len(names)) if i in people}))
    return out


def as_table(rows: Iterable[Play]) -> str:
    rows = list(rows)
    if not rows:
        return _("No finished games yet.") + "\n"
    # the players last and never cut: a name cut to fit a column reads as another name
    table = [(local_iso(r.finished)[:10], r.game,
              _(", ").join(seat_names.shown(w) for w in r.winners
                           if not seat_names.is_nobody(w)) or "-",
              _(", ").join(seat_names.shown(p) for p in r.players)) for r in rows]
    game_w = max(cells(_("game")), *(cells(t[1]) for t in table))
    winner_w = max(cells(_("winner")), *(cells(t[2]) for t in table))
    lines = ["  ".join((left(_("date"), 10), left(_("game"), game_w),
                        left(_("winner"), winner_w), _("players")))]
    lines += ["  ".join((left(day, 10), left(game, game_w), left(won, winner_w), players))
              for day, game, won, players in table]
    wins = win_counts(rows)
    if wins:  # the dice roller's games have no winner: no heading over nothing
        lines.append("")
        lines.append(_("Wins per player and game:"))
    for (game, player), n in sorted(wins.items()):
        lines.append(f"  {left(game, game_w)}  {left(seat_names.shown(player), 24)}  {n}")
    return "\n".join(lines) + "\n"


def win_counts(rows: Iterable[Play]) -> Counter[tuple[str, str]]:
    """(game, player) → games won (a shared first place counts for each)."""
    counts: Counter[tuple[str, str]] = Counter()
    for r in rows:
        for name in r.winners:
            if not seat_names.is_nobody(name):  # the dice games' "Table" wins nothing
                counts[(r.game, name)] += 1
    return counts


def as_csv(rows: Iterable[Play]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["id", "game", "started", "finished", "duration_min", "player", "seat",
                     "score", "rank", "winner", "start_player", "detail"])
    for r in rows:
        for seat, player in enumerate(r.players, start=1):
            writer.writerow([r.id, r.game, local_iso(r.started), local_iso(r.finished),
                             r.duration_min, player, seat,
                             "" if r.scores.get(player) is None else r.scores[player],
                             r.rank(player), int(player in r.winners),
                             int(player == r.start_player), r.detail])
    return out.getvalue()


def as_json(rows: Iterable[Play]) -> str:
    data = [{"id": r.id, "game": r.game, "started": local_iso(r.started),
             "finished": local_iso(r.finished), "duration_min": r.duration_min,
             "players": r.players, "scores": r.scores, "places": r.places,
             "winners": r.winners, "start_player": r.start_player,
             "decided_by_score": r.scores_decide, "detail": r.detail,
             "bgg_id": r.bgg_id or _bgg_id(r.key) or None,
             "highest_wins": r.highest_wins} for r in rows]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _uid(kind: str, name: str) -> str:
    return roster.name_uuid(kind, name)


def _game_ref(r: Play) -> str:
    """The game's key in the file: the game key, or ``score_pad:Carcassonne`` for a shelf game."""
    return r.key if r.game == catalogue.title(r.key) else f"{r.key}:{r.game}"


def as_bgstats(rows: Iterable[Play]) -> dict[str, Any]:
    """The plays as a BG Stats file (a dict; ``json.dumps`` it)."""
    rows = list(rows)
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    for r in rows:
        if _game_ref(r) not in games:  # each shelf game is a game of its own in BG Stats
            games[_game_ref(r)] = {
                            "uuid": _uid("game", _game_ref(r)), "id": len(games) + 1,
                            "name": r.game, "bggId": r.bgg_id or _bgg_id(r.key), "bggYear": 0,
                            "highestWins": r.highest_wins,
                            "noPoints": all(v is None for v in r.scores.values()),
                            "cooperative": False, "usesTeams": False}
        for name in r.players:
            if name not in players:  # a guest has no roster UUID: one per name
                players[name] = {"uuid": r.uuids.get(name) or _uid("player", name),
                                 "id": len(players) + 1, "name": name,
                                 "isAnonymous": name not in r.uuids}
    location = {"uuid": _uid("location", "Table Companion"), "id": 1, "name": "Table Companion"}
    out_plays = []
    for r in rows:
        scores = [{
            "playerRefId": players[name]["id"],
            "score": "" if r.scores.get(name) is None else str(r.scores[name]),
            "winner": name in r.winners, "rank": r.rank(name),
            "startPlayer": name == r.start_player, "newPlayer": False, "seatOrder": seat,
        } for seat, name in enumerate(r.players, start=1)]
        out_plays.append({
            "uuid": _uid("play", f"{r.id}:{r.started}"), "gameRefId": games[_game_ref(r)]["id"],
            "locationRefId": 1, "playDate": seconds(r.started),
            "durationMin": r.duration_min, "ignored": False,
            "manualWinner": bool(r.winners) and not r.scores_decide,
            "rounds": 0, "scoringSetting": 0, "usesTeams": False, "playImages": "[]",
            "rating": 0, "playerScores": scores, "comments": r.detail})
    return {"about": "Plays exported by Table Companion; open this file with BG Stats.",
            "games": list(games.values()), "players": list(players.values()),
            "locations": [location], "plays": out_plays, "userInfo": {"meRefId": 0}}
