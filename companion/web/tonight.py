"""Tonight: the game being played, live, and the games finished tonight.

The page asks ``/tonight/now`` twice a second (``static/live.js``) and swaps the part
that changed: a press on the box shows within a second, with no reload. The game being
played is replayed from the log with its own rules (they are pure), and each player's
numbers are what the game's ``result()`` makes of the state so far (Genial's six colours,
the stones' totals…), or only the seats where a game gives no result before its end.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Flask, jsonify, render_template

from companion.config import registry
from companion.core import i18n, seat_names
from companion.core.i18n import _
from companion.core.localtime import minute
from companion.log.store import Store
from companion.records import result_text
from companion.web import html
from companion.web.app import box

#: A game finished within this many hours belongs to tonight.
TONIGHT_HOURS = 12


def add_routes(app: Flask) -> None:
    app.add_url_rule("/", "tonight", page)
    app.add_url_rule("/tonight/now", "tonight_now", now)


def page() -> str:
    return html.page("tonight.html", _("Tonight"), here="/", live=True, **shown())


def now() -> Any:
    text = render_template("tonight_now.html", **shown())
    return jsonify({"v": hashlib.sha1(text.encode()).hexdigest()[:12], "html": text})


def shown() -> dict[str, Any]:
    """What Tonight shows: the game being played (None when none is) and the games
    finished tonight."""
    store = box().store()
    return {"playing": playing(store), "finished": finished(store)}


@dataclass
class Standings:
    """A game replayed from its log: its players, and what its rules say of it so far."""

    players: list[str]
    scores: dict[str, Any] = field(default_factory=dict)
    places: list[list[str]] = field(default_factory=list)
    #: player → ((label, value), …) from the game's optional ``figures(state)``.
    figures: dict[str, Any] = field(default_factory=dict)
    detail: str = ""
    #: Whose turn it is, where the game's rules say (``current_player(state)``).
    turn: str | None = None


def standings(kind: str, options: dict[str, Any], actions: list[dict[str, Any]]) -> Standings:
    """What the game's own rules make of its logged actions: each player's figures
    (``figures(state)``, where the game has it), the scores and places ``result()``
    gives so far and its sentence (where the game gives one before its end)."""
    out = Standings([str(p) for p in options.get("players", [])])
    try:
        rules = registry.rules(kind)
        state = rules.replay(options, actions)  # the fold the box's session makes
    except Exception:  # a game no longer installed, an action it no longer takes
        return out
    whose = rules.current_player
    if whose is not None and not rules.is_over(state):
        try:
            out.turn = str(whose(state))
        except Exception:  # between turns (a game's setup step): nobody's
            out.turn = None
    shown = rules.figures
    if shown is not None:
        try:
            out.figures = dict(shown(state))
        except Exception:  # the figures are a courtesy; the page goes on without them
            out.figures = {}
    try:
        result = rules.result(state).to_json()
    except Exception:  # a game whose result needs its end
        return out
    out.scores = dict(result.get("scores") or {})
    out.places = list(result.get("places") or [])
    out.detail = result_text.detail(result, kind)
    return out


def _figure(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " · ".join(_figure(v) for v in value)
    return "–" if value is None else str(value)


def playing(store: Store) -> dict[str, Any] | None:
    """The game being played as ``tonight_now.html`` shows it, or None."""
    game = store.unfinished()
    if game is None:
        return None
    actions = store.actions(game.id)
    now = standings(game.kind, game.options, actions)
    place = {name: n for n, group in enumerate(now.places, 1) for name in group}
    info = registry.find(game.kind)
    words = i18n.package_translator(info.rules if info else "companion").gettext
    labels = [str(label) for label, _v in next(iter(now.figures.values()), ())]
    head = [_("player"), *(words(label) for label in labels)]
    if not labels and now.scores and any(v is not None for v in now.scores.values()):
        head.append(_("score"))
    if now.places:
        head.append(_("place"))
    rows = []
    for p in now.players:
        row: list[Any] = [seat_names.shown(p)]
        row += [_figure(v) for _label, v in now.figures.get(p, ())][:len(labels)]
        if _("score") in head:
            row.append(_figure(now.scores.get(p)))
        if now.places:
            row.append(place.get(p, ""))
        rows.append(row)
    return {"title": registry.title(game.kind), "started": minute(game.started),
            "moves": len(actions), "head": head, "rows": rows, "detail": now.detail,
            "turn": seat_names.shown(now.turn) if now.turn else None}


def finished(store: Store) -> list[dict[str, str]]:
    """The games finished within :data:`TONIGHT_HOURS`, newest first."""
    since = (datetime.now(UTC) - timedelta(hours=TONIGHT_HOURS)).isoformat(timespec="seconds")
    return [{"title": registry.title(r.kind), "time": minute(r.finished or r.started),
             "winners": ", ".join(seat_names.shown(w)
                                  for w in (r.result or {}).get("winners", [])
                                  if not seat_names.is_nobody(w)),
             "detail": result_text.detail(r.result, r.kind)}
            for r in store.history(50) if (r.finished or "") >= since]
