"""Tonight: the game being played, live, and the games finished tonight.

The page asks ``/tonight/now`` twice a second (``static/live.js``) and swaps the part
that changed: a press on the box shows within a second, with no reload. The game being
played is replayed from the log with its own rules (they are pure), and each player's
numbers are what the game's ``result()`` makes of the state so far (Genial's six colours,
the stones' totals…), or only the seats where a game gives no result before its end.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask, jsonify
from markupsafe import Markup

from companion.config import registry as catalogue
from companion.core import seat_names
from companion.core.i18n import _, ngettext
from companion.core.localtime import minute
from companion.records import result_text
from companion.web import html
from companion.web.app import box

#: A game finished within this many hours belongs to tonight.
TONIGHT_HOURS = 12


def add_routes(app: Flask) -> None:
    app.add_url_rule("/", "tonight", page)
    app.add_url_rule("/tonight/now", "tonight_now", now)


def page() -> str:
    body = Markup('<div id="live" data-src="/tonight/now">{}</div>').format(fragment())
    return html.page(_("Tonight"), body, here="/", live=True)


def now() -> Any:
    text = str(fragment())
    return jsonify({"v": hashlib.sha1(text.encode()).hexdigest()[:12], "html": text})


def fragment() -> Markup:
    store = box().store()
    return playing(store) + finished(store)


def standings(kind: str, options: dict[str, Any], actions: list[dict[str, Any]]
              ) -> tuple[list[str], dict[str, Any], list[list[str]], bool]:
    """(players, scores so far, places so far, over) of a game replayed from its log;
    no scores where the game gives none before its end."""
    players = [str(p) for p in options.get("players", [])]
    try:
        rules = catalogue.rules_module(kind)
        state = rules.new_game(options)  # the fold the box's session makes
        for action in actions:
            state = rules.step(state, action)
        over = bool(rules.is_over(state))
        result = rules.result(state).to_json()
    except Exception:  # a game whose result needs the end; a game no longer installed
        return players, {}, [], False
    return players, dict(result.get("scores") or {}), list(result.get("places") or []), over


def _figure(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " · ".join(_figure(v) for v in value)
    if isinstance(value, dict):
        return " · ".join(f"{k} {_figure(v)}" for k, v in value.items())
    return "–" if value is None else str(value)


def playing(store: Any) -> Markup:
    game = store.unfinished()
    if game is None:
        return Markup("<section><p>{}</p></section>").format(
            _("No game is being played: start one on the box."))
    actions = store.actions(game.id)
    players, scores, places, _over = standings(game.kind, game.options, actions)
    place = {name: n for n, group in enumerate(places, 1) for name in group}
    rows = [(seat_names.shown(p), _figure(scores.get(p)) if scores else "",
             place.get(p, "")) for p in players]
    moves = ngettext("{n} move so far", "{n} moves so far", len(actions)).format(n=len(actions))
    return Markup('<section class="playing"><h2>{}</h2><p class=small>{} · {}</p>{}</section>'
                  ).format(catalogue.title(game.kind),
                           _("started {time}").format(time=minute(game.started)), moves,
                           html.rows(rows, (_("player"), _("score"), _("place"))))


def finished(store: Any) -> Markup:
    since = (datetime.now(UTC) - timedelta(hours=TONIGHT_HOURS)).isoformat(timespec="seconds")
    games = [r for r in store.history(50) if (r.finished or "") >= since]
    if not games:
        return Markup("<section><h2>{}</h2><p>{}</p></section>").format(
            _("Finished tonight"), _("No game finished tonight yet."))
    items = Markup("").join(
        Markup("<li><b>{}</b> {} – {}<br><span class=small>{}</span></li>").format(
            catalogue.title(r.kind), minute(r.finished or r.started),
            ", ".join(seat_names.shown(w) for w in (r.result or {}).get("winners", [])
                      if not seat_names.is_nobody(w)) or _("nobody wins"),
            result_text.detail(r.result, r.kind)) for r in games)
    return Markup("<section><h2>{}</h2><ul>{}</ul></section>").format(
        _("Finished tonight"), items)
