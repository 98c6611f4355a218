"""The action log as the one-shot commands (``history``, ``players``, ``stats``) open it,
and their lines about it on stderr."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from companion.config.file import Config
from companion.core import i18n
from companion.log.opening import log_path


def tell_stderr(line: str) -> None:
    """One line about the log (a notice, skipped records) on stderr, in the box's language."""
    print(f"companion: {i18n.shown(line)}", file=sys.stderr, flush=True)


def open_log(config: Config, db: str | None = None, *, write: bool = False) -> Any:
    """The log for a one-shot command (:meth:`Store.open_existing
    <companion.log.store.Store.open_existing>`): never created elsewhere than in the state
    folder, never moved or repaired (only ``companion run`` does that); read from a
    copy unless ``write``."""
    from companion.log.store import Store

    path = Path(db) if db else log_path(config.state_dir())
    if write and not db and not path.exists():
        return Store.open(path)  # the box's own log, before its first start
    store = Store.open_existing(path, write=write)
    if store.notice:
        tell_stderr(store.notice)
    return store
