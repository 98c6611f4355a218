"""Players: the roster on a phone. Add (with the phone's own keyboard: 山田 一郎 too),
rename, hide and show, merge; each person's card with plays and wins, opened when tapped.

Merging and hiding ask first (what happens to the games and to each UUID) and the last
one this phone made can be undone (:func:`undo`; what a merge changed,
:class:`companion.log.roster_log.Merge`, is kept in the state folder,
:func:`last_change`, until the next merge, hide or undo).

Every change goes through the same store calls as ``companion players`` (the same
checks: :func:`companion.core.roster.clean_name`, the names the box's fonts can draw), and
a refused name is one sentence with nothing saved.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

from companion.core.errors import BadName, RosterError
from companion.core.i18n import _, ngettext, number
from companion.log.roster_log import Merge, Player
from companion.web import chart, html
from companion.web.app import box, go, phone


def add_routes(app: Flask) -> None:
    app.add_url_rule("/players", "players", page)
    app.add_url_rule("/players/add", "players_add", add, methods=["POST"])
    app.add_url_rule("/players/rename", "players_rename", rename, methods=["POST"])
    app.add_url_rule("/players/hide", "players_hide", hide, methods=["POST"])
    app.add_url_rule("/players/merge", "players_merge", merge, methods=["POST"])
    app.add_url_rule("/players/undo", "players_undo", undo, methods=["POST"])


def drawable(name: str) -> str:
    """``name`` when the box can show every character of it (as ``companion players``)."""
    from companion.core.roster import normalise
    from companion.ui.fonts.japanese import missing

    gone = missing(normalise(name))  # as it will be saved: U+3000 a space, "é" composed
    if gone:
        raise BadName("the box cannot show {chars} in a name; letters, kana and kanji it can.",
                      chars=gone)
    return name


def _tally(plays: int, wins: int) -> str:
    """"3 plays, 1 win": each count in its own form."""
    return _("{plays}, {wins}").format(
        plays=ngettext("{n} play", "{n} plays", plays).format(n=plays),
        wins=ngettext("{n} win", "{n} wins", wins).format(n=wins))


#: Cards on one page of Players: a roster of thousands (one BG Stats upload) costs
#: a page of cards, and the names to merge into are listed once (a datalist), not on
#: every card.
PAGE = 50


def _first() -> int:
    try:
        return max(0, int(request.args.get("from", "0")))
    except ValueError:
        return 0


def page() -> str:
    store = box().store()
    everyone = store.players(hidden=True)
    first = _first() // PAGE * PAGE
    counted = {s.name: s for s in box().people()}
    months = box().months()
    this_month = datetime.now().strftime("%Y-%m")
    cards = []
    for p in everyone[first:first + PAGE]:
        seen = counted.get(p.name)
        cards.append({
            "name": p.name, "hidden": p.hidden,
            "numbers": _tally(seen.plays if seen else 0, seen.wins if seen else 0),
            "games": [(line.game, _tally(line.plays, line.wins),
                       _(" (best {score})").format(score=line.best)
                       if line.best is not None else "")
                      for line in (seen.games.values() if seen else ())],
            "chart": chart.bars(months.get(p.name, {}), this_month,
                                label=_("plays and wins by month")) if seen else None})
    return html.page("players.html", _("Players"), here="/players", cards=cards,
                     merge=len(everyone) > 1, pages=_pages(first, len(everyone)),
                     roster=[p.name for p in everyone], undo=_undo_said())


def _pages(first: int, count: int) -> dict[str, int | None] | None:
    """Where the pages of players before and after this one start, when there are more."""
    if count <= PAGE:
        return None
    return {"previous": max(0, first - PAGE) if first > 0 else None,
            "next": first + PAGE if first + PAGE < count else None,
            "first": first + 1, "last": min(first + PAGE, count), "count": count}


def add() -> Response:
    name = request.form.get("name", "")
    box().store().add_player(drawable(name))
    return go("/players")


def rename() -> Response:
    new = request.form.get("new", "")
    box().store().rename_player(request.form.get("name", ""), drawable(new))
    return go("/players")


def _games(who: Player) -> int:
    """The games ``who`` sits in, finished or not (a merge moves them all)."""
    return box().store().games_of(who.name)


def _known(name: str) -> Player:
    found = box().store().player(name)
    if found is None:
        raise RosterError("{name} is not on the roster; choose a name from the Players page.",
                          name=name)
    return found


def hide() -> str | Response:
    """Hide (after asking: what happens to their games) or show again at once."""
    showing = bool(request.form.get("show"))
    who = _known(request.form.get("name", ""))
    if not showing and not request.form.get("sure"):
        games = _games(who)
        said = [_("{name} is left out of the setup on the box; nothing is deleted.")
                .format(name=who.name),
                ngettext("Their {n} game stays theirs, with their UUID {uuid}.",
                         "Their {n} games stay theirs, with their UUID {uuid}.", games)
                .format(n=number(games), uuid=who.uuid),
                _("Show brings them back, and you can undo this on the Players page.")]
        return html.page("ask.html", _("Hide {name}?").format(name=who.name),
                         here="/players", back="/players", said=said, action="/players/hide",
                         choices=[(_("Hide {name}").format(name=who.name),
                                   {"name": who.name})])
    box().store().hide_player(who.name, hidden=not showing)
    _remember(None if showing else who.name)
    return go("/players")


def merge() -> str | Response:
    """Merge one entry into another: first what it does (whose games move, whose UUID
    stays), with the choice of which one stays; then, with ``sure``, the merge."""
    gone = _known(request.form.get("name", ""))
    kept = _known(request.form.get("into", ""))
    if gone.id == kept.id:
        raise RosterError("{gone} and {kept} are already one entry.",
                          gone=gone.name, kept=kept.name)
    if not request.form.get("sure"):
        games = _games(gone)
        said = [ngettext("{gone}'s {n} game becomes {kept}'s, and {gone} leaves the roster.",
                         "{gone}'s {n} games become {kept}'s, and {gone} leaves the roster.",
                         games).format(gone=gone.name, kept=kept.name, n=number(games)),
                _("{kept} keeps their UUID {uuid}: BG Stats knows the merged player by it.")
                .format(kept=kept.name, uuid=kept.uuid),
                _("{gone}'s UUID {uuid} leaves the roster with them.")
                .format(gone=gone.name, uuid=gone.uuid),
                _("You can undo this on the Players page, as long as it is the last merge "
                  "or hide this phone made.")]
        return html.page(
            "ask.html", _("Merge {gone} into {kept}?").format(gone=gone.name,
                                                                       kept=kept.name),
            here="/players", back="/players", said=said, action="/players/merge",
            choices=[(_("Merge: keep {kept}").format(kept=kept.name),
                      {"name": gone.name, "into": kept.name}),
                     (_("The other way: keep {gone} and their UUID").format(gone=gone.name),
                      {"name": kept.name, "into": gone.name})])
    _remember(box().store().merge(gone.name, kept.name))
    return go("/players")


def undo() -> Response:
    """Undo the last merge (split the two again) or hide this phone made."""
    what = last_change(box().folder, phone())
    if what is None:
        raise RosterError("there is no merge or hide to undo here; nothing was changed.")
    if isinstance(what, Merge):
        box().store().unmerge(what)  # RosterError: kept, to try after the name is freed
    else:
        box().store().hide_player(what, hidden=False)
    keep_change(box().folder, phone(), None)
    return go("/players")


def _remember(what: Merge | str | None) -> None:
    keep_change(box().folder, phone(), what)


def _undo_said() -> str:
    """What the Undo button on the Players page undoes, or "" when there is nothing."""
    what = last_change(box().folder, phone())
    if what is None:
        return ""
    if isinstance(what, Merge):
        return _("You merged {gone} into {kept}.").format(gone=what.gone.name,
                                                          kept=what.kept.name)
    return _("You hid {name}.").format(name=what)


#: The last merge or hide of each phone, in the state folder (:func:`last_change`).
UNDO_FILE = "web-undo.json"
#: Phones whose last change is kept (the oldest is let go).
UNDO_KEPT = 20

_undo_lock = threading.Lock()


def _player(row: Any) -> Player | None:
    types: tuple[type | tuple[type, ...], ...] = (
        int, str, str, (str, type(None)), str, (str, type(None)), bool)
    if not (isinstance(row, list) and len(row) == len(types)
            and all(isinstance(v, t) for v, t in zip(row, types, strict=True))):
        return None
    return Player.from_row(row)


def _undo_read(data: Any) -> Merge | str | None:
    """One phone's entry as kept, or None when it is not one we wrote."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("hide"), str):
        return str(data["hide"])
    merge = data.get("merge")
    if not isinstance(merge, dict):
        return None
    gone, kept, seats = _player(merge.get("gone")), _player(merge.get("kept")), \
        merge.get("seats")
    if gone is None or kept is None or not isinstance(seats, list) or not all(
            isinstance(s, list) and len(s) == 2 and all(type(n) is int for n in s)
            for s in seats):
        return None
    return Merge(gone, kept, tuple((g, s) for g, s in seats))


