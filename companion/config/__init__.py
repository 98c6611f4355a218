"""What this box is set up with: the config file, presets, settings, the installed games.

Before the package was laid out by what each part does, ``companion.config`` was one module;
its names still read from here for one release, with a :class:`DeprecationWarning`
naming ``companion.config.file``.
"""

import importlib
import warnings


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    module = importlib.import_module("companion.config.file")
    if not hasattr(module, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"companion.config.{name} has moved to companion.config.file.{name}; "
                  "the old name goes "
                  "in the next release", DeprecationWarning, stacklevel=2)
    return getattr(module, name)
