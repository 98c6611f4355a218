"""Stats per person and records per game, from the finished games.

Counted over the plays of :func:`companion.records.plays.plays`, so a renamed or merged
player's games are theirs under their name of today. Only people on the roster have
stats; guests play but are nobody's record. A record held by several people names them
all. What a game's best score is called, and whether its solo games make a record of
their own, is the game's word (its declaration's ``records``).

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

import importlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.config import registry
from companion.config.registry import Records
from companion.core import i18n
from companion.core.columns import cells, left, right
from companion.core.i18n import N_, _
from companion.records import result_text
from companion.records.plays import Play, plays

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


#: The kinds of record: ``what`` of a :class:`Record`.
WINS, BEST, SOLO = "wins", "best", "solo"
#: What the core calls the records of every game (a game names its own best score).
RECORD_NAMES = {WINS: (N_("Most wins"), N_("Wins")), SOLO: (N_("Best solo"), N_("Solo"))}


@dataclass(frozen=True)
class Record:
    """One line of a game's records: ``what`` (:data:`WINS`, :data:`BEST`,
    :data:`SOLO`), ``label`` and ``short`` (what it is called, in the language in use),
    everyone who holds it (``holders``, a tie names them all), ``value`` and a
    ``note`` where the game adds one (Brikks' solo rating)."""

    what: str
    label: str
    short: str
    holders: tuple[str, ...]
    value: Any
    note: str = ""

    @property
    def who(self) -> str:
        """Every holder, joined as the language joins names ("Ann & Ben")."""
        return _(" & ").join(self.holders)


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


def _words(key: str, records: Records) -> dict[str, tuple[str, str]]:
    """``what`` → (label, short) in the language in use: the game's catalogue for the
    names it gives, the core's for the rest."""
    info = registry.find(key)
    t = i18n.package_translator(info.rules if info is not None else "companion")

    def shown(text: str) -> str:
        own = t.gettext(text)
        return own if own != text else _(text)

    names = {**RECORD_NAMES, BEST: (records.best, records.best_short)}
    return {what: (shown(label), shown(short)) for what, (label, short) in names.items()}


def hint(key: str) -> str:
    """The line the box's records screen shows under game ``key``'s records (what its
    short names mean), in the language in use; empty when it has none."""
    info = registry.find(key)
    if info is None or not info.records.hint:
        return ""
    own = i18n.package_translator(info.rules).gettext(info.records.hint)
    return own if own != info.records.hint else _(info.records.hint)


def _top(found: dict[str, Any], value: Any) -> tuple[str, ...]:
    return tuple(sorted((n for n, v in found.items() if v == value), key=str.casefold))


def records(rows: Iterable[Play], key: str) -> list[Record]:
    """The records of game ``key``: most wins, the best score (named as the game names
    it), and, for a game whose solo games are a record of their own, the best solo game
    with what it earned. A record held by several people names them all. Empty when
    nobody on the roster has finished it."""
    info = registry.find(key)
    spec = info.records if info is not None else Records()
    words = _words(key, spec)
    rows = [r for r in rows if r.key == key]
    out: list[Record] = []
    wins = {s.name: s.wins for s in people(rows, game=key)}
    if wins and max(wins.values()):
        top = max(wins.values())
        out.append(Record(WINS, *words[WINS], _top(wins, top), top))
    best: dict[str, int] = {}
    solo: dict[str, int] = {}
    for r in rows:
        alone = spec.solo_note is not None and len(r.players) == 1
        for name in r.players:
            score = r.scores.get(name)
            if name not in r.uuids or not isinstance(score, int) or isinstance(score, bool):
                continue
            mine = solo if alone else best
            mine[name] = max(score, mine.get(name, score))
    if best:
        top = max(best.values())
        out.append(Record(BEST, *words[BEST], _top(best, top), top))
    if solo and spec.solo_note is not None:
        top = max(solo.values())
        try:
            module, name = spec.solo_note.split(":")
            earned = getattr(importlib.import_module(module), name)(top)
            note = result_text.sentence(earned.to_json(), key)
        except Exception:  # a plugin's function may fail in any way: the record stands
            note = ""
        out.append(Record(SOLO, *words[SOLO], _top(solo, top), top, note))
    return out


def as_text(rows: list[Play], *, player: str | None = None, game: str | None = None) -> str:
    """The ``companion stats`` table: per person (one person with ``player``), then the
    records of each game played (one game with ``game``)."""
    found = [s for s in people(rows, game=game)
             if player is None or s.name == player]
    # the name column as wide as the widest name: a name is never cut (issue 41)
    name_w = max([cells(_("player")), *(cells(s.name) for s in found)])
    lines = ["  ".join((left(_("player"), name_w), right(_("plays"), 5), right(_("wins"), 4),
                        _("last played")))]
    for s in found:
        lines.append("  ".join((left(s.name, name_w), right(s.plays, 5), right(s.wins, 4),
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
            lines.append(_("Records, {game}:").format(game=registry.title(key)))
            width = max(20, *(cells(r.label) for r in recs))  # a label is never cut
            lines += [f"  {left(r.label, width)}  {r.who}  {r.value}"
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
            k: [{"what": r.what, "label": r.label, "who": list(r.holders), "value": r.value,
                 "note": r.note} for r in records(rows, k)]
            for k in keys},
    }
