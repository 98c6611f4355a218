"""Settings: the language of this phone's page, the box's own settings as they stand, and
the newest backup of the log to download."""

from __future__ import annotations

from pathlib import Path

from flask import Flask, Response, send_file
from markupsafe import Markup

from companion.core import i18n
from companion.core.i18n import _
from companion.web import html
from companion.web.app import Refused, box


def add_routes(app: Flask) -> None:
    app.add_url_rule("/settings", "settings", page)
    app.add_url_rule("/settings/backup", "settings_backup", backup)


def _newest() -> Path | None:
    from companion.log import backups

    found = backups.listing(backups.folder_for(box().db))
    return found[-1] if found else None


def page() -> str:
    langs = Markup(" · ").join(
        Markup('<a href="?lang={}" lang="{}">{}</a>').format(code, code, name)
        for code, name in i18n.NAMES.items())
    newest = _newest()
    backup = (Markup('<a class="button" href="/settings/backup" download>{}</a>').format(
        _("Download the newest backup")) if newest is not None
        else Markup("<p>{}</p>").format(_("The box has made no backup yet.")))
    body = Markup('<div class="card"><h2>{}</h2><p>{}</p></div>'
                  '<div class="card"><h2>{}</h2><p>{}</p></div>'
                  '<div class="card"><h2>{}</h2>{}</div>').format(
        _("This page's language"), langs,
        _("The box"), _("The box speaks {language}; change it on the box: Settings.").format(
            language=i18n.NAMES[box().language()]),
        _("Backups"), backup)
    return html.page(_("Settings"), body, here="/settings")


def backup() -> Response:
    newest = _newest()
    if newest is None:
        raise Refused(404, _("The box has made no backup yet."))
    return send_file(newest, as_attachment=True, download_name=newest.name)
