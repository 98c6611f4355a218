"""Players: the roster on a phone. Add (with the phone's own keyboard: 山田 一郎 too),
rename, hide and show, merge; each person's card with plays and wins.

Every change goes through the same store calls as ``companion players`` (the same
checks: :func:`companion.core.roster.clean_name`, the names the box's fonts can draw), and
a refused name is one sentence with nothing saved.
"""

from __future__ import annotations

from datetime import datetime

from flask import Flask, Response, request

from companion.core.errors import BadName
from companion.core.i18n import _, ngettext
from companion.web import chart, html
from companion.web.app import box, go


def add_routes(app: Flask) -> None:
    app.add_url_rule("/players", "players", page)
    app.add_url_rule("/players/add", "players_add", add, methods=["POST"])
    app.add_url_rule("/players/rename", "players_rename", rename, methods=["POST"])
    app.add_url_rule("/players/hide", "players_hide", hide, methods=["POST"])
    app.add_url_rule("/players/merge", "players_merge", merge, methods=["POST"])


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
                     roster=[p.name for p in everyone])


def _pages(first: int, count: int) -> dict[str, int | None] | None:
    """Where the pages of players before and after this one start, when there are more."""
    if count <= PAGE:
        return None
    return {"previous": max(0, first - PAGE) if first > 0 else None,
            "next": first + PAGE if first + PAGE < count else None,
            "first": first + 1, "last": min(first + PAGE, count), "count": count}


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
