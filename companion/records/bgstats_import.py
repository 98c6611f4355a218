"""A BG Stats group's players onto the box: ``companion players import FILE``.

BG Stats exports its data as JSON (a ``.bgsplay`` file of plays, or the whole backup as
``.json``); both hold ``players``, each with a ``uuid`` and a ``name``. Each named
player takes the file's UUID: a roster player of the same name (case and width
ignored, as the roster compares names) keeps their name and games and takes the UUID,
a name not on the roster is added. From then on every export names them with the UUID
BG Stats already knows, so the app files the box's plays under the same people.
Anonymous players are left out.

Names are taken as people write them (:func:`companion.core.roster.clean_name`: a
full-width space is a space). A name alike to a roster player's, accents apart ("Chloé"
in the file, "Chloe" on the box) is that player, said so in the plan, unless it is named
as someone else. A name too long for the box is left out, with a short name proposed
(``shorten`` brings them in under it); anyone may be left out by name. UUIDs are taken
in one form however the file spells them (:func:`~companion.core.roster.canonical_uuid`).
A name too long for the box whose UUID a roster player carries already is that player
(brought in shortened by an earlier import): a second import changes nothing.

All or nothing otherwise: the file is refused in one sentence, and nothing changed, when
it is not a BG Stats export, when a UUID in it belongs to another roster player, or when
a name is one the roster refuses. :func:`import_players` is the one way in, for the
command line and the phone page alike.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> _ = store.add_player("ann")
>>> data = '{"players": [{"uuid": "A7C1D3E5-0000-4000-8000-000000000001", "name": "Ann"}]}'
>>> plan = import_players(store, data)
>>> [(c.name, c.roster_name) for c in plan.changes], store.player("Ann").uuid[:8]
([('Ann', 'ann')], 'A7C1D3E5')
>>> data = ('{"players": [{"uuid": "{a7c1d3e5-0000-4000-8000-000000000002}", '
...         '"name": "Sebastian Müller"}]}')
>>> print(*import_players(store, data).lines())  # doctest: +NORMALIZE_WHITESPACE
Sebastian Müller is left out: a name on the box is at most 12 characters; shortened,
it would be Sebastian M..
>>> print(*import_players(store, data, shorten=True).lines())
Sebastian Müller is added as Sebastian M. with A7C1D3E5-0000-4000-8000-000000000002.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from companion.core import roster
from companion.core.errors import BadName, RosterError
from companion.core.i18n import _
from companion.log.store import Store


@dataclass(frozen=True)
class Change:
    """One player of the file: ``roster_name`` is who on the roster takes the UUID
    (None: the name is added), ``same`` when they carry it already, ``alike`` when the
    roster's name is alike to the file's but not the same (accents apart). ``short`` is
    the short name proposed for a name too long for the box (taken with ``shorten``);
    ``left_out`` says why the person is not brought in (``"long"``, ``"asked"``)."""

    name: str
    uuid: str
    roster_name: str | None = None
    same: bool = False
    alike: bool = False
    short: str | None = None
    left_out: str | None = None

    @property
    def taken(self) -> bool:
        """True when this person is brought in (not left out)."""
        return self.left_out is None


@dataclass(frozen=True)
class Plan:
    """What an import does (or, with ``dry_run``, would do)."""

    changes: list[Change] = field(default_factory=list)
    done: bool = False

    def lines(self) -> list[str]:
        """The plan in the language in use, one sentence per player."""
        out = []
        for c in self.changes:
            if c.left_out == "asked":
                line = _("{name} is left out, as asked.")
            elif c.left_out is not None and c.short is not None:
                line = _("{name} is left out: a name on the box is at most {most} "
                         "characters; shortened, it would be {short}.")
            elif c.left_out is not None:
                line = _("{name} is left out: a name on the box is at most {most} "
                         "characters.")
            elif c.same:
                line = _("{name} already carries {uuid}.")
            elif c.alike:
                line = _("{roster} takes {uuid} (as {name} in BG Stats: a name alike, the "
                         "same person most likely).")
            elif c.roster_name is None and c.short is not None:
                line = _("{name} is added as {short} with {uuid}.")
            elif c.roster_name is None:
                line = _("{name} is added with {uuid}.")
            else:
                line = _("{roster} takes {uuid} (as {name} in BG Stats).")
            out.append(line.format(name=c.name, uuid=c.uuid, roster=c.roster_name,
                                   short=c.short, most=roster.MAX_LEN))
        return out


def not_an_export() -> RosterError:
    """The one sentence for a file that is not a BG Stats export."""
    return RosterError("this is not a BG Stats export (a .bgsplay or .json file that lists "
                       "players with their uuid and name); nothing was changed.")


def players_in(text: str | bytes) -> list[tuple[str, str]]:
    """The named players of a BG Stats export, ``(name, uuid)`` with the UUID in its one
    form, in the file's order; :class:`RosterError` (one sentence) for anything that is
    not one (a file nested too deeply for any export too)."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise not_an_export() from None
    except RecursionError:
        raise RosterError("this file nests its data too deeply to be a BG Stats export; "
                          "nothing was changed.") from None
    return players_of(data)


def players_of(data: Any) -> list[tuple[str, str]]:
    """:func:`players_in` of a file already read as JSON."""
    people = data.get("players") if isinstance(data, dict) else None
    if not isinstance(people, list) or not people:
        raise not_an_export()
    out: list[tuple[str, str]] = []
    for p in people:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) \
                or not isinstance(p.get("uuid"), str):
            raise not_an_export()
        try:
            uuid = roster.canonical_uuid(p["uuid"])
        except ValueError:
            raise not_an_export() from None
        if p.get("isAnonymous") is True:
            continue  # BG Stats' "Anonymous player": nobody to name on the box
        out.append((p["name"], uuid))
    return out


