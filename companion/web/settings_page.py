"""Settings: the language of this phone's page, the box's own settings (its language, the
panel's contrast, the games on its start menu) changed from the phone, and the newest
backup of the log to download.

A change goes through the same code as the box's Settings screen: checked as the config
file's value would be (:mod:`companion.config.setting_check`), saved to ``settings.toml``
in the state folder (:func:`companion.config.settings.save`), where the running box takes
it up at its next key or timer (:meth:`companion.app.setting_changes.SettingChanges.refresh`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, Response, request, send_file

from companion.config import registry, setting_check, settings
from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.web import html
from companion.web.app import Refused, box, go


def add_routes(app: Flask) -> None:
    app.add_url_rule("/settings", "settings", page)
    app.add_url_rule("/settings/backup", "settings_backup", backup)
    app.add_url_rule("/settings/box", "settings_box", change, methods=["POST"])


def current() -> dict[str, Any]:
    """The box's settings as it uses them: its config with what was saved since laid over
    it (a saved value the check refuses is left out, as the box leaves it out)."""
    config = box().config
    now = {"language": box().language(), "display.contrast": config.display["contrast"],
           "games.hide": list(config.games.get("hide", ()))}
    try:
        saved = setting_check.checked(settings.overrides(config.state_dir()))
    except CompanionError:
        saved = {}
    return {**now, **{k: v for k, v in saved.items() if v != ""}}


def change() -> Response:
    """Save what the form changed; a value the box refuses is one sentence, nothing saved."""
    given = request.form.get("contrast", "").strip()
    try:
        contrast = int(given)
    except ValueError:
        contrast = -1
    if not 0 <= contrast <= 255:  # said here, in the page's words, not the config file's
        raise Refused(400, _("The contrast is a whole number from 0 to 255, not {value!r}; "
                             "nothing was changed. Go back to Settings and choose one "
                             "in that range.").format(value=given))
    shown = request.form.getlist("shown")
    wanted = {"language": request.form.get("language", ""), "display.contrast": contrast,
              "games.hide": [k for k in registry.discover() if k not in shown]}
    if wanted["language"] not in i18n.LANGUAGES:
        raise Refused(400, _("The box's language is one of {allowed}, not {value!r}; nothing "
                             "was changed.").format(allowed=", ".join(i18n.LANGUAGES),
                                                    value=wanted["language"]))
    setting_check.checked(wanted)  # every value before any is saved
    now = current()
    for key, value in wanted.items():
        if value != now[key]:
            try:
                settings.save(None, box().config.state_dir(), key, value)
            except OSError as err:
                raise Refused(503, _("The box's settings cannot be saved: {why}").format(
                    why=err.strerror or err)) from None
    return go("/settings?saved=1#box")


def _newest() -> Path | None:
    from companion.log import backups

    found = backups.listing(backups.folder_for(box().db))
    return found[-1] if found else None


def page() -> str:
    return html.page("settings.html", _("Settings"), here="/settings", now=current(),
                     games=[(key, registry.title(key)) for key in registry.discover()],
                     backup=_newest() is not None, saved=bool(request.args.get("saved")))


def backup() -> Response:
    newest = _newest()
    if newest is None:
        raise Refused(404, _("The box has made no backup yet."))
    return send_file(newest, as_attachment=True, download_name=newest.name)
