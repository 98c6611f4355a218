"""History: every finished game in the order they ended, a page at a time, filtered by
game, player and date; each with its detail sentence, an *Add to BG Stats* link and
*Reopen* (its end undone, after asking: :meth:`companion.log.store.Store.reopen`);
downloads of a range (tonight, since this phone's last download, all) of the plays the
filters keep, as a BG Stats file, CSV or JSON — the same exports as ``companion history``.

No GET changes anything: "since my last download" is a form this phone posts with its
CSRF token, and only that, once the whole file is sent, moves the phone's mark for that
format and those filters; a GET of the same address (a link on another site, a
prefetch) downloads the same plays and leaves the mark where it was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, request

from companion.config import registry
from companion.core import seat_names
from companion.core.i18n import _, ngettext
from companion.core.localtime import local_iso, minute
from companion.records import bgstats, csv_export, json_export
from companion.records.plays import Play, plays, plays_by_end
from companion.web import html
from companion.web.app import Refused, box, go, phone
from companion.web.reading import ended_plays, plays_after
from companion.web.tonight import TONIGHT_HOURS

SHOWN = 50
DOWNLOADS = "web-downloads.json"
FORMATS = {"bgsplay": ("application/json", "bgsplay"), "csv": ("text/csv", "csv"),
           "json": ("application/json", "json")}


def add_routes(app: Flask) -> None:
    app.add_url_rule("/history", "history", page)
    app.add_url_rule("/history/download", "history_download", download,
                     methods=["GET", "POST"])
    app.add_url_rule("/history/reopen", "history_reopen", reopen, methods=["POST"])


#: The filters of the page, kept by its downloads and its link to older plays.
FILTERS = ("game", "player", "from", "to")


def _filters() -> dict[str, str]:
    return {k: request.values.get(k, "") for k in FILTERS if request.values.get(k)}


def _keep(r: Play) -> bool:
    """Whether play ``r`` passes the page's filters."""
    a = request.values
    game, who = a.get("game", ""), a.get("player", "")
    since, until = a.get("from", ""), a.get("to", "")
    day = local_iso(r.finished)[:10]
    return not ((game and r.key != game) or (who and who not in r.players)
                or (since and day < since) or (until and day > until))


def _older() -> tuple[str, int] | None:
    """Where this page of History starts: before the play ``?older=`` names."""
    try:
        record = box().store().game(int(request.args.get("older", "")))
    except ValueError:
        return None
    return (record.finished, record.id) if record and record.finished else None