def short_name(name: str, taken: Collection[str] = ()) -> str | None:
    """A name of at most :data:`~companion.core.roster.MAX_LEN` characters for ``name``,
    too long for the box: the first name and the last one's initial, else the first
    name, else the start; none whose :func:`~companion.core.roster.name_key` is in
    ``taken``. None when nothing fits.

    >>> short_name("Sebastian Müller"), short_name("Sebastian Müller", {"sebastian m."})
    ('Sebastian M.', 'Sebastian')
    >>> short_name("Maximilianus Alexandros")
    'Maximilianus'
    """
    words = roster.normalise(name).split(" ")
    tries = [f"{words[0]} {words[-1][0]}." if len(words) > 1 else "", words[0],
             roster.normalise(name)[:roster.MAX_LEN]]
    for candidate in tries:
        try:
            clean = roster.clean_name(candidate)
        except BadName:
            continue
        if roster.name_key(clean) not in taken:
            return clean
    return None


def _too_long(name: str) -> bool:
    """True when ``name`` is refused only for its length."""
    cleaned = roster.normalise(roster.spaces(name))
    if len(cleaned) <= roster.MAX_LEN:
        return False
    try:
        roster.clean_name(cleaned[:roster.MAX_LEN])
    except BadName:
        return False
    return True


def plan(store: Store, people: list[tuple[str, str]],
         check_name: Callable[[str], object] | None = None, *, shorten: bool = False,
         leave_out: Collection[str] = (), someone_else: Collection[str] = ()) -> Plan:
    """What importing ``people`` would change, checked against the roster's rules;
    :class:`RosterError` (or :class:`BadName`) says why it cannot be done. ``leave_out``
    and ``someone_else`` name people of the file (case and width ignored): left out, and
    added as another person even where a roster name is alike."""
    by_uuid = {p.uuid: p for p in store.players(hidden=True)}
    everyone = [p.name for p in store.players(hidden=True)]
    left = {roster.name_key(n) for n in leave_out}
    others = {roster.name_key(n) for n in someone_else}
    seen_names: dict[str, str] = {}
    seen_uuids: set[str] = set()
    taken = {roster.name_key(n) for n in everyone} | {roster.name_key(n) for n, _u in people}
    claimed: set[str] = set()
    in_file = {roster.name_key(roster.normalise(roster.spaces(n))) for n, _u in people}
    alike_on_roster: dict[str, list[str]] = {}
    for n in everyone:
        alike_on_roster.setdefault(roster.near_key(n), []).append(n)
    changes = []
    for name, uuid in people:
        if roster.name_key(roster.normalise(roster.spaces(name))) in left:
            changes.append(Change(name, uuid, left_out="asked"))
            continue
        short = None
        if _too_long(name) and uuid in by_uuid and uuid not in seen_uuids:
            # brought in before under a short name (or renamed to fit): that is them
            seen_uuids.add(uuid)
            claimed.add(roster.name_key(by_uuid[uuid].name))
            changes.append(Change(by_uuid[uuid].name, uuid, by_uuid[uuid].name, same=True))
            continue
        if _too_long(name):
            short = short_name(name, taken)
            if not shorten or short is None:
                changes.append(Change(name, uuid, short=short, left_out="long"))
                continue
            taken.add(roster.name_key(short))
        try:
            clean = roster.clean_name(short or name)
            if check_name is not None:
                check_name(clean)
        except BadName as err:
            raise BadName("{name} in the file: {why} Nothing was changed.", name=name,
                          why=err.translated(_)) from None
        key = roster.name_key(clean)
        if key in seen_names:
            raise RosterError("{name} is in the file twice (as {other} too); nothing was "
                           "changed.", name=name, other=seen_names[key])
        if uuid in seen_uuids:
            raise RosterError("{uuid} is in the file twice; nothing was changed.", uuid=uuid)
        seen_names[key] = name
        seen_uuids.add(uuid)
        who = store.player(clean)
        alike = False
        if who is None and key not in others and roster.name_key(name) not in others:
            # an exact name in the file goes to its own roster entry first
            near = [n for n in alike_on_roster.get(roster.near_key(clean), [])
                    if roster.name_key(n) not in claimed | in_file]
            if near:
                who, alike = store.player(near[0]), True
        if who is not None:
            claimed.add(roster.name_key(who.name))
        holder = by_uuid.get(uuid)
        if holder is not None and (who is None or holder.id != who.id):
            raise RosterError("{uuid} ({name} in the file) already belongs to {holder} on the "
                           "roster; nothing was changed.", uuid=uuid, name=name,
                           holder=holder.name)
        changes.append(Change(clean if short is None else name, uuid,
                              who.name if who else None,
                              same=who is not None and who.uuid == uuid, alike=alike,
                              short=short))
    return Plan(changes)


def import_players(store: Store, text: str | bytes, *, dry_run: bool = False,
                   check_name: Callable[[str], object] | None = None, shorten: bool = False,
                   leave_out: Collection[str] = (),
                   someone_else: Collection[str] = ()) -> Plan:
    """Give the roster the players of BG Stats export ``text`` with their UUIDs; the
    returned :class:`Plan` says what changed (with ``dry_run``: what would, and nothing
    is saved). ``check_name`` may refuse a name further (the box's fonts); ``shorten``,
    ``leave_out`` and ``someone_else`` as :func:`plan`."""
    found = plan(store, players_in(text), check_name, shorten=shorten, leave_out=leave_out,
                 someone_else=someone_else)
    if dry_run:
        return found
    store.take_uuids([(c.roster_name or c.short or c.name, c.uuid) for c in found.changes
                      if c.taken and not c.same])
    return Plan(found.changes, done=True)
