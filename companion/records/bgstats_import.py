"""A BG Stats group's players onto the box: ``companion players import FILE``.

BG Stats exports its data as JSON (a ``.bgsplay`` file of plays, or the whole backup as
``.json``); both hold ``players``, each with a ``uuid`` and a ``name``. Each named
player takes the file's UUID: a roster player of the same name (case and width
ignored, as the roster compares names) keeps their name and games and takes the UUID,
a name not on the roster is added. From then on every export names them with the UUID
BG Stats already knows, so the app files the box's plays under the same people.
Anonymous players are left out.

All or nothing: the file is refused in one sentence, and nothing changed, when it is
not a BG Stats export, when a UUID in it belongs to another roster player, or when a
name is one the roster refuses. :func:`import_players` is the one way in, for the
command line and the phone page alike.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> _ = store.add_player("ann")
>>> data = '{"players": [{"uuid": "A7C1D3E5-0000-4000-8000-000000000001", "name": "Ann"}]}'
>>> plan = import_players(store, data)
>>> [(c.name, c.roster_name) for c in plan.changes], store.player("Ann").uuid[:8]
([('Ann', 'ann')], 'A7C1D3E5')
"""

from __future__ import annotations

import json
import uuid as uuidlib
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.core import roster
from companion.core.errors import BadName, RosterError
from companion.core.i18n import _
from companion.log.store import Store


@dataclass(frozen=True)
class Change:
    """One player of the file: ``roster_name`` is who on the roster takes the UUID
    (None: the name is added), ``same`` when they carry it already."""

    name: str
    uuid: str
    roster_name: str | None = None
    same: bool = False


@dataclass(frozen=True)
class Plan:
    """What an import does (or, with ``dry_run``, would do)."""

    changes: list[Change] = field(default_factory=list)
    done: bool = False

    def lines(self) -> list[str]:
        """The plan in the language in use, a line per player."""
        out = []
        for c in self.changes:
            if c.same:
                line = _("{name} already carries {uuid}.")
            elif c.roster_name is None:
                line = _("{name} is added with {uuid}.")
            else:
                line = _("{roster} takes {uuid} (as {name} in BG Stats).")
            out.append(line.format(name=c.name, uuid=c.uuid, roster=c.roster_name))
        return out


def _not_an_export() -> RosterError:
    return RosterError("this is not a BG Stats export (a .bgsplay or .json file that lists "
                       "players with their uuid and name); nothing was changed.")


def players_in(text: str | bytes) -> list[tuple[str, str]]:
    """The named players of a BG Stats export, ``(name, uuid)``, in the file's order;
    :class:`RosterError` (one sentence) for anything that is not one."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise _not_an_export() from None
    people = data.get("players") if isinstance(data, dict) else None
    if not isinstance(people, list) or not people:
        raise _not_an_export()
    out: list[tuple[str, str]] = []
    for p in people:
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) \
                or not isinstance(p.get("uuid"), str):
            raise _not_an_export()
        try:
            uuidlib.UUID(p["uuid"])
        except ValueError:
            raise _not_an_export() from None
        if p.get("isAnonymous") is True:
            continue  # BG Stats' "Anonymous player": nobody to name on the box
        out.append((p["name"], p["uuid"]))
    return out


def plan(store: Store, people: list[tuple[str, str]],
         check_name: Callable[[str], None] | None = None) -> Plan:
    """What importing ``people`` would change, checked against the roster's rules;
    :class:`RosterError` (or :class:`BadName`) says why it cannot be done."""
    by_uuid = {p.uuid.upper(): p for p in store.players(hidden=True)}
    seen_names: dict[str, str] = {}
    seen_uuids: set[str] = set()
    changes = []
    for name, uuid in people:
        try:
            clean = roster.clean_name(name)
            if check_name is not None:
                check_name(clean)
        except BadName as err:
            raise BadName("{name} in the file: {why} Nothing was changed.", name=name,
                          why=err.translated(_)) from None
        key = roster.name_key(clean)
        if key in seen_names:
            raise RosterError("{name} is in the file twice (as {other} too); nothing was "
                           "changed.", name=name, other=seen_names[key])
        if uuid.upper() in seen_uuids:
            raise RosterError("{uuid} is in the file twice; nothing was changed.", uuid=uuid)
        seen_names[key] = name
        seen_uuids.add(uuid.upper())
        who = store.player(clean)
        holder = by_uuid.get(uuid.upper())
        if holder is not None and (who is None or holder.id != who.id):
            raise RosterError("{uuid} ({name} in the file) already belongs to {holder} on the "
                           "roster; nothing was changed.", uuid=uuid, name=name,
                           holder=holder.name)
        changes.append(Change(clean, uuid, who.name if who else None,
                              same=who is not None and who.uuid == uuid))
    return Plan(changes)


def import_players(store: Store, text: str | bytes, *, dry_run: bool = False,
                   check_name: Callable[[str], None] | None = None) -> Plan:
    """Give the roster the players of BG Stats export ``text`` with their UUIDs; the
    returned :class:`Plan` says what changed (with ``dry_run``: what would, and nothing
    is saved). ``check_name`` may refuse a name further (the box's fonts)."""
    found = plan(store, players_in(text), check_name)
    if dry_run:
        return found
    store.take_uuids([(c.name, c.uuid) for c in found.changes if not c.same])
    return Plan(found.changes, done=True)
