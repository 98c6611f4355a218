"""History: every finished game, filtered by game, player and date; each with its detail
sentence and an *Add to BG Stats* link; downloads of a range (tonight, since this phone's
last download, all) as a BG Stats file, CSV or JSON — the same exports as
``companion history``.

No GET changes anything: "since my last download" is a form this phone posts with its
CSRF token, and only that moves the phone's mark; a GET of the same address (a link on
another site, a prefetch) downloads the same plays and leaves the mark where it was."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

from companion.config import registry
from companion.core import seat_names
from companion.core.i18n import _, ngettext
from companion.core.localtime import local_iso, minute
from companion.records import bgstats, csv_export, json_export
from companion.records.plays import Play, plays
from companion.web import html
from companion.web.app import Refused, box, phone
from companion.web.reading import newest_plays, plays_after
from companion.web.tonight import TONIGHT_HOURS

SHOWN = 50
DOWNLOADS = "web-downloads.json"
FORMATS = {"bgsplay": ("application/json", "bgsplay"), "csv": ("text/csv", "csv"),
           "json": ("application/json", "json")}


def add_routes(app: Flask) -> None:
    app.add_url_rule("/history", "history", page)
    app.add_url_rule("/history/download", "history_download", download,
                     methods=["GET", "POST"])


def _keep(r: Play) -> bool:
    """Whether play ``r`` passes the page's filters."""
    game, who = request.args.get("game", ""), request.args.get("player", "")
    since, until = request.args.get("from", ""), request.args.get("to", "")
    day = local_iso(r.finished)[:10]
    return not ((game and r.key != game) or (who and who not in r.players)
                or (since and day < since) or (until and day > until))


def page() -> str:
    store = box().store()
    a = request.args
    chosen = newest_plays(store, SHOWN, _keep)
    count = (ngettext("The newest {n} game", "The newest {n} games", len(chosen))
             if len(chosen) == SHOWN else ngettext("{n} game", "{n} games", len(chosen))
             ).format(n=len(chosen))
    return html.page(
        "history.html", _("History"), here="/history", count=count,
        plays=[_play(r) for r in chosen],
        games=[(k, registry.title(k)) for k in registry.discover()],
        people=[(p.name, seat_names.shown(p.name)) for p in store.players(hidden=True)],
        chosen={"game": a.get("game", ""), "player": a.get("player", ""),
                "first": a.get("from", ""), "last": a.get("to", "")})


def _play(r: Play) -> dict[str, str]:
    """Play ``r`` as a line of History shows it."""
    people = ", ".join(
        f"{seat_names.shown(p)} {r.scores[p]}" if r.scores.get(p) is not None
        else seat_names.shown(p) for p in r.players)
    winners = ", ".join(seat_names.shown(w) for w in r.winners if not seat_names.is_nobody(w))
    link = "" if r.tool else bgstats.play_link(r, location=box().config.records["location"])
    return {"game": r.game, "time": minute(r.finished), "people": people,
            "winners": winners, "detail": r.detail, "link": link}


def _downloads(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / DOWNLOADS).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def download() -> Response:
    fmt, when = request.values.get("fmt", "bgsplay"), request.values.get("range", "all")
    if fmt not in FORMATS or when not in ("tonight", "since", "all"):
        raise Refused(400, _("Choose a download from the History page."))
    store = box().store()
    folder = box().folder
    last = _downloads(folder)
    if when == "tonight":
        since = (datetime.now(UTC) - timedelta(hours=TONIGHT_HOURS)).isoformat(
            timespec="seconds")
        rows = [r for r in plays(store, newest=200) if r.finished >= since]
    elif when == "since":
        mark = last.get(phone())
        if isinstance(mark, int):
            rows = list(plays_after(store, mark, first=50))
        else:
            rows = plays(store)
    else:
        rows = plays(store)
    if rows and request.method == "POST":  # a GET changes nothing (a link from elsewhere)
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
    return Response(html.visible(text), mimetype=kind, headers={
        "Content-Disposition": f'attachment; filename="companion-{stamp}.{ext}"'})