def _row(p: Player) -> list[Any]:
    return [p.id, p.uuid, p.name, p.colour, p.created, p.last_played, p.hidden]


def _entry(what: Merge | str) -> dict[str, Any]:
    if isinstance(what, Merge):
        return {"merge": {"gone": _row(what.gone), "kept": _row(what.kept),
                          "seats": [list(s) for s in what.seats]}}
    return {"hide": what}


def _undo_load(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / UNDO_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def last_change(folder: Path, phone: str) -> Merge | str | None:
    """What ``phone`` merged (a :class:`Merge`) or hid (a name) last, or None: kept in
    :data:`UNDO_FILE` so that Undo outlives the page's process (a power cut). The file
    is a stranger until it reads as ours (principle 7): anything else in it is "nothing
    to undo", never an error.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> keep_change(folder, "phone-1", "Ann")
    >>> last_change(folder, "phone-1"), last_change(folder, "phone-2")
    ('Ann', None)
    """
    return _undo_read(_undo_load(Path(folder)).get(phone))


def keep_change(folder: Path, phone: str, what: Merge | str | None) -> None:
    """Keep ``what`` as ``phone``'s last change (None: nothing to undo). A file that
    cannot be written loses only the Undo button, never the change itself."""
    folder = Path(folder)
    with _undo_lock:
        data = {k: v for k, v in _undo_load(folder).items() if k != phone}
        if what is not None:
            data[phone] = _entry(what)
        while len(data) > UNDO_KEPT:
            data.pop(next(iter(data)))
        try:
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{UNDO_FILE}.")
        except OSError:
            return
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, folder / UNDO_FILE)
        except OSError:
            Path(tmp).unlink(missing_ok=True)
