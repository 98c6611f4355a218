"""Stats: who plays and wins most, for the whole group (``/stats``), for one game
(``/stats/<game>``) and on each player's card (``/stats/player/<uuid>``), counted by
:mod:`companion.records.group_stats` from every finished play (those brought in from BG
Stats too), with the skill ratings of :mod:`companion.records.ratings` where
``[records] ratings`` turns them on.

The counts are kept between requests, one set for every language (a box game's name is
put in the page's language when shown), and counted again only when what they are of
has changed: a game finished or reopened,
plays brought in, a person renamed or merged, another log. Each page then shows a
page's worth of them (the first :data:`SHOWN` lines of a list; the rest are counted).

The charts are drawn on the server (SVG): a bar per person with the number written at
its end, a legend and an axis, readable on a phone without hovering.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from babel.numbers import format_percent
from flask import Flask

from companion.config import registry
from companion.core import i18n
from companion.core.i18n import N_, _, ngettext, number
from companion.records import group_stats, ratings
from companion.records.group_stats import Group, Line
from companion.records.plays import Play, imported
from companion.web import html, reading
from companion.web.app import Refused, box

#: Lines of a list a page shows (people, games, pairs); the rest are counted.
SHOWN = 30
#: Plays read from the log at a time when it is counted whole.
CHUNK = 200
#: People and games drawn in a chart.
CHARTED = 12

RECORD_NAMES = {group_stats.MOST_WINS: N_("Most wins"),
                group_stats.BEST_SCORE: N_("Best score"),
                group_stats.LONGEST_STREAK: N_("Longest winning streak")}


def add_routes(app: Flask) -> None:
    app.extensions["companion_stats"] = Kept()
    app.add_url_rule("/stats", "stats", group_page)
    app.add_url_rule("/stats/player/<uuid>", "stats_player", player_page)
    app.add_url_rule("/stats/<path:game>", "stats_game", game_page)


@dataclass
class Counted:
    """The group's stats and (when on) ratings, with what they were counted from."""

    group: Group
    #: The ratings as replayed so far; None when they are off.
    replay: ratings.Replay | None
    #: What they are of: the log file, whether ratings are on, the roster's names.
    source: Any
    #: The log's :meth:`~companion.log.store.Store.finished_mark` when counted.
    mark: Any = None
    #: The newest game counted, and the finished mark of the games up to it.
    last_id: int = 0
    upto: Any = None
    #: The order (:func:`~companion.records.group_stats.when`) of the latest play counted.
    latest: Any = None
    _rated: dict[str, dict[str, ratings.Rating]] | None = None

    @property
    def rated(self) -> dict[str, dict[str, ratings.Rating]] | None:
        """game id → uuid → rating; None when ratings are off."""
        if self.replay is None:
            return None
        if self._rated is None:
            self._rated = self.replay.ratings()
        return self._rated

    def add(self, rows: Iterable[Play]) -> None:
        """Count ``rows`` (each compacted as it is read: a long log is held in order as
        :class:`~companion.records.group_stats.Compact` plays, not whole ones)."""
        for play in group_stats.ordered(rows):
            group_stats.add(self.group, play)
            if self.replay is not None:
                self.replay.add(play)
            self.latest = max(self.latest or play.when, play.when)
            self.last_id = max(self.last_id, play.when[1])
        self._rated = None


