"""Rules: each installed game's page in the page's language — how many play, the house
rules and the values this box uses, then the game's own rules text: what the box does,
the rules tables argue about, the house rules and their defaults.

The text is the game package's ``rules.md`` (English) and ``rules.ja.md`` (Japanese),
shipped as package data (the Japanese is written as Japanese, not translated line by
line); a game without one (a game from elsewhere) shows its summary only. It is drawn by
:mod:`companion.web.markdown_lite`, which escapes every character of it.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from flask import Flask

from companion.config import registry
from companion.core import i18n
from companion.core.i18n import _, ngettext
from companion.web import html, markdown_lite
from companion.web.app import Refused, box


def add_routes(app: Flask) -> None:
    app.add_url_rule("/rules", "rules", page)
    app.add_url_rule("/rules/<key>", "rules_game", game)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def text(package: str, language: str) -> str | None:
    """The rules text ``package`` ships in ``language`` (else in English), or None."""
    names = ("rules.ja.md", "rules.md") if language == "ja" else ("rules.md",)
    for name in names:
        try:
            return (resources.files(package) / name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
            continue
    return None


def _described(said: str, english: str, name: str) -> tuple[str, bool]:
    """A house rule as the page's language says it: its description where the game
    translates it, else (a Japanese page, an English-only description) the name the
    config file and the rules text use, not an English sentence (True: shown as code)."""
    if said == english and i18n.language() != "en":
        return name, True
    return said, False


def _summary(key: str, info: registry.GameInfo) -> dict[str, Any]:
    chosen = box().config.house_rules
    t = i18n.package_translator(info.rules)
    players = (ngettext("{n} player", "{n} players", info.min_players).format(
        n=info.min_players)
               if info.min_players == info.max_players
               else _("{low}–{high} players").format(low=info.min_players,
                                                     high=info.max_players))
    rules = [(*_described(t.gettext(rule.description), rule.description, name),
              _value(chosen.get(key, {}).get(name, rule.default)))
             for name, rule in info.house_rules.items()]
    return {"players": players, "rules": rules}


def page() -> str:
    games = []
    for key in registry.discover():
        info = registry.find(key)
        if info is None:
            continue
        games.append({"key": key, "title": registry.title(key), "summary": _summary(key, info),
                      "text": text(info.rules.rpartition(".")[0], "en") is not None})
    return html.page("rules.html", _("Rules"), here="/rules", games=games)


def game(key: str) -> str:
    info = registry.find(key) if key in registry.discover() else None
    if info is None:
        raise Refused(404, _("There is no such page."))
    written = text(info.rules.rpartition(".")[0], i18n.language())
    if written is not None and written.startswith("# "):  # its title: the page's own
        written = written.partition("\n")[2]
    return html.page("rules_game.html", registry.title(key), here="/rules",
                     summary_of=_summary(key, info),
                     written=markdown_lite.render(written) if written is not None else None)