def page() -> str:
    store = box().store()
    a = request.args
    chosen, more = ended_plays(store, SHOWN, _keep, before=_older())
    count = ngettext("{n} game, the last to end first", "{n} games, the last to end first",
                     len(chosen)).format(n=len(chosen))
    filters = _filters()
    older = ("/history?" + urlencode({**filters, "older": chosen[-1].id})) if more else ""
    return html.page(
        "history.html", _("History"), here="/history", count=count,
        plays=[_play(r) for r in chosen], filters=filters, older=older,
        newest=("/history?" + urlencode(filters)) if _older() else "",
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
    return {"id": str(r.id), "game": r.game, "time": minute(r.finished), "people": people,
            "winners": winners, "detail": r.detail, "link": link}


def _downloads(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / DOWNLOADS).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _mark_key(fmt: str) -> str:
    """The mark "since my last download" keeps for this format and these filters."""
    return fmt + ("?" + urlencode(sorted(_filters().items())) if _filters() else "")


def _since(mark: Any) -> list[Play]:
    """The plays that ended after ``mark`` (``[finished, id]``; an id, as kept before
    marks followed the end: the plays of a higher id), the last to end first."""
    store = box().store()
    if isinstance(mark, int):
        return list(plays_after(store, mark, first=50))
    if not (isinstance(mark, list) and len(mark) == 2 and isinstance(mark[0], str)
            and isinstance(mark[1], int)):
        return plays(store)
    out: list[Play] = []
    before = None
    while True:
        window = plays_by_end(store, newest=200, before=before)
        fresh = [r for r in window if (r.finished, r.id) > (mark[0], mark[1])]
        out += fresh
        if len(fresh) < len(window) or len(window) < 200:
            return out
        before = (window[-1].finished, window[-1].id)


def download() -> Response:
    fmt, when = request.values.get("fmt", "bgsplay"), request.values.get("range", "all")
    if fmt not in FORMATS or when not in ("tonight", "since", "all"):
        raise Refused(400, _("Choose a download from the History page."))
    store = box().store()
    folder = box().folder
    last = _downloads(folder)
    mine = last.get(phone())
    # A mark kept before each format had its own (an id) stands for every format.
    marks: dict[str, Any] = mine if isinstance(mine, dict) else (
        dict.fromkeys(FORMATS, mine) if isinstance(mine, int) else {})
    key = _mark_key(fmt)
    if when == "tonight":
        since = (datetime.fromtimestamp(box().clock(), UTC)
                 - timedelta(hours=TONIGHT_HOURS)).isoformat(timespec="seconds")
        rows = [r for r in plays_by_end(store, newest=200) if r.finished >= since]
    elif when == "since":
        rows = _since(marks.get(key))
    else:
        rows = plays(store)
    rows = [r for r in rows if _keep(r)]
    if fmt == "bgsplay":
        text = json.dumps(bgstats.as_bgstats(rows, location=box().config.records["location"]),
                          indent=1, ensure_ascii=False)
    elif fmt == "csv":
        text = csv_export.as_csv(rows)
    else:
        text = json_export.as_json(rows)
    kind, ext = FORMATS[fmt]
    stamp = datetime.fromtimestamp(box().clock()).strftime("%Y%m%d-%H%M")
    moved = None
    if rows and request.method == "POST":  # a GET changes nothing (a link from elsewhere)
        newest = max(rows, key=lambda r: (r.finished, r.id))
        moved = {**marks, key: [newest.finished, newest.id]}
    return Response(_sent(html.visible(text), folder, phone(), moved), mimetype=kind,
                    headers={"Content-Disposition":
                             f'attachment; filename="companion-{stamp}.{ext}"'})


def _sent(text: str, folder: Path, who: str, marks: dict[str, Any] | None) -> Iterator[str]:
    """``text``, then (once all of it was taken: a download cut short moves nothing)
    this phone's marks saved as ``marks``."""
    yield text
    if marks is None:
        return
    last = _downloads(folder)
    last[who] = marks
    try:
        (folder / DOWNLOADS).write_text(json.dumps(last), encoding="utf-8")
    except OSError:
        pass  # the next "since" download then repeats these plays: nothing is lost


def reopen() -> str | Response:
    """Undo a finished play's end (after asking): the box then resumes it where it ended,
    and a wrong last score is fixed in the game's own screens."""
    try:
        game_id = int(request.form.get("id", ""))
    except ValueError:
        raise Refused(400, _("Choose a game to reopen on the History page.")) from None
    found = [r for r in plays_by_end(box().store(), newest=1,
                                     before=_just_after(game_id)) if r.id == game_id]
    if not found:
        raise Refused(404, _("That game is not in History (it may be reopened already); "
                             "nothing was changed."))
    play = found[0]
    if not request.form.get("sure"):
        said = [_("{game}, ended {time}: its last action is undone and the game is "
                  "unfinished again.").format(game=play.game, time=minute(play.finished)),
                _("On the box, History > Unfinished resumes it where it ended: fix the "
                  "score in the game's own screens, and it ends again."),
                _("Until then it is not in History, stats or downloads.")]
        return html.page("ask.html", _("Reopen this game?"), here="/history",
                         back="/history", said=said, action="/history/reopen",
                         choices=[(_("Reopen it"), {"id": str(game_id)})])
    box().store().reopen(game_id)
    return go("/history")


def _just_after(game_id: int) -> tuple[str, int] | None:
    """The :func:`plays_by_end` key whose first play is game ``game_id`` (if finished)."""
    record = box().store().game(game_id)
    if record is None or record.finished is None:
        return None
    return (record.finished, record.id + 1)
