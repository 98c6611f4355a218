"""Rules: each installed game at a glance in the page's language — how many play, and
the house rules the box assumes (the config's choice where it makes one)."""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup

from companion.config import registry as catalogue
from companion.core import i18n
from companion.core.i18n import _
from companion.web import html
from companion.web.app import box


def add_routes(app: Flask) -> None:
    app.add_url_rule("/rules", "rules", page)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def page() -> str:
    chosen = box().config.house_rules
    cards = []
    for key in catalogue.discover():
        info = catalogue.find(key)
        if info is None:
            continue
        t = i18n.package_translator(info.rules)
        players = (_("{n} players").format(n=info.min_players)
                   if info.min_players == info.max_players
                   else _("{low}–{high} players").format(low=info.min_players,
                                                         high=info.max_players))
        rules = Markup("").join(
            Markup("<li>{} <b>{}</b></li>").format(
                t.gettext(rule.description),
                _value(chosen.get(key, {}).get(name, rule.default)))
            for name, rule in info.house_rules.items())
        cards.append(Markup('<div class="card" id="{}"><h2>{}</h2><p>{}</p>{}</div>').format(
            key, catalogue.title(key), players,
            Markup("<p>{}</p><ul>{}</ul>").format(_("House rules:"), rules) if rules else ""))
    return html.page(_("Rules"), Markup("").join(cards), here="/rules")
