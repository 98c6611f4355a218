"""What an owner changes on the box (language, contrast), and where it is kept.

A change is written to the config file the box runs from, keeping its comments and
layout (tomlkit). Where there is no such file, or it cannot be written (the service's
``/etc/companion/config.toml`` is read-only to it), the change goes to
``settings.toml`` in the state directory instead, which then overrides the config file
for those keys on every start.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> cfg = folder / "config.toml"; _ = cfg.write_text('# mine\\n[display]\\ncontrast = 9\\n')
>>> save(cfg, folder, "display.contrast", 200) == cfg
True
>>> print(cfg.read_text().strip())
# mine
[display]
contrast = 200
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.core.errors import ConfigError
from companion.core.i18n import _
from companion.core.shared_folder import file_mode

#: The keys the box's Settings screen and the phone page change, ``section.key`` or a
#: top-level key (``games.hide``: the games left off the start menu).
EDITABLE = ("language", "display.contrast", "games.hide")
OVERRIDES = "settings.toml"


def overrides(state_dir: Path) -> dict[str, Any]:
    """The settings saved on the box to the state directory (empty when there are none)."""
    import tomllib

    path = Path(state_dir) / OVERRIDES
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except NotADirectoryError:  # the state folder itself is the culprit, not this file
        file = next((p for p in path.parents if p.exists() and not p.is_dir()), state_dir)
        if Path(file) == Path(state_dir):
            raise ConfigError("the state folder {folder} is a file; set [state] dir to a "
                              "folder (the log and the settings changed on the box are kept "
                              "there).", folder=str(state_dir)) from None
        raise ConfigError("the state folder {folder} cannot be made: {file} is a file; set "
                          "[state] dir to a folder (the log and the settings changed on the "
                          "box are kept there).", folder=str(state_dir), file=str(file)) from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else \
            "nested too deeply" if isinstance(err, RecursionError) else str(err)
        set_aside(state_dir, ConfigError("{path} cannot be read ({why}); fix or delete it.",
                                         path=str(path), why=why))
        return {}
    if not isinstance(data, Mapping):
        return {}
    out: dict[str, Any] = {}
    for key in EDITABLE:
        section, _dot, name = key.rpartition(".")
        table = data.get(section, {}) if section else data
        if isinstance(table, Mapping) and name in table:
            out[key] = table[name]
    return out


def set_aside(state_dir: Path, err: ConfigError) -> None:
    """``settings.toml`` (a file the box writes itself) is damaged: say so on stderr (the
    journal) and rename it aside (``settings.toml.damaged-…``) so the box starts on its
    config file instead of stopping for good; it is never deleted."""
    import sys
    import time

    path = Path(state_dir) / OVERRIDES
    base = f"{path}.damaged-{time.strftime('%Y%m%d-%H%M%S', time.gmtime())}"
    aside, n = Path(base), 1
    while aside.exists():
        aside, n = Path(f"{base}-{n}"), n + 1
    try:
        path.rename(aside)
        kept = _("kept as {name}").format(name=aside.name)
    except OSError:
        kept = _("left where it is")
    print("companion: " + _("{why} The settings changed on the box are not used ({kept}); "
                            "the config file's are.").format(why=err, kept=kept),
          file=sys.stderr, flush=True)


def stamp(state_dir: Path) -> int | None:
    """When ``settings.toml`` last changed (None: there is none): one ``stat``, cheap
    enough for every key the box takes."""
    try:
        return (Path(state_dir) / OVERRIDES).stat().st_mtime_ns
    except OSError:
        return None


def blamed(err: ConfigError, state_dir: Path) -> ConfigError:
    """``err``, a value of ``settings.toml`` the config check refused, with that file named
    (the key alone sends the owner to the config file, where the value is not)."""
    return ConfigError("{path} (the settings changed on the box): {why} Change it on the "
                       "box, or fix or delete that file.",
                       path=str(Path(state_dir) / OVERRIDES), why=err)


def apply(data: Mapping[str, Any], saved: Mapping[str, Any]) -> dict[str, Any]:
    """The parsed config ``data`` with the ``saved`` settings laid over it."""
    out = {k: dict(v) if isinstance(v, Mapping) else v for k, v in data.items()}
    for key, value in saved.items():
        section, _dot, name = key.rpartition(".")
        if section:
            out.setdefault(section, {})[name] = value
        else:
            out[name] = value
    return out


def _write_toml(path: Path, key: str, value: Any) -> None:
    import tomlkit

    path = _through_links(path)
    try:
        doc = tomlkit.parse(path.read_text(encoding="utf-8")) if path.exists() else \
            tomlkit.document()
    except Exception as err:  # tomlkit raises its own parse errors
        raise OSError(_("{path} is not valid TOML: {why}.").format(path=path, why=err)) from None
    section, _dot, name = key.rpartition(".")
    if section:
        if section not in doc:
            doc[section] = tomlkit.table()
        doc[section][name] = value
    else:
        # a top-level key must stand before the first table
        doc[name] = value
        body = doc.body
        # by the bare key: str() of a key tomlkit has just re-set keeps its padding
        item = next(i for i in body if i[0] is not None and i[0].key == name)
        body.remove(item)
        first_table = next((n for n, (k, v) in enumerate(body)
                            if isinstance(v, tomlkit.items.Table)), len(body))
        body.insert(first_table, item)
        doc = tomlkit.parse(tomlkit.dumps(doc))
    text = tomlkit.dumps(doc)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        else:  # the page's user reads it too where the folder is shared (core.shared_folder)
            os.chmod(tmp, file_mode(path.parent))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _through_links(path: Path) -> Path:
    """The file a symlink at ``path`` points to (through every link), so that the change
    goes where the owner keeps the file (a dotfiles checkout, say) and the link stays."""
    return Path(os.path.realpath(path)) if Path(path).is_symlink() else Path(path)


def save(config_file: Path | None, state_dir: Path, key: str, value: Any) -> Path:
    """Keep ``key = value``; returns the file it went to.

    The config file when there is one, it can be written and no ``settings.toml``
    already overrides it; else ``settings.toml`` in the state directory.
    Raises :class:`OSError` when neither can be written.
    """
    if key not in EDITABLE:
        raise ValueError(f"{key} is not a setting the box changes.")
    state_overrides = Path(state_dir) / OVERRIDES
    if config_file is not None and not state_overrides.exists():
        try:
            _write_toml(Path(config_file), key, value)
            return Path(config_file)
        except OSError:
            pass
    Path(state_dir).mkdir(parents=True, exist_ok=True)
    _write_toml(state_overrides, key, value)
    return state_overrides
