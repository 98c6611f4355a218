"""What this box is set up with: the config file, presets, settings, the installed games.

Before the package was laid out by what each part does, ``companion.config`` was one module;
its names still read from here for one release, with a :class:`DeprecationWarning`
naming ``companion.config.file``.
"""

from companion import forwarded

__getattr__ = forwarded(__name__, "companion.config.file")
