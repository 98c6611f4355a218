"""The running box: the loop, the game being played, start-up and systemd.

Before the package was laid out by what each part does, ``companion.app`` was one module;
its names still read from here for one release, with a :class:`DeprecationWarning`
naming ``companion.app.loop``.
"""

import importlib
import warnings


def __getattr__(name: str) -> object:
    if name.startswith("__"):
        raise AttributeError(name)
    module = importlib.import_module("companion.app.loop")
    if not hasattr(module, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"companion.app.{name} has moved to companion.app.loop.{name}; the old name goes "
                  "in the next release", DeprecationWarning, stacklevel=2)
    return getattr(module, name)
