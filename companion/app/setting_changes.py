"""Settings changed on the box (language, contrast): in use at once, and kept.

The change reaches what it changes (the translator, the panel) before the Settings
screen redraws; it is saved to the config file or the state directory (see
:mod:`companion.config.settings`) only by a real run (``keep``), so tests leave files
alone unless they ask.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.config import settings
from companion.config.file import Config
from companion.core import i18n
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
        if not self.keep:
            return
        try:
            settings.save(self.config.path, self.config.state_dir(), key, value)
        except OSError as err:
            self.notice(_("Changed, but not saved: {why}").format(why=err.strerror or err))
