"""Players: the roster on a phone. Add (with the phone's own keyboard: 山田 一郎 too),
rename, hide and show, merge; each person's card with plays and wins.

Every change goes through the same store calls as ``companion players`` (the same
checks: :func:`companion.core.roster.clean_name`, the names the box's fonts can draw), and
a refused name is one sentence with nothing saved.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Flask, Response, request
from markupsafe import Markup

from companion.core.errors import BadName, RosterError
from companion.core.i18n import _, ngettext
from companion.web import chart, html
from companion.web.app import box, csrf, go, phone


def add_routes(app: Flask) -> None:
    app.add_url_rule("/players", "players", page)
    app.add_url_rule("/players/add", "players_add", add, methods=["POST"])
    app.add_url_rule("/players/rename", "players_rename", rename, methods=["POST"])
    app.add_url_rule("/players/hide", "players_hide", hide, methods=["POST"])
    app.add_url_rule("/players/merge", "players_merge", merge, methods=["POST"])
    app.add_url_rule("/players/import", "players_import", upload, methods=["POST"])
    app.add_url_rule("/players/import/confirm", "players_import_confirm", confirm,
                     methods=["POST"])


def _drawable(name: str) -> str:
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


def _check(name: str) -> None:
    _drawable(name)


def _form(action: str, fields: Markup, button: str) -> Markup:
    return Markup('<form method="post" action="{}" class="inline">{}{}<button>{}</button>'
                  '</form>').format(action, html.csrf_field(csrf()), fields, button)


def _hidden(name: str, value: str) -> Markup:
    return Markup('<input type="hidden" name="{}" value="{}">').format(name, value)


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
    add_form = Markup(
        '<form method="post" action="/players/add" class="card">{}<label>{} '
        '<input name="name" required maxlength="40" autocomplete="off"></label> '
        '<button>{}</button></form>').format(html.csrf_field(csrf()), _("Name"), _("Add"))
    cards = []
    for p in everyone[first:first + PAGE]:
        seen: Any = counted.get(p.name)
        numbers = _tally(seen.plays if seen else 0, seen.wins if seen else 0)
        per_game = Markup("").join(
            Markup("<li>{}: {}{}</li>").format(
                line.game, _tally(line.plays, line.wins),
                _(" (best {score})").format(score=line.best) if line.best is not None else "")
            for line in (seen.games.values() if seen else ()))
        drawn = chart.svg(months.get(p.name, {}), this_month,
                          label=_("plays and wins by month")) if seen else Markup("")
        rename = _form("/players/rename", _hidden("name", p.name) + Markup(
            '<input name="new" required maxlength="40" aria-label="{}" placeholder="{}">').format(
                _("New name"), _("New name")), _("Rename"))
        hide = _form("/players/hide", _hidden("name", p.name) + _hidden(
            "show", "1" if p.hidden else ""), _("Show") if p.hidden else _("Hide"))
        merge = _form("/players/merge", _hidden("name", p.name) + Markup(
            '<label>{} <input name="into" list="roster" required maxlength="40" '
            'autocomplete="off"></label> ').format(_("Merge into")),
                      _("Merge")) if len(everyone) > 1 else Markup("")
        cards.append(Markup('<div class="card player"><h2>{}{}</h2><p>{}</p><ul>{}</ul>{}'
                            '<p>{} {} {}</p></div>').format(
            p.name, Markup(" <span class=small>({})</span>").format(_("hidden"))
            if p.hidden else "", numbers, per_game, drawn, rename, hide, merge))
    if not cards:
        cards.append(Markup("<p>{}</p>").format(_("Nobody on the roster yet: add a name.")))
    roster = Markup('<datalist id="roster">{}</datalist>').format(
        Markup("").join(Markup("<option value=\"{}\">").format(p.name) for p in everyone))
    cards.append(_pages(first, len(everyone)) + roster)
    take = Markup(
        '<form method="post" action="/players/import" enctype="multipart/form-data" '
        'class="card"><h2>{}</h2><p class=small>{}</p>{}<input type="file" name="file" '
        'accept=".json,.bgsplay,application/json" required> <button>{}</button></form>'
    ).format(_("Players from BG Stats"),
             _("A BG Stats export (.json or .bgsplay): its players join the roster with the "
               "UUIDs BG Stats knows them by. You see what it will do first."),
             html.csrf_field(csrf()), _("Read the file"))
    return html.page(_("Players"), add_form + Markup("").join(cards) + take, here="/players")


def _pages(first: int, count: int) -> Markup:
    """Links to the page of players before and after this one, when there are more."""
    if count <= PAGE:
        return Markup("")
    links = []
    if first > 0:
        links.append(Markup('<a href="/players?from={}">{}</a>').format(
            max(0, first - PAGE), _("Previous players")))
    links.append(Markup("<span>{}</span>").format(
        _("{first}–{last} of {count}").format(first=first + 1,
                                              last=min(first + PAGE, count), count=count)))
    if first + PAGE < count:
        links.append(Markup('<a href="/players?from={}">{}</a>').format(
            first + PAGE, _("Next players")))
    return Markup('<p class="card">{}</p>').format(Markup(" ").join(links))


def upload() -> str:
    """Read a BG Stats export and show what importing it would do; nothing changes."""
    from companion.records.bgstats_import import import_players

    sent = request.files.get("file")
    data = sent.read() if sent is not None else b""
    if not data:
        raise RosterError("choose a BG Stats export file (.json or .bgsplay) to read.")
    plan = import_players(box().store(), data, dry_run=True, check_name=_check)
    box().pending[phone()] = data
    lines = Markup("").join(Markup("<li>{}</li>").format(line) for line in plan.lines())
    return html.page(_("Players from BG Stats"), Markup(
        '<div class="card"><p>{}</p><ul>{}</ul>{}</div>').format(
            _("Importing this file will:"), lines,
            _form("/players/import/confirm", Markup(""), _("Import them"))), here="/players")


def confirm() -> Response:
    """Import the file this phone read last (the same checks again, all or nothing)."""
    from companion.records.bgstats_import import import_players

    data = box().pending.pop(phone(), None)
    if data is None:
        raise RosterError("read the BG Stats file again first; nothing was changed.")
    import_players(box().store(), data, check_name=_check)
    return go("/players")


def add() -> Response:
    name = request.form.get("name", "")
    box().store().add_player(_drawable(name))
    return go("/players")


def rename() -> Response:
    new = request.form.get("new", "")
    box().store().rename_player(request.form.get("name", ""), _drawable(new))
    return go("/players")


def hide() -> Response:
    box().store().hide_player(request.form.get("name", ""),
                              hidden=not request.form.get("show"))
    return go("/players")


def merge() -> Response:
    box().store().merge_players(request.form.get("name", ""), request.form.get("into", ""))
    return go("/players")
