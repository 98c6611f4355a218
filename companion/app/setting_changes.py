"""Settings changed on the box (language, contrast): in use at once, and kept.

The change reaches what it changes (the translator, the panel) before the Settings
screen redraws; it is saved to the config file or the state directory (see
:mod:`companion.config.settings`) only by a real run (``keep``), so tests leave files
alone unless they ask. A change the phone page saved to ``settings.toml`` reaches the
running box at its next key or timer (:meth:`SettingChanges.refresh`: one ``stat``
while nothing changed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.config import setting_check, settings
from companion.config.file import Config
from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import _


class SettingChanges:
    """The box's ``config`` as changed on it; ``display`` takes the contrast, and
    ``notice`` says when a change could not be saved."""

    def __init__(self, config: Config, *, display: Any, notice: Callable[[str], None],
                 keep: bool = False) -> None:
        self.config = config
        self.display = display
        self.notice = notice
        #: Save settings changed on the box (a real run; tests that check saving).
        self.keep = keep
        i18n.use(config.language or i18n.from_environment())
        self._stamp = settings.stamp(config.state_dir())

    def language(self) -> str:
        """The language the box speaks now."""
        return i18n.language()

    def change(self, key: str, value: Any) -> None:
        """Change a setting at once and keep it (see :mod:`companion.config.settings`)."""
        if key == "language":
            i18n.use(value)
            self.config = replace(self.config, language=value)
        elif key == "display.contrast":
            self.display.contrast(value)
            self.config = replace(self.config, display={**self.config.display, "contrast": value})
        elif key == "games.hide":
            self.config = replace(self.config, games={**self.config.games, "hide": tuple(value)})
        if not self.keep:
            return
        try:
            settings.save(self.config.path, self.config.state_dir(), key, value)
        except OSError as err:
            self.notice(_("Changed, but not saved: {why}").format(why=err.strerror or err))

    def refresh(self) -> bool:
        """Take up what another program (the phone page) saved to ``settings.toml``
        since the box last looked; True when something changed (the frame is redrawn)."""
        stamp = settings.stamp(self.config.state_dir())
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        try:
            saved = setting_check.checked(settings.overrides(self.config.state_dir()))
        except CompanionError as err:  # a hand-edited file: say so, keep what is in use
            self.notice(str(i18n.shown(err)))
            return True
        now = {"language": self.config.language or i18n.language(),
               "display.contrast": self.config.display["contrast"],
               "games.hide": list(self.config.games.get("hide", ()))}
        changed = {k: v for k, v in saved.items() if now[k] != v and v != ""}
        for key, value in changed.items():
            keep, self.keep = self.keep, False  # it is saved already
            try:
                self.change(key, value)
            finally:
                self.keep = keep
        return bool(changed)
