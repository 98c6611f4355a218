"""The running box: the loop, the game being played, start-up and systemd.

Before the package was laid out by what each part does, ``companion.app`` was one module;
its names still read from here for one release, with a :class:`DeprecationWarning`
naming ``companion.app.loop``.
"""

from companion import forwarded

__getattr__ = forwarded(__name__, "companion.app.loop")
