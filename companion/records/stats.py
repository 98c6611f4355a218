"""Stats per person and records per game, from the finished games.

Counted over the plays of :func:`companion.records.export.plays`, so a renamed or merged player's
games are theirs under their name of today. Only people on the roster have stats;
guests play but are nobody's record.

>>> from companion.log.store import Store
>>> from companion.app.session import GameSession
>>> store = Store.open(":memory:")
>>> for name in ("Ann", "Ben"):
...     _ = store.add_player(name)
>>> game = GameSession.start(store, "genial", {"players": ["Ann", "Ben"]})
>>> _ = game.apply({"type": "turn", "all": 3}); _ = game.apply({"type": "end_early"})
>>> [(s.name, s.plays, s.wins) for s in people(plays(store))]
[('Ann', 1, 1), ('Ben', 1, 0)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.config import registry as catalogue
from companion.core.columns import left, right
from companion.core.i18n import N_, _
from companion.records.export import Play, plays

__all__ = ["GameLine", "PersonStats", "Record", "as_json", "as_text", "people", "plays",
           "records"]


@dataclass
class GameLine:
    """One person's plays and wins of one game."""

    key: str
    game: str
    plays: int = 0
    wins: int = 0
    best: Any = None


@dataclass
class PersonStats:
    """What the box knows of one person: plays, wins, last played, per game."""

    name: str
    uuid: str
    plays: int = 0
    wins: int = 0
    last_played: str = ""
    games: dict[str, GameLine] = field(default_factory=dict)


@dataclass(frozen=True)
class Record:
    """One line of a game's records: ``what`` (``Most wins``), ``who``, ``value`` and a
    ``note`` where the game adds one (Brikks' solo rating)."""

    what: str
    who: str
    value: Any
    note: str = ""


def _better(score: Any, best: Any) -> bool:
    return isinstance(score, int) and (best is None or score > best)


def people(rows: Iterable[Play], *, game: str | None = None) -> list[PersonStats]:
    """Every roster player who finished a game (of ``game``, if given), most plays first."""
    out: dict[str, PersonStats] = {}
    for r in rows:
        if game is not None and r.key != game:
            continue
        for name in r.players:
            if name not in r.uuids:
                continue  # a guest
            who = out.setdefault(r.uuids[name], PersonStats(name, r.uuids[name]))
            line = who.games.setdefault(r.key, GameLine(r.key, r.game))
            won = name in r.winners
            who.plays, who.wins = who.plays + 1, who.wins + won
            line.plays, line.wins = line.plays + 1, line.wins + won
            if _better(r.scores.get(name), line.best):
                line.best = r.scores[name]
            who.last_played = max(who.last_played, r.finished)
    return sorted(out.values(), key=lambda s: (-s.plays, -s.wins, s.name.casefold()))


#: What a game's best score is called in its records, where "Best score" says too little.
SCORE_NAMES = {"genial": N_("Best weakest colour"), "brikks": N_("Best total")}
#: The records' names, for the catalogue (``_()`` shows them).
RECORD_NAMES = (N_("Most wins"), N_("Best score"), N_("Best solo"))


def records(rows: Iterable[Play], key: str) -> list[Record]:
    """The records of game ``key``: most wins, the best score (Genial Spezial: the best
    weakest-colour score; Brikks: the best total, and the best solo game with its
    rating). Empty when nobody on the roster has finished it."""
    rows = [r for r in rows if r.key == key]
    out: list[Record] = []
    ranked = sorted(people(rows, game=key), key=lambda s: (-s.wins, s.name.casefold()))
    if ranked and ranked[0].wins:
        top = [s.name for s in ranked if s.wins == ranked[0].wins]
        out.append(Record("Most wins", " & ".join(top), ranked[0].wins))
    best: tuple[Any, str] | None = None
    solo: tuple[Any, str, str] | None = None
    for r in rows:
        for name in r.players:
            score = r.scores.get(name)
            if name not in r.uuids or not isinstance(score, int):
                continue
            if key == "brikks" and len(r.players) == 1:
                if solo is None or score > solo[0]:
                    # the detail reads "67 points, 60–69: phrase" in the language in use
                    solo = (score, name, re.split(r", |、", r.detail, maxsplit=1)[-1])
            elif best is None or score > best[0]:
                best = (score, name)
    if best is not None:
        out.append(Record(SCORE_NAMES.get(key, "Best score"), best[1], best[0]))
    if solo is not None:
        out.append(Record("Best solo", solo[1], solo[0], solo[2]))
    return out


def as_text(rows: list[Play], *, player: str | None = None, game: str | None = None) -> str:
    """The ``companion stats`` table: per person (one person with ``player``), then the
    records of each game played (one game with ``game``)."""
    found = [s for s in people(rows, game=game)
             if player is None or s.name == player]
    lines = ["  ".join((left(_("player"), 12), right(_("plays"), 5), right(_("wins"), 4),
                        _("last played")))]
    for s in found:
        lines.append("  ".join((left(s.name, 12), right(s.plays, 5), right(s.wins, 4),
                                s.last_played[:10])))
        for line in s.games.values():
            row = _("{played} played  {won} won").format(played=right(line.plays, 3),
                                                          won=right(line.wins, 3))
            if line.best is not None:
                row += "  " + _("best {score}").format(score=line.best)
            lines.append(f"  {left(line.game, 24)}  {row}")
    if not found:
        lines.append(_("(no finished games with players from the roster)"))
    keys = [game] if game else list(dict.fromkeys(r.key for r in rows))
    for key in keys:
        recs = records(rows, key)
        if recs and player is None:
            lines.append("")
            lines.append(_("Records, {game}:").format(game=catalogue.title(key)))
            lines += [f"  {left(_(r.what), 20)}  {r.who}  {r.value}"
                      + (f"  ({r.note})" if r.note else "") for r in recs]
    return "\n".join(lines) + "\n"


def as_json(rows: list[Play], *, player: str | None = None, game: str | None = None) -> dict:
    """The same as :func:`as_text`, as data."""
    found = [s for s in people(rows, game=game)
             if player is None or s.name == player]
    keys = [game] if game else list(dict.fromkeys(r.key for r in rows))
    return {
        "players": [{"name": s.name, "uuid": s.uuid, "plays": s.plays, "wins": s.wins,
                     "last_played": s.last_played,
                     "games": {k: {"plays": g.plays, "wins": g.wins, "best": g.best}
                               for k, g in s.games.items()}} for s in found],
        "records": {} if player else {
            k: [{"what": r.what, "who": r.who, "value": r.value, "note": r.note}
                for r in records(rows, k)]
            for k in keys},
    }
