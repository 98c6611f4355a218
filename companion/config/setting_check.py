"""A setting changed outside the config file (on the box's Settings screen, on the phone
page), checked as the config file's own value would be."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.config.file import from_mapping
from companion.config.settings import apply


def checked(saved: Mapping[str, Any]) -> dict[str, Any]:
    """``saved`` (key → value) as the config check takes it; :class:`ConfigError` (one
    sentence) for a value it refuses, as a config file with that value would get.

    >>> checked({"display.contrast": 300})
    Traceback (most recent call last):
    ...
    companion.core.errors.ConfigError: display.contrast: must be between 0 and 255, not 300.
    """
    config = from_mapping(apply({}, saved))
    found = {"language": config.language, "display.contrast": config.display["contrast"],
             "games.hide": list(config.games.get("hide", ()))}
    return {key: found[key] for key in saved}
