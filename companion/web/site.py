"""The whole phone page: the guarded application with every page added.

>>> import tempfile, pathlib
>>> from companion.config.file import from_mapping
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> client = create_app(folder / "companion.db", from_mapping({})).test_client()
>>> client.get("/", environ_base={"REMOTE_ADDR": "8.8.8.8"}).status_code
403
>>> "scan the code" in client.get("/").get_data(as_text=True)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from companion.config.file import Config
from companion.web import (
    dice_page,
    history,
    import_page,
    pair,
    people,
    rules_pages,
    settings_page,
    stats_pages,
    tonight,
    wifi_page,
)
from companion.web.app import make_flask


def create_app(db: Path, config: Config, *, clock: Callable[[], float] = time.time) -> Flask:
    """The page for the log at ``db`` (its folder is the state folder)."""
    app = make_flask(db, config, clock=clock)
    for module in (pair, tonight, history, people, import_page, stats_pages, dice_page,
                   rules_pages, settings_page, wifi_page):
        module.add_routes(app)
    return app
