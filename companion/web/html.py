"""The pages' templates (``companion/web/templates/``, Jinja, Flask's own): what every
page gets, the page around every page, one-sentence pages.

Every value put into a template is escaped (Flask autoescapes ``.html``), so a player
called ``<b>`` is shown as typed and never as markup. Each template extends
``base.html`` (the head, the menu, the language switch, the title); ``macros.html``
holds the pieces several pages use (a table, a form with its CSRF field, the chart).

>>> from flask import Flask
>>> app = Flask("companion.web")
>>> setup(app)
>>> with app.test_request_context():
...     said = sentence("<b>Ann</b> is here")
>>> "&lt;b&gt;Ann&lt;/b&gt; is here" in said, "<b>" in said
(True, False)
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, render_template
from markupsafe import Markup

from companion.core import i18n
from companion.core.i18n import _
from companion.version import describe

#: The menu: (path, label); the labels are translated when drawn.
MENU = (("/", i18n.N_("Tonight")), ("/history", i18n.N_("History")),
        ("/players", i18n.N_("Players")), ("/stats", i18n.N_("Stats")),
        ("/rules", i18n.N_("Rules")),
        ("/settings", i18n.N_("Settings")))


_SURROGATE = re.compile("[\ud800-\udfff]")


def visible(value: Any) -> Any:
    """``value`` with any lone surrogate (a half of a character, which no page can be
    encoded with: a name read from a crafted file) shown as U+FFFD, the replacement
    character.

    >>> visible("Bo\\ud800"), visible(3)
    ('Bo\ufffd', 3)
    """
    if isinstance(value, str) and _SURROGATE.search(value):
        cleaned = _SURROGATE.sub("\ufffd", value)
        return Markup(cleaned) if isinstance(value, Markup) else cleaned
    return value


def setup(app: Flask) -> None:
    """Give ``app``'s templates the words (``_``, ``ngettext``; ``translated`` for a
    label marked elsewhere), the menu, and the page's language and the other one."""
    app.jinja_env.globals.update(_=i18n._, ngettext=i18n.ngettext, translated=i18n._,
                                 MENU=MENU, LANGUAGE_NAMES=i18n.NAMES)
    app.jinja_env.finalize = visible  # every value a template shows
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

    @app.context_processor
    def _language() -> dict[str, Any]:
        lang = i18n.language()
        return {"lang": lang, "other": "ja" if lang == "en" else "en",
                "version": describe()}


def page(template: str, title: str, *, here: str = "", menu: bool = True,
         live: bool = False, **values: Any) -> str:
    """The whole HTML document ``template`` makes of ``values``."""
    return render_template(template, title=title, here=here, menu=menu, live=live, **values)


def sentence(text: str, *, title: str | None = None) -> str:
    """A page that says one thing (a refusal, how to pair), with the menu and, to a paired
    phone, the way on: a refusal is never a dead end. (To a phone not paired yet the
    sentence itself says what to do: scan the code.)"""
    from flask import g

    on = _("Go back, or choose a page from the menu above.") if g.get("phone") else ""
    return page("sentence.html", title or _("Table Companion"), text=text, on=on)