class Kept:
    """The counts of the log, with a lock: one phone counts, the others wait for it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: Counted | None = None
        #: How many times the whole log was counted (tests and the benchmark read it).
        self.recounts = 0


def counted() -> Counted:
    """The group's stats (and ratings, when on), brought up to date: the plays finished
    since are added when each started after every play counted (a game ended tonight);
    anything else (a counted game reopened, plays brought in from BG Stats, a person
    renamed or merged, another log) counts the whole log again."""
    the_box = box()
    store = the_box.store()
    on = bool(the_box.config.records.get("ratings"))
    st = the_box.db.stat()
    source = ((st.st_dev, st.st_ino), on,
              tuple(sorted((p.uuid, p.name) for p in store.players(hidden=True))))
    kept: Kept = _kept()
    with kept.lock:
        # a group's import adds plays without finishing a game: their count is in the mark
        mark = (store.finished_mark(), store.imported.count())
        have = kept.kept
        if have is not None and have.source == source:
            if have.mark == mark:
                return have
            if have.mark[1] == mark[1] and \
                    store.finished_mark(up_to=have.last_id) == have.upto:
                new = list(reading.plays_after(store, have.last_id))
                if have.latest is None or all(group_stats.when(p) >= have.latest
                                              for p in new):
                    have.add(new)
                    have.mark, have.upto = mark, store.finished_mark(up_to=have.last_id)
                    return have
        kept.recounts += 1
        found = Counted(Group(), ratings.Replay() if on else None, source, mark)
        # the box's plays and a BG Stats group's, in one order (streaks run across both)
        found.add(itertools.chain(reading.every_play(store, chunk=CHUNK), imported(store)))
        found.upto = store.finished_mark(up_to=found.last_id)
        kept.kept = found
        return found


def _kept() -> Kept:
    from flask import current_app

    found: Kept = current_app.extensions["companion_stats"]
    return found


def title(game: group_stats.Game) -> str:
    """The game's name in the page's language (a shelf game's is its own)."""
    return registry.title(game.key) if game.id == game.key else game.title


def percent(share: float | None) -> str:
    """A win share as the language writes it ("40%"); a dash when nothing could be won."""
    if share is None:
        return "–"
    return format_percent(share, locale=i18n.language())


def score(value: float | None) -> str:
    return "–" if value is None else number(value)


def game_link(gid: str) -> str:
    return "/stats/" + quote(gid, safe=":")


def player_link(uuid: str) -> str:
    return "/stats/player/" + quote(uuid, safe="")


def _more(count: int) -> str:
    if count <= SHOWN:
        return ""
    return ngettext("…and {n} more.", "…and {n} more.", count - SHOWN).format(
        n=number(count - SHOWN))


@dataclass(frozen=True)
class Chart:
    """What ``stats_macros.html``'s ``bars`` draws: a row per line (its name over a
    grey bar of plays with a gold bar of wins inside it, the numbers written at the
    right), a legend above and an axis of plays below."""

    width: int
    height: int
    label: str
    rows: list[dict[str, Any]]
    ticks: list[dict[str, Any]]
    axis_y: int
    legend: list[dict[str, Any]]
    axis_label: str


#: The chart's geometry (SVG units; it is scaled to the phone's width).
WIDTH, ROW, TOP = 320, 32, 22


def bars(lines: list[tuple[str, int, int, float | None]], label: str) -> Chart:
    """A chart of (name, plays, wins, share) rows.

    >>> drawn = bars([("Ann", 10, 4, 0.4), ("Ben", 5, 1, 0.2)], "wins")
    >>> [(r["plays_w"], r["wins_w"]) for r in drawn.rows]
    [(320, 128), (160, 32)]
    """
    top = max([plays for _n, plays, _w, _s in lines] + [1])
    rows = []
    for i, (name, plays, wins, share) in enumerate(lines):
        y = TOP + i * ROW
        rows.append({"name": name, "y": y, "bar_y": y + 16,
                     "plays_w": round(plays / top * WIDTH), "wins_w": round(wins / top * WIDTH),
                     "value": _("{wins} of {plays} · {share}").format(
                         wins=number(wins), plays=number(plays), share=percent(share))})
    axis_y = TOP + len(lines) * ROW + 4
    ticks = [{"x": round(v / top * WIDTH), "text": number(v)}
             for v in sorted({0, top // 2, top}) if v or top]
    legend = [{"x": 0, "colour": "#fc6", "text": _("wins")},
              {"x": 90, "colour": "#666", "text": _("plays")}]
    return Chart(WIDTH, axis_y + 30, label, rows, ticks, axis_y, legend, _("plays"))


def _ranking_rows(lines: list[Line]) -> list[dict[str, Any]]:
    return [{"name": t.name, "link": player_link(t.uuid), "plays": number(t.plays),
             "wins": number(t.wins), "share": percent(t.share), "longest": number(t.longest)}
            for t in lines]


def group_page() -> str:
    found = counted()
    group = found.group
    ranking = group.ranking()
    games = group.most_played()
    chart = bars([(t.name, t.plays, t.wins, t.share) for t in ranking[:CHARTED]],
                 _("wins and plays per person"))
    streak = max(ranking, key=lambda t: t.longest, default=None)
    streakers = [t.name for t in ranking if streak and t.longest == streak.longest]
    return html.page(
        "stats.html", _("Stats"), here="/stats", group=group, chart=chart,
        total=ngettext("{n} play of {games} game", "{n} plays of {games} games",
                       group.plays).format(n=number(group.plays), games=number(len(games))),
        people=_ranking_rows(ranking[:SHOWN]), more_people=_more(len(ranking)),
        games=[{"title": title(g), "link": game_link(g.id), "plays": number(g.plays),
                "leader": _leaders(g)} for g in games[:SHOWN]],
        more_games=_more(len(games)),
        streak=ngettext("{who}: {n} win in a row", "{who}: {n} wins in a row",
                        streak.longest).format(who=_(" & ").join(streakers),
                                               n=number(streak.longest))
        if streak and streak.longest else "")


def _leaders(game: group_stats.Game) -> str:
    """Who has won the game most ("Ann & Ben"), or empty when nobody has won it."""
    lines = [t for t in game.people.values() if t.wins]
    top = max((t.wins for t in lines), default=0)
    return _(" & ").join(sorted((t.name for t in lines if t.wins == top), key=str.casefold))


def _rating(found: Counted, gid: str, uuid: str) -> str:
    if found.rated is None:
        return ""
    rating = found.rated.get(gid, {}).get(uuid)
    if rating is None or not rating.shown:
        return "–"
    return number(round(rating.ordinal, 1))


def game_page(game: str) -> str:
    found = counted()
    g = found.group.games.get(game)
    if g is None:
        raise Refused(404, _("No finished play of that game is counted; the Stats page "
                             "lists those that are."))
    ranking = g.ranking()
    people = [{**row, "best": score(t.best), "rating": _rating(found, g.id, t.uuid)}
              for row, t in zip(_ranking_rows(ranking[:SHOWN]), ranking, strict=False)]
    names = {u: t.name for u, t in g.people.items()}
    pairs = sorted((_by_name(a, b, p, names) for (a, b), p in g.pairs.items()),
                   key=lambda row: (-row[2].together, names[row[0]].casefold(),
                                    names[row[1]].casefold()))
    return html.page(
        "stats_game.html", title(g), here="/stats", people=people,
        more_people=_more(len(ranking)), rated=found.rated is not None,
        ratings=_by_rating(found, g, ranking[:SHOWN]),
        total=ngettext("{n} play", "{n} plays", g.plays).format(n=number(g.plays)),
        chart=bars([(t.name, t.plays, t.wins, t.share) for t in ranking[:CHARTED]],
                   _("wins and plays per person")),
        records=[(_record_name(r.what), _(" & ").join(names[u] for u in r.holders),
                  score(r.value)) for r in group_stats.records(g)],
        pairs=[{"a": names[a], "b": names[b], "a_link": player_link(a),
                "b_link": player_link(b), "together": number(p.together),
                "ahead": number(p.ahead[0]), "behind": number(p.ahead[1]),
                "tied": number(p.tied)} for a, b, p in pairs[:SHOWN]],
        more_pairs=_more(len(pairs)))


def _by_rating(found: Counted, game: group_stats.Game,
               lines: list[Line]) -> list[dict[str, str]]:
    """The people shown, highest rating first (those not rated yet last, by name)."""
    if found.rated is None:
        return []
    rated = found.rated.get(game.id, {})

    def order(t: Line) -> tuple[bool, float, str]:
        r = rated.get(t.uuid)
        return (not (r and r.shown), -(r.ordinal if r and r.shown else 0), t.name.casefold())

    return [{"name": t.name, "link": player_link(t.uuid), "rating": _rating(found, game.id,
                                                                             t.uuid)}
            for t in sorted(lines, key=order)]


def _by_name(a: str, b: str, pair: group_stats.Pair,
             names: dict[str, str]) -> tuple[str, str, group_stats.Pair]:
    """A pair with the name first in the alphabet first (its counts turned round)."""
    if names[b].casefold() < names[a].casefold():
        return b, a, group_stats.Pair(pair.together, pair.ahead[::-1], pair.tied)
    return a, b, pair


def _record_name(what: str) -> str:
    return _(RECORD_NAMES[what])


def player_page(uuid: str) -> str:
    found = counted()
    group = found.group
    me = group.people.get(uuid)
    if me is None:
        raise Refused(404, _("Nobody with that id has finished a game; the Stats page "
                             "lists those who have."))
    mine = sorted((g for g in group.games.values() if uuid in g.people),
                  key=lambda g: (-g.people[uuid].plays, title(g).casefold()))
    games = [{"title": title(g), "link": game_link(g.id), "plays": number(t.plays),
              "wins": number(t.wins), "share": percent(t.share), "best": score(t.best),
              "rating": _rating(found, g.id, uuid)}
             for g in mine[:SHOWN] for t in (g.people[uuid],)]
    held = [(title(g), game_link(g.id), _record_name(r.what), score(r.value))
            for g in mine for r in group_stats.records(g) if uuid in r.holders]
    against = group.against(uuid)
    return html.page(
        "stats_player.html", me.name, here="/stats", me=me, games=games,
        more_games=_more(len(mine)), rated=found.rated is not None,
        numbers=_("{plays}, {wins}, {share} won").format(
            plays=ngettext("{n} play", "{n} plays", me.plays).format(n=number(me.plays)),
            wins=ngettext("{n} win", "{n} wins", me.wins).format(n=number(me.wins)),
            share=percent(me.share)),
        streaks=_("Longest winning streak: {longest}; now: {run}").format(
            longest=number(me.longest), run=number(me.run)),
        chart=bars([(title(g), g.people[uuid].plays, g.people[uuid].wins,
                     g.people[uuid].share) for g in mine[:CHARTED]],
                   _("wins and plays per game")),
        held=held[:SHOWN], more_held=_more(len(held)),
        against=[{"name": group.people[o].name, "link": player_link(o),
                  "together": number(n), "ahead": number(a), "behind": number(b),
                  "tied": number(t)} for o, n, a, b, t in against[:SHOWN]],
        more_against=_more(len(against)))
