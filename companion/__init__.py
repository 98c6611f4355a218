"""Table Companion: dice, scores and rules for a games table, on a Raspberry Pi with an OLED.

The package is laid out by what each part does (``docs/architecture.md``). Modules that
moved when it was laid out keep their old names for one release: importing one gives a
:class:`DeprecationWarning` naming the new place, and its names come from there.

>>> import sys, warnings
>>> _ = sys.modules.pop("companion.keys", None)  # as a fresh process meets it
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from companion.keys import Key
>>> Key("OK").long, caught[0].category.__name__
(False, 'DeprecationWarning')
"""

__version__ = "0.1.0"

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

#: Old module name → the modules its names now live in (searched in this order).
MOVED: dict[str, tuple[str, ...]] = {
    "companion.backup": ("companion.log.backups",),
    "companion.bootconfig": ("companion.owner.bootconfig",),
    "companion.catalogue": ("companion.config.registry",),
    "companion.cli": ("companion.owner.cli",),
    "companion.cli_language": ("companion.owner.cli_language",),
    "companion.columns": ("companion.core.columns",),
    "companion.commands": ("companion.owner.roll_command", "companion.owner.history_command",
                           "companion.owner.command_log"),
    "companion.dice": ("companion.core.dice",),
    "companion.dicesets": ("companion.core.dicesets",),
    "companion.doctor": ("companion.owner.doctor.checks", "companion.owner.doctor.storage",
                         "companion.owner.doctor.display", "companion.owner.doctor.games",
                         "companion.owner.doctor.buttons"),
    "companion.doctor_bus": ("companion.owner.doctor.bus_clock",),
    "companion.doctor_libs": ("companion.owner.doctor.libraries",),
    "companion.errors": ("companion.core.errors",),
    "companion.export": ("companion.records.plays", "companion.records.table",
                         "companion.records.csv_export", "companion.records.json_export",
                         "companion.records.bgstats"),
    "companion.fairness": ("companion.core.fairness",),
    "companion.games.base": ("companion.api.rules",),
    "companion.i18n": ("companion.core.i18n",),
    "companion.install": ("companion.owner.install",),
    "companion.keys": ("companion.core.keys",),
    "companion.localtime": ("companion.core.localtime",),
    "companion.logfile": ("companion.log.opening",),
    "companion.os_reasons": ("companion.core.os_reasons",),
    "companion.pages": ("companion.log.sqlite_pages",),
    "companion.people": ("companion.owner.players_command",),
    "companion.ranking": ("companion.core.ranking",),
    "companion.restore": ("companion.owner.backup_command",),
    "companion.result_text": ("companion.records.result_text",),
    "companion.roster": ("companion.core.roster",),
    "companion.runtime": ("companion.app.runtime",),
    "companion.salvage": ("companion.log.salvage",),
    "companion.schema": ("companion.log.schema",),
    "companion.screenshots": ("companion.owner.screenshots",),
    "companion.seat_names": ("companion.core.seat_names",),
    "companion.session": ("companion.app.session",),
    "companion.settings": ("companion.config.settings",),
    "companion.shelfconfig": ("companion.config.shelf",),
    "companion.stats": ("companion.records.stats",),
    "companion.store": ("companion.log.store",),
    "companion.watchdog": ("companion.app.watchdog",),
    "companion.wiring": ("companion.owner.wiring",),
    "companion.wording": ("companion.core.wording",),
    "companion.ui.menus": ("companion.ui.setup", "companion.ui.confirm", "companion.ui.lists",
                           "companion.shell.home", "companion.shell.game_picker",
                           "companion.shell.history", "companion.shell.keys_help"),
    "companion.ui.players": ("companion.shell.players",),
    "companion.ui.settings_screen": ("companion.shell.settings",),
    "companion.ui.unfinished": ("companion.shell.unfinished",),
}


def forwarded(package: str, home: str) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``, which was module ``home``'s place before
    the layout: a name read from it comes from ``home``, with a DeprecationWarning.

    >>> import warnings
    >>> get = forwarded("companion.app", "companion.app.loop")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     get("App").__name__, caught[0].category.__name__
    ('App', 'DeprecationWarning')
    """

    def __getattr__(name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        module = importlib.import_module(home)
        if not hasattr(module, name):
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        warnings.warn(f"{package}.{name} has moved to {home}.{name}; the old name goes in "
                      "the next release", DeprecationWarning, stacklevel=2)
        return getattr(module, name)

    return __getattr__


class _Moved(types.ModuleType):
    """An old module name: every name read from it comes from the modules it moved to."""

    def __init__(self, name: str, homes: tuple[str, ...]) -> None:
        super().__init__(name)
        self.__homes = homes

    def __getattr__(self, attr: str) -> object:
        if attr.startswith("__"):
            raise AttributeError(attr)
        for home in self.__homes:
            module = importlib.import_module(home)
            if hasattr(module, attr):
                return getattr(module, attr)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}")

    def __dir__(self) -> list[str]:
        return sorted({n for h in self.__homes for n in dir(importlib.import_module(h))})


class _MovedFinder:
    """Finds the old names in :data:`MOVED` (only those: every other import is untouched).
    A meta path finder and loader by protocol: importing ``importlib.abc`` for the base
    classes would cost every start of the box about 30 ms."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(name, cast("Loader", self))

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        homes = MOVED[spec.name]
        warnings.warn(f"{spec.name} has moved to {' / '.join(homes)}; the old name goes "
                      "in the next release (docs/writing-a-game.md names the public API)",
                      DeprecationWarning, stacklevel=2)
        return _Moved(spec.name, homes)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the names are read from the new modules when asked for."""


if not any(isinstance(f, _MovedFinder) for f in sys.meta_path):
    sys.meta_path.append(_MovedFinder())
