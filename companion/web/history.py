"""History: every finished game, filtered by game, player and date; each with its detail
sentence and an *Add to BG Stats* link; downloads of a range (tonight, since this phone's
last download, all) as a BG Stats file, CSV or JSON — the same exports as
``companion history``."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from markupsafe import Markup

from companion.config import registry
from companion.core import seat_names
from companion.core.i18n import _, ngettext
from companion.core.localtime import local_iso, minute
from companion.records import bgstats, csv_export, json_export
from companion.records.plays import Play, plays
from companion.web import html
from companion.web.app import Refused, box, phone
from companion.web.reading import Newest, newest_plays
from companion.web.tonight import TONIGHT_HOURS

SHOWN = 50
DOWNLOADS = "web-downloads.json"
FORMATS = {"bgsplay": ("application/json", "bgsplay"), "csv": ("text/csv", "csv"),
           "json": ("application/json", "json")}


def add_routes(app: Flask) -> None:
    app.add_url_rule("/history", "history", page)
    app.add_url_rule("/history/download", "history_download", download)


def _keep(r: Play) -> bool:
    """Whether play ``r`` passes the page's filters."""
    game, who = request.args.get("game", ""), request.args.get("player", "")
    since, until = request.args.get("from", ""), request.args.get("to", "")
    day = local_iso(r.finished)[:10]
    return not ((game and r.key != game) or (who and who not in r.players)
                or (since and day < since) or (until and day > until))


def _options(values: list[tuple[str, str]], chosen: str, everyone: str) -> Markup:
    return Markup('<option value="">{}</option>').format(everyone) + Markup("").join(
        Markup('<option value="{}"{}>{}</option>').format(
            v, Markup(" selected") if v == chosen else "", label) for v, label in values)


def page() -> str:
    store = box().store()
    keys = list(registry.discover())
    names = [p.name for p in store.players(hidden=True)]
    a = request.args
    filters = Markup(
        '<form method="get" class="card"><select name="game" aria-label="{}">{}</select> '
        '<select name="player" aria-label="{}">{}</select><br>'
        '<label>{} <input type="date" name="from" value="{}"></label><br>'
        '<label>{} <input type="date" name="to" value="{}"></label> <button>{}</button></form>'
    ).format(_("game"), _options([(k, registry.title(k)) for k in keys], a.get("game", ""),
                                 _("every game")),
             _("player"), _options([(n, seat_names.shown(n)) for n in names],
                                   a.get("player", ""), _("everyone")),
             _("first day"), a.get("from", ""), _("last day"), a.get("to", ""), _("Show"))
    chosen = newest_plays(store, SHOWN, _keep)
    items = Markup("").join(_play(r) for r in chosen)
    count = (ngettext("The newest {n} game", "The newest {n} games", len(chosen))
             if len(chosen) == SHOWN else ngettext("{n} game", "{n} games", len(chosen))
             ).format(n=len(chosen))
    links = Markup("").join(
        Markup("<li>{}: {}</li>").format(label, Markup(" · ").join(
            Markup('<a href="/history/download?range={}&amp;fmt={}" download>{}</a>').format(
                when, fmt, name) for fmt, name in (("bgsplay", "BG Stats"), ("csv", "CSV"),
                                                   ("json", "JSON"))))
        for when, label in (("tonight", _("tonight")), ("since", _("since my last download")),
                            ("all", _("all"))))
    downloads = Markup('<div class="card"><h2>{}</h2><ul>{}</ul></div>').format(
        _("Download"), links)
    return html.page(_("History"), filters + Markup("<p>{}</p><ul class=plays>{}</ul>").format(
        count, items) + downloads, here="/history")


def _play(r: Play) -> Markup:
    people = ", ".join(
        f"{seat_names.shown(p)} {r.scores[p]}" if r.scores.get(p) is not None
        else seat_names.shown(p) for p in r.players)
    winners = ", ".join(seat_names.shown(w) for w in r.winners if not seat_names.is_nobody(w))
    link = Markup("") if r.tool else Markup('<br><a class="button bgstats" href="{}">{}</a>'
                                            ).format(bgstats.play_link(
                                                r, location=box().config.records["location"]),
                                                _("Add to BG Stats"))
    return Markup('<li class="card"><b>{}</b> <span class=small>{}</span><br>{}<br>{}<br>'
                  '<span class=small>{}</span>{}</li>').format(
        r.game, minute(r.finished), people,
        _("won by {who}").format(who=winners) if winners else _("nobody wins"), r.detail, link)


def _downloads(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / DOWNLOADS).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def download() -> Response:
    fmt, when = request.args.get("fmt", "bgsplay"), request.args.get("range", "all")
    if fmt not in FORMATS or when not in ("tonight", "since", "all"):
        raise Refused(400, _("Choose a download from the History page."))
    store = box().store()
    folder = box().folder
    last = _downloads(folder)
    if when == "tonight":
        since = (datetime.now(UTC) - timedelta(hours=TONIGHT_HOURS)).isoformat(
            timespec="seconds")
        rows = [r for r in plays(Newest(store, 200)) if r.finished >= since]  # type: ignore[arg-type]
    elif when == "since":
        mark = last.get(phone())
        if isinstance(mark, int):
            limit = 50
            while (window := Newest(store, limit)).rows and len(window.rows) == limit \
                    and window.rows[-1].id > mark:
                limit *= 4
            rows = [r for r in plays(window) if r.id > mark]  # type: ignore[arg-type]
        else:
            rows = plays(store)
    else:
        rows = plays(store)
    if rows:
        last[phone()] = max(r.id for r in rows)
        try:
            (folder / DOWNLOADS).write_text(json.dumps(last), encoding="utf-8")
        except OSError:
            pass  # the next "since" download then repeats these plays: nothing is lost
    if fmt == "bgsplay":
        text = json.dumps(bgstats.as_bgstats(rows, location=box().config.records["location"]),
                          indent=1, ensure_ascii=False)
    elif fmt == "csv":
        text = csv_export.as_csv(rows)
    else:
        text = json_export.as_json(rows)
    kind, ext = FORMATS[fmt]
    stamp = datetime.now().strftime("%Y%m%d-%H%M")
    return Response(text, mimetype=kind, headers={
        "Content-Disposition": f'attachment; filename="companion-{stamp}.{ext}"'})
