"""Tonight: the game being played, live, and the games finished tonight.

The page asks ``/tonight/now`` twice a second (``static/live.js``) and swaps the part
that changed: a press on the box shows within a second, with no reload. The game being
played is replayed from the log with its own rules (they are pure), and each player's
numbers are what the game's ``result()`` makes of the state so far (Genial's colours,
the stones' totals…), or only the seats where a game gives no result before its end.

Before its end a game has no winner: the page says who *leads* (never who wins; a solo
game names nobody), the round in progress, and what the state shows of itself (the
dice roller's last dice, Brikks' block); the games set aside are named below it.
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
from companion.records.plays import counts_a_win
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
    #: Whether the game is over; the round in progress (``round_of(state)``).
    over: bool = False
    round: int | None = None
    #: The last dice thrown (the dice roller's ``last``; Brikks' last roll).
    dice: tuple[Any, ...] | None = None
    #: Brikks' block: (colour, column) of the last roll.
    block: tuple[str, int] | None = None


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
    try:
        out.over = bool(rules.is_over(state))
    except Exception:  # a plugin's mistake: taken as still being played
        out.over = False
    whose = rules.current_player
    if whose is not None and not out.over:
        try:
            out.turn = str(whose(state))
        except Exception:  # between turns (a game's setup step): nobody's
            out.turn = None
    _seen(out, state, rules.round_of)
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


def _seen(out: Standings, state: Any, round_of: Any) -> None:
    """What a game's state shows of itself mid-game, where it has it: the round in
    progress, whose turn (``active``, where the rules have no ``current_player``), the
    last dice, Brikks' block. A courtesy: a state without them shows none."""
    if out.over:
        return
    try:
        if round_of is not None:
            out.round = int(round_of(state))
    except Exception:
        out.round = None
    active = getattr(state, "active", None)
    if out.turn is None and isinstance(active, str) and len(out.players) > 1:
        out.turn = active
    last = getattr(state, "last", None)
    if isinstance(last, tuple) and all(isinstance(d, int) for d in last) and last:
        out.dice = last
    rolls = getattr(state, "rolls", None)
    roll = rolls[-1] if isinstance(rolls, tuple) and rolls else None
    colour, column = getattr(roll, "colour", None), getattr(roll, "number", None)
    if isinstance(colour, str) and isinstance(column, int):
        out.block = (colour, column)


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
    info = registry.find(game.kind)
    wins = counts_a_win(info, len(now.players))  # a solo game or a tool: nobody leads
    places = now.places if wins else []
    place = {name: n for n, group in enumerate(places, 1) for name in group}
    words = i18n.package_translator(info.rules if info else "companion").gettext
    labels = [str(label) for label, _v in next(iter(now.figures.values()), ())]
    # The column that decides first (Genial's lowest colour) beside the place, so a
    # phone shows both before the table scrolls.
    order = sorted(range(len(labels)), key=lambda n: labels[n] != "lowest")
    head = [_("player")] + ([_("place")] if places else [])
    head += [words(labels[n]) for n in order]
    if not labels and now.scores and any(v is not None for v in now.scores.values()):
        head.append(_("score"))
    rows = []
    for p in now.players:
        row: list[Any] = [seat_names.shown(p)] + ([place.get(p, "")] if places else [])
        figures = [_figure(v) for _label, v in now.figures.get(p, ())][:len(labels)]
        row += [figures[n] for n in order if n < len(figures)]
        if _("score") in head:
            row.append(_figure(now.scores.get(p)))
        rows.append(row)
    return {"title": registry.title(game.kind), "started": minute(game.started),
            "moves": len(actions), "head": head, "rows": rows,
            "detail": now.detail if now.over else "",
            "turn": seat_names.shown(now.turn) if now.turn else None,
            "lines": _lines(now, places, words), "aside": set_aside(store, game.id)}


def _lines(now: Standings, places: list[list[str]], words: Any) -> list[str]:
    """The sentences under the table mid-game: the round, who leads, the dice, the block."""
    out = []
    if now.round is not None and not now.over:
        out.append(_("Round {n} in progress").format(n=now.round))
    if places and not now.over and len(places[0]) < len(now.players):
        # (all level: nothing to say; in a game scored by rounds, likely none is done)
        out.append(_("Leading so far: {names}").format(
            names=", ".join(seat_names.shown(p) for p in places[0])))
    if now.dice:
        out.append(_("Last dice: {dice}").format(dice=" · ".join(str(d) for d in now.dice)))
    if now.block:
        out.append(_("Block: {colour}, column {column}").format(
            colour=words(now.block[0]), column=now.block[1]))
    return out


#: Games set aside that Tonight names (the rest are counted).
ASIDE_SHOWN = 3


def set_aside(store: Store, playing: int) -> dict[str, Any] | None:
    """The unfinished games other than the one being played (each resumed on the box
    from History > Unfinished), or None when there are none."""
    others = [r for r in store.unfinished_page(0, ASIDE_SHOWN + 1) if r.id != playing]
    if not others:
        return None
    more = store.unfinished_count() - 1 - len(others[:ASIDE_SHOWN])
    return {"games": [_("{game}, started {time}").format(game=registry.title(r.kind),
                                                        time=minute(r.started))
                      for r in others[:ASIDE_SHOWN]],
            "more": i18n.ngettext("and {n} more", "and {n} more", more).format(n=more)
            if more > 0 else ""}


def finished(store: Store) -> list[dict[str, str]]:
    """The games finished within :data:`TONIGHT_HOURS`, newest first: the winners of a
    game that can be won, else nobody is named (a solo game, a tool)."""
    since = (datetime.fromtimestamp(box().clock(), UTC)
             - timedelta(hours=TONIGHT_HOURS)).isoformat(timespec="seconds")
    out = []
    for r in store.history(50):
        if (r.finished or "") < since:
            continue
        seated = len(r.options.get("players") or [])
        wins = counts_a_win(registry.find(r.kind), seated)
        winners = ", ".join(seat_names.shown(w) for w in (r.result or {}).get("winners", [])
                            if not seat_names.is_nobody(w)) if wins else ""
        out.append({"title": registry.title(r.kind), "time": minute(r.finished or r.started),
                    "winners": winners, "solo": "" if wins or seated != 1 else "1",
                    "detail": result_text.detail(r.result, r.kind)})
    return out
