"""A BG Stats group's history onto the box: ``companion import FILE`` and the phone's
import (:func:`import_group`, the one way in for both).

A BG Stats export (a ``.bgsplay`` file or the whole backup as ``.json``) lists
``games``, ``players``, ``locations`` and ``plays``. Its players come onto the roster
as :func:`companion.records.bgstats_import.import_players` brings them (their BG Stats
UUIDs, names as people write them, long names shortened or left out, near-duplicates
pointed out); then its plays come into the log (:mod:`companion.log.imported_plays`),
each with its game, date, duration, place, players, scores, winners, ranks and start
player:

* a game is the box's own game when its BoardGameGeek id, else its name (in any
  language the box speaks), is one of the installed games'; any other is kept under its
  own name and BoardGameGeek id (its stats are counted under that name);
* a seat is the roster player who took that person's UUID; someone left out of the
  import, or BG Stats' anonymous player, is a guest under the file's name;
* a play already on the box (by its BG Stats UUID) is left as it is, so a second import
  of the same file, or of a newer export, adds only what is new. Plays BG Stats marks
  ``ignored`` (kept out of its own stats) stay out.

A file that is not an export, or a play that is not as BG Stats writes one, is refused
in one sentence before anything is saved.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> data = '''{"games": [{"id": 1, "uuid": "0a000000-0000-4000-8000-000000000001",
...   "name": "Azul", "bggId": 230802}],
...  "players": [{"id": 1, "uuid": "0b000000-0000-4000-8000-000000000001", "name": "Ann"}],
...  "locations": [], "plays": [{"uuid": "0c000000-0000-4000-8000-000000000001",
...   "gameRefId": 1, "playDate": "2025-01-05 19:00:00", "durationMin": 40,
...   "playerScores": [{"playerRefId": 1, "score": "61", "winner": true, "rank": 1}]}]}'''
>>> print(*import_group(store, data).lines(), sep="\\n")
Ann is added with 0B000000-0000-4000-8000-000000000001.
1 play added, 0 already on the box.
1 game kept under its own name: Azul.
>>> print(*import_group(store, data).lines(), sep="\\n")
Ann already carries 0B000000-0000-4000-8000-000000000001.
0 plays added, 1 already on the box.
1 game kept under its own name: Azul.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from companion.config import registry
from companion.config.registry import GameInfo
from companion.core import roster
from companion.core.errors import RosterError
from companion.core.i18n import _, ngettext, number
from companion.log.imported_plays import BgGame, BgLocation, NewPlay
from companion.log.store import Store
from companion.records import bgstats_import
from companion.records.bgstats_import import Plan


@dataclass(frozen=True)
class GroupPlan:
    """What an import does (or, with ``dry_run``, would do): the players' plan, how many
    plays are new and how many were on the box already, the file's games that are the
    box's (``(file's name, box's title)``) and those kept under their own name."""

    players: Plan
    added: int = 0
    already: int = 0
    matched: list[tuple[str, str]] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    done: bool = False

    def counts(self) -> str:
        """"12 plays added, 3 already on the box." (with ``dry_run``: "would be added")."""
        added = (ngettext("{n} play added", "{n} plays added", self.added) if self.done
                 else ngettext("{n} play would be added", "{n} plays would be added",
                               self.added)).format(n=number(self.added))
        already = ngettext("{n} already on the box", "{n} already on the box",
                           self.already).format(n=number(self.already))
        return _("{added}, {already}.").format(added=added, already=already)

    def game_lines(self) -> list[str]:
        """Which games are the box's and which are kept under their own name."""
        out = []
        if self.matched:
            out.append(ngettext("{n} game is the box's own: {games}.",
                                "{n} games are the box's own: {games}.",
                                len(self.matched)).format(
                n=number(len(self.matched)),
                games=_(", ").join(_("{name} as {title}").format(name=n, title=t)
                                   if roster.name_key(n) != roster.name_key(t) else t
                                   for n, t in self.matched)))
        if self.kept:
            out.append(ngettext("{n} game kept under its own name: {games}.",
                                "{n} games kept under their own names: {games}.",
                                len(self.kept)).format(n=number(len(self.kept)),
                                                       games=_(", ").join(self.kept)))
        return out

    def lines(self) -> list[str]:
        """The plan in the language in use: the people, then the plays, then the games."""
        return [*self.players.lines(), self.counts(), *self.game_lines()]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _file(text: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise bgstats_import.not_an_export() from None
    except RecursionError:
        raise RosterError("this file nests its data too deeply to be a BG Stats export; "
                       "nothing was changed.") from None
    if not isinstance(data, dict):
        raise bgstats_import.not_an_export()
    return data


def _uuid(value: Any) -> str | None:
    try:
        return roster.canonical_uuid(value) if isinstance(value, str) else None
    except ValueError:
        return None


def box_games() -> dict[str, tuple[str, int, set[str]]]:
    """Installed games a play can be of (not the tools, not the score pad, which holds
    other games): key → (title, BoardGameGeek id or 0, name keys in every language)."""
    out = {}
    for key, info in registry.discover().items():
        if isinstance(info, GameInfo) and not info.tool and not info.records.shelf:
            out[key] = (registry.title(key), info.bgg_id or 0,
                        {roster.name_key(n) for n in registry.names(key)})
    return out


def match_game(name: str, bgg_id: int,
               games: dict[str, tuple[str, int, set[str]]]) -> str | None:
    """The key of the installed game that BG Stats' game is: by BoardGameGeek id, then
    by name (case and width ignored, in any language the box speaks); None for none.

    >>> match_game("Genial", 40830, box_games()), match_game("頭脳絶好調SP", 0, box_games())
    ('genial', 'genial')
    >>> match_game("Azul", 230802, box_games()) is None
    True
    """
    if bgg_id:
        for key, (_title, their, _names) in games.items():
            if their == bgg_id:
                return key
    wanted = roster.name_key(name)
    return next((key for key, (_t, _b, names) in games.items() if wanted in names), None)


def games_in(data: dict[str, Any]) -> dict[int, BgGame]:
    """The file's games by their id in the file, matched to the box's."""
    listed = data.get("games", [])
    if not isinstance(listed, list):
        raise bgstats_import.not_an_export()
    mine = box_games()
    out: dict[int, BgGame] = {}
    for g in listed:
        uuid = _uuid(g.get("uuid")) if isinstance(g, dict) else None
        if uuid is None or not _whole(g.get("id")) or not isinstance(g.get("name"), str) \
                or not roster.normalise(g["name"]).strip():
            raise RosterError("a game in the file is not as BG Stats writes one (an id, a "
                           "uuid and a name); nothing was changed.")
        bgg = g.get("bggId") if _whole(g.get("bggId")) and g.get("bggId", 0) > 0 else 0
        name = roster.normalise(roster.spaces(g["name"])).strip()
        out[g["id"]] = BgGame(uuid, name, bgg, g.get("highestWins") is not False,
                              match_game(name, bgg, mine))
    return out


def locations_in(data: dict[str, Any]) -> dict[int, BgLocation]:
    """The file's places by their id in the file (one without a uuid or name is none)."""
    listed = data.get("locations", [])
    out: dict[int, BgLocation] = {}
    for place in listed if isinstance(listed, list) else []:
        if not isinstance(place, dict) or not _whole(place.get("id")):
            continue
        uuid, name = _uuid(place.get("uuid")), place.get("name")
        if uuid is not None and isinstance(name, str) and name.strip():
            out[place["id"]] = BgLocation(uuid, roster.normalise(roster.spaces(name)).strip())
    return out


def started(text: Any) -> str | None:
    """BG Stats' ``playDate`` (the phone's local time, as the box's) as the log's UTC time.

    >>> started("2025-01-05 19:00:00") == datetime(2025, 1, 5, 19).astimezone(UTC).isoformat()
    True
    >>> started("5 January") is None
    True
    """
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.astimezone()  # the box's own zone, as the plays the box logs
    return when.astimezone(UTC).isoformat(timespec="seconds")


def score(value: Any) -> int | float | None:
    """A score as BG Stats writes it (a string, "" for none) as a number, or None.

    >>> score("61"), score("-2"), score("7.5"), score(""), score(None)
    (61, -2, 7.5, None, None)
    """
    if _whole(value) or isinstance(value, float):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            return None


@dataclass(frozen=True)
class _Person:
    uuid: str | None  # the roster UUID they carry after the import; None: a guest
    name: str


def _seated(listed: Any) -> set[int]:
    """The ids of the players who sit in a play of the file."""
    out: set[int] = set()
    for p in listed if isinstance(listed, list) else []:
        scores = p.get("playerScores") if isinstance(p, dict) else None
        for s in scores if isinstance(scores, list) else []:
            if isinstance(s, dict) and _whole(s.get("playerRefId")):
                out.add(s["playerRefId"])
    return out


def _refs(data: dict[str, Any], seated: set[int]) -> dict[int, tuple[str | None, str, bool]]:
    """The file's players who sit in its plays: id → (UUID, name, anonymous)."""
    out = {}
    for p in data.get("players", []):
        if isinstance(p, dict) and _whole(p.get("id")) and p["id"] in seated:
            name = roster.normalise(roster.spaces(str(p.get("name", "")))).strip() or "?"
            out[p["id"]] = (_uuid(p.get("uuid")), name, p.get("isAnonymous") is True)
    return out


def _people(refs: dict[int, tuple[str | None, str, bool]], plan: Plan) -> dict[int, _Person]:
    """Each player of the file who plays, by their id there: the roster player who takes
    their UUID, else (left out, anonymous) a guest under the file's name."""
    wanted = {uuid for uuid, _n, _a in refs.values()}
    changes = {c.uuid: c for c in plan.changes if c.uuid in wanted}
    out: dict[int, _Person] = {}
    for ref, (uuid, name, anonymous) in refs.items():
        change = changes.get(uuid or "")
        if change is not None and change.taken and not anonymous:
            shown = change.roster_name or change.short or roster.clean_name(change.name)
            out[ref] = _Person(change.uuid, shown)
        else:
            out[ref] = _Person(None, name)
    return out


def _seats(scores: Any, people: dict[int, _Person], n: int) -> list[dict[str, Any]]:
    if not isinstance(scores, list) or not scores:
        raise RosterError("play {n} in the file has no players' scores as BG Stats writes "
                       "them; nothing was changed.", n=n)
    seats: list[tuple[int, int, dict[str, Any]]] = []
    for s in scores:
        ref = s.get("playerRefId") if isinstance(s, dict) else None
        who = people.get(ref) if isinstance(ref, int) else None
        if who is None:
            raise RosterError("play {n} in the file names a player the file does not list; "
                           "nothing was changed.", n=n)
        order = s.get("seatOrder") if _whole(s.get("seatOrder")) else 0
        seats.append((order, len(seats), {
            "uuid": who.uuid, "name": who.name, "score": score(s.get("score")),
            "winner": s.get("winner") is True,
            "rank": s.get("rank") if _whole(s.get("rank")) and s["rank"] > 0 else 0,
            "start": s.get("startPlayer") is True}))
    seats.sort(key=lambda t: (t[0] <= 0, t[0], t[1]))  # by seat where BG Stats has them
    out = [seat for _o, _i, seat in seats]
    # two guests of one name (anonymous twice) are two seats: "Anonymous player 2"
    seen: dict[str, int] = {}
    for seat in out:
        name = str(seat["name"])
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1 and seat["uuid"] is None:
            seat["name"] = f"{name} {seen[name]}"
    return out


def plays_in(listed: list[Any], games: dict[int, BgGame],
             places: dict[int, BgLocation], people: dict[int, _Person]) -> list[NewPlay]:
    """The file's plays (not those BG Stats marks ``ignored``), each play once."""
    out: list[NewPlay] = []
    seen: set[str] = set()
    for n, p in enumerate(listed, start=1):
        uuid = _uuid(p.get("uuid")) if isinstance(p, dict) else None
        if uuid is None:
            raise RosterError("play {n} in the file has no uuid as BG Stats writes one; "
                           "nothing was changed.", n=n)
        game = games.get(p.get("gameRefId"))
        if game is None:
            raise RosterError("play {n} in the file names a game the file does not list; "
                           "nothing was changed.", n=n)
        when = started(p.get("playDate"))
        if when is None:
            raise RosterError("play {n} in the file has no date as BG Stats writes one (such "
                           "as 2025-03-01 19:30:00); nothing was changed.", n=n)
        seats = _seats(p.get("playerScores"), people, n)
        if p.get("ignored") is True or uuid in seen:
            continue
        seen.add(uuid)
        minutes = p.get("durationMin")
        place = places.get(p.get("locationRefId"))
        out.append(NewPlay(uuid, game.uuid, when,
                           round(minutes) if isinstance(minutes, int | float)
                           and not isinstance(minutes, bool) and 0 <= minutes < 10**6 else 0,
                           place.uuid if place is not None else None, seats))
    return out


def import_group(store: Store, text: str | bytes, *, dry_run: bool = False,
                 check_name: Callable[[str], object] | None = None, shorten: bool = False,
                 leave_out: Collection[str] = (),
                 someone_else: Collection[str] = ()) -> GroupPlan:
    """Bring BG Stats export ``text`` onto the box: its players (as
    :func:`~companion.records.bgstats_import.import_players`, with the same options) and
    its plays; the returned :class:`GroupPlan` says what changed (with ``dry_run``: what
    would, and nothing is saved). The whole file is read and checked first; the players
    are saved, then the plays in one transaction."""
    data = _file(text)
    people = bgstats_import.players_of(data)
    games = games_in(data)
    places = locations_in(data)
    listed = data.get("plays", [])
    if not isinstance(listed, list):
        raise bgstats_import.not_an_export()
    refs = _refs(data, _seated(listed))
    del data  # the parsed file (most of the memory a large one takes) is no longer held
    found = bgstats_import.plan(store, people, check_name, shorten=shorten,
                                leave_out=leave_out, someone_else=someone_else)
    del people
    new = plays_in(listed, games, places, _people(refs, found))
    del listed
    there = store.imported.known([p.uuid for p in new])
    used = {p.game for p in new}
    shown = [g for g in games.values() if g.uuid in used]
    matched = list(dict.fromkeys((g.name, registry.title(g.box_key)) for g in shown
                                 if g.box_key is not None))
    kept = list(dict.fromkeys(g.name for g in shown if g.box_key is None))
    if dry_run:
        return GroupPlan(found, len(new) - len(there), len(there), matched, kept)
    taking = [(c.roster_name or c.short or c.name, c.uuid) for c in found.changes
              if c.taken and not c.same]
    # a roster player taking another UUID keeps the plays an earlier import gave them
    store.imported.renumber([(who.uuid, c.uuid) for c in found.changes
                             if c.taken and not c.same and c.roster_name is not None
                             and (who := store.player(c.roster_name)) is not None])
    if taking:
        store.take_uuids(taking)
    added = store.imported.add(games.values(), places.values(),
                               [p for p in new if p.uuid not in there])
    return GroupPlan(Plan(found.changes, done=True), added, len(new) - added, matched, kept,
                     done=True)
