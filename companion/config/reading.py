"""Reading a config file safely: a plain file of bounded size, parsed as TOML, every
failure one sentence (:class:`ConfigError`).

>>> parse_toml("a = 1", "x.toml")
{'a': 1}
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from companion.core.errors import ConfigError

#: A config file is a few kilobytes; anything this big is not one (a device, a log).
MAX_CONFIG_BYTES = 1024 * 1024


def read_config(path: str | Path) -> str:
    """The text of the config file at ``path``, checked to be a plain file of at most
    :data:`MAX_CONFIG_BYTES` before it is read: a FIFO or ``/dev/zero`` named by
    mistake must not hang the companion. :class:`ConfigError` says what is wrong."""
    import stat

    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(21, "")
        if not stat.S_ISREG(st.st_mode):
            raise ConfigError("config file {path} is not a plain file (a device, a pipe); "
                              "--config names a file such as /etc/companion/config.toml.",
                              path=path)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped since the stat
                raise ConfigError("config file {path} is not a plain file (a device, a "
                                  "pipe); --config names a file such as "
                                  "/etc/companion/config.toml.", path=path)
            raw = f.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError("config file {path} does not exist.", path=path) from None
    except IsADirectoryError:
        raise ConfigError("config file {path} is a folder; --config names a file such "
                          "as /etc/companion/config.toml.", path=path) from None
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        raise ConfigError("config file {path} cannot be read: {why}.",
                          path=path, why=err) from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError("config file {path} is larger than {size} MB: it is not a "
                          "config file.", path=path, size=MAX_CONFIG_BYTES // (1024 * 1024))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ConfigError("config file {path} cannot be read: {why}.",
                          path=path, why=err) from None


def parse_toml(text: str, source: str | Path) -> dict[str, Any]:
    """``text`` parsed as TOML; :class:`ConfigError` naming ``source`` when it is not
    (nested too deeply for the parser included)."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError("{path} is not valid TOML: {why}.", path=source, why=err) from None
    except RecursionError:
        raise ConfigError("{path} is not valid TOML: {why}.", path=source,
                          why="nested too deeply") from None
