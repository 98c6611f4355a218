"""The page around every page: head, the menu, the language switch, one-sentence errors.

Pages are built with :class:`markupsafe.Markup`, which escapes every value put into it,
so a player called ``<b>`` is shown as typed and never as markup.

>>> str(Markup("<li>{}</li>").format("<b>Ann</b>"))
'<li>&lt;b&gt;Ann&lt;/b&gt;</li>'
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup

from companion.core import i18n
from companion.core.i18n import _
from companion.version import describe

#: The menu: (path, label); the labels are translated when drawn.
MENU = (("/", i18n.N_("Tonight")), ("/history", i18n.N_("History")),
        ("/players", i18n.N_("Players")), ("/rules", i18n.N_("Rules")),
        ("/settings", i18n.N_("Settings")))


def page(title: str, body: Markup | str, *, here: str = "", menu: bool = True,
         live: bool = False) -> str:
    """A whole HTML document for a phone."""
    lang = i18n.language()
    other = "ja" if lang == "en" else "en"
    nav = Markup("").join(
        Markup('<a href="{}"{}>{}</a>').format(path, Markup(' class="here"') if path == here
                                                else "", _(label))
        for path, label in MENU) if menu else Markup("")
    switch = Markup('<a class="lang" href="?lang={}" lang="{}">{}</a>').format(
        other, other, i18n.NAMES[other])
    script = Markup('<script src="/static/live.js" defer></script>') if live else ""
    return str(Markup(
        '<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<title>{title}</title><link rel="stylesheet" href="/static/page.css">{script}'
        '</head><body><header><nav>{nav}</nav>{switch}</header>'
        '<main><h1>{title}</h1>{body}</main><footer>{version}</footer></body></html>').format(
            lang=lang, title=title, script=script, nav=nav, switch=switch, body=body,
            version=_("Table Companion {version}").format(version=describe())))


def sentence(text: str, *, title: str | None = None) -> str:
    """A page that says one thing (an error, "paired", how to pair)."""
    return page(title or _("Table Companion"), Markup("<p class=said>{}</p>").format(text),
                menu=False)


def rows(cells: Iterable[Iterable[object]], head: Iterable[str] = ()) -> Markup:
    """A table: ``head`` as its header row, then ``cells``."""
    heading = Markup("").join(Markup("<th>{}</th>").format(h) for h in head)
    body = Markup("").join(
        Markup("<tr>{}</tr>").format(Markup("").join(Markup("<td>{}</td>").format(c)
                                                      for c in row)) for row in cells)
    return Markup("<table>{}{}</table>").format(
        Markup("<tr>{}</tr>").format(heading) if heading else "", body)


def csrf_field(token: str) -> Markup:
    return Markup('<input type="hidden" name="csrf" value="{}">').format(token)
