"""The phone's import of a BG Stats export: its players and its plays, shown first.

``POST /players/import`` reads the file and shows what importing it will do: who is who
(a near-duplicate pointed out, a name too long for the box with the short name
proposed), how many plays are new and how many on the box already, which games are
the box's own and which are kept under their own name; nothing changes. The form under
it chooses whom to leave out, who is someone else than the roster's look-alike, and
whether long names come in shortened; ``POST /players/import/confirm`` then imports the
file this phone read, with the same checks again, through the same
:func:`companion.records.group_import.import_group` as ``companion import``.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Flask, Response, request

from companion.core.errors import RosterError
from companion.core.i18n import _, ngettext, number
from companion.records.bgstats_import import Change
from companion.web import html
from companion.web.app import box, go, phone
from companion.web.people import drawable


def add_routes(app: Flask) -> None:
    app.add_url_rule("/players/import", "players_import", upload, methods=["POST"])
    app.add_url_rule("/players/import/confirm", "players_import_confirm", confirm,
                     methods=["POST"])


#: Lines of an import's plan the page shows; the rest is counted ("and 3,000 more").
PLAN_SHOWN = 50
#: Phones whose read file waits for "Import them" at once (the oldest is let go).
PENDING = 2


def _choice(c: Change) -> dict[str, object]:
    """One person of the file in the form: leave them out, say they are someone else
    (where a roster name is alike), or bring a long name in shortened."""
    return {"name": c.name, "alike": c.alike, "long": c.left_out == "long" and bool(c.short),
            "short": c.short, "taken": c.taken}


def upload() -> str:
    """Read a BG Stats export and show what importing it would do; nothing changes.

    One file is read at a time (:attr:`companion.web.app.Box.importing`): an 8 MiB export
    takes about a hundred MiB while it is read, and four at once would not fit a Pi's
    memory beside the box."""
    from companion.records.group_import import import_group

    sent = request.files.get("file")
    data = sent.read() if sent is not None else b""
    if not data:
        raise RosterError("choose a BG Stats export file (.json or .bgsplay) to read.")
    the_box = box()
    with the_box.importing:
        plan = import_group(the_box.store(), data, dry_run=True, check_name=drawable)
        people = plan.players.changes
        count = len(people)
        lines = replace(plan.players, changes=people[:PLAN_SHOWN]).lines()
        choices = [_choice(c) for c in people[:PLAN_SHOWN] if not c.same]
        plays, games = plan.counts(), plan.game_lines()
        del plan, people
        the_box.pending.pop(phone(), None)
        while len(the_box.pending) >= PENDING:  # the phone that read one longest ago
            the_box.pending.pop(next(iter(the_box.pending)))
        the_box.pending[phone()] = data
    more = (ngettext("…and {n} more player.", "…and {n} more players.", count - PLAN_SHOWN)
            .format(n=number(count - PLAN_SHOWN)) if count > PLAN_SHOWN else "")
    return html.page("players_import.html", _("Players and plays from BG Stats"),
                     here="/players",
                     lines=lines, more=more, plays=plays, games=games, choices=choices)


def confirm() -> Response:
    """Import the file this phone read last, as chosen on the form (the same checks
    again, all or nothing)."""
    from companion.records.group_import import import_group

    data = box().pending.pop(phone(), None)
    if data is None:
        raise RosterError("read the BG Stats file again first; nothing was changed.")
    with box().importing:
        import_group(box().store(), data, check_name=drawable,
                     shorten=bool(request.form.get("shorten")),
                     leave_out=request.form.getlist("leave_out"),
                     someone_else=request.form.getlist("someone_else"))
    return go("/players")
