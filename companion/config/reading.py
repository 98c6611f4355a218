"""Reading a config file safely: a plain file of bounded size, parsed as TOML, every
failure one sentence (:class:`ConfigError`).

>>> parse_toml("a = 1", "x.toml")
{'a': 1}
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from companion.core.errors import ConfigError, Word
from companion.core.i18n import N_

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


#: What the TOML parser says, as words to translate (tomllib speaks only English).
_TOML_WHY = {why: Word(why) for why in (
    N_("Expected '=' after a key in a key/value pair"), N_("Invalid value"),
    N_("Invalid statement"), N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Unterminated string"), N_("Cannot overwrite a value"),
    N_("Invalid initial character for a key part"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected newline or end of document after a statement"),
    N_("Invalid date or datetime"))}
_TOML_AT = re.compile(r"^(.*) \(at (?:line (\d+), column (\d+)|end of document)\)$")
#: ``language = "ja"`` on a line of its own, read even where the rest is not valid TOML.
_LANGUAGE_LINE = re.compile(r'^\s*language\s*=\s*["\']([^"\'\n]*)["\']', re.MULTILINE)
#: What a config file may mean by Japanese where it does not say "ja" (``language =
#: "jp"`` is refused, in Japanese: issue 41).
_JAPANESE = {"ja", "jp", "jpn", "japanese", "ja_jp", "ja-jp", "日本語", "nihongo"}


def in_language(err: ConfigError, text: str) -> ConfigError:
    """``err`` marked with the language the config file names (``language = "ja"``), so
    the command line says it in that language and not the locale's (a Pi's is en_GB)."""
    found = _LANGUAGE_LINE.search(text)
    said = found.group(1).strip().lower() if found else ""
    err.language = "ja" if said in _JAPANESE else "en" if said == "en" else ""  # type: ignore[attr-defined]
    return err


def _not_toml(path: str, text: str, err: tomllib.TOMLDecodeError) -> ConfigError:
    """One sentence for a file that is not TOML: where, and what the parser found, in
    the language of the file (and of the user) where the parser's words are known.

    >>> try: tomllib.loads("a = \\nb = 1")
    ... except tomllib.TOMLDecodeError as err: print(_not_toml("c.toml", "", err).translated(str))
    c.toml is not valid TOML at line 1, column 5: Invalid value.
    """
    said = _TOML_AT.match(str(err))
    if said is None:
        return in_language(ConfigError("{path} is not valid TOML: {why}.", path=path,
                                        why=str(err)), text)
    why: str = _TOML_WHY.get(said.group(1), said.group(1))
    if said.group(2) is None:
        return in_language(ConfigError("{path} is not valid TOML at its end: {why}.",
                                        path=path, why=why), text)
    return in_language(ConfigError("{path} is not valid TOML at line {line}, column "
                                    "{column}: {why}.", path=path, line=said.group(2),
                                    column=said.group(3), why=why), text)


def parse_toml(text: str, source: str | Path) -> dict[str, Any]:
    """``text`` parsed as TOML; :class:`ConfigError` naming ``source`` when it is not (nested
    too deeply for the parser included), in the file's language."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise _not_toml(str(source), text, err) from None
    except RecursionError:
        raise in_language(ConfigError("{path} is not valid TOML: {why}.", path=source,
                                      why="nested too deeply"), text) from None
