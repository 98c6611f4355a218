"""Talking to systemd: ready, alive, stopping (``Type=notify`` with ``WatchdogSec=``).

systemd passes ``NOTIFY_SOCKET`` (where to send) and, with a watchdog, ``WATCHDOG_USEC``
(the interval) and ``WATCHDOG_PID`` (who must send). The companion says ``READY=1``
after its first frame, ``WATCHDOG=1`` from the main loop every quarter interval (the
loop is the thing that may hang), and ``STOPPING=1`` on the way out. Outside systemd
every call does nothing.

>>> notifier = ServiceNotifier(environ={})
>>> notifier.active, notifier.interval
(False, None)
>>> notifier.ready()    # a no-op on a laptop
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Mapping
from typing import Any


class ServiceNotifier:
    """``sd_notify`` through the ``sdnotify`` package.

    :param environ: where to read ``NOTIFY_SOCKET`` / ``WATCHDOG_USEC`` (``os.environ``).
    """

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.active = bool(env.get("NOTIFY_SOCKET"))
        self.interval: float | None = None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            self.interval = int(usec) / 1_000_000
        self.sent: deque[str] = deque(maxlen=16)  # the last few messages, for tests
        self._notifier: Any = None
        if self.active:
            from sdnotify import SystemdNotifier

            saved = os.environ.get("NOTIFY_SOCKET")
            os.environ["NOTIFY_SOCKET"] = env["NOTIFY_SOCKET"]  # sdnotify reads os.environ
            try:
                self._notifier = SystemdNotifier()
            finally:
                if saved is None:
                    os.environ.pop("NOTIFY_SOCKET", None)
                else:
                    os.environ["NOTIFY_SOCKET"] = saved

    @property
    def beat_every(self) -> float:
        """How often the main loop must call :meth:`beat` (0: no watchdog)."""
        return self.interval / 4 if self.interval else 0.0

    def _send(self, state: str) -> None:
        if self._notifier is not None:
            self._notifier.notify(state)
            self.sent.append(state)

    def ready(self) -> None:
        """Start-up is over: the first frame is on the screen."""
        self._send("READY=1\nSTATUS=Showing the start screen")

    def beat(self) -> None:
        """The main loop is alive."""
        if self.interval:
            self._send("WATCHDOG=1")

    def status(self, text: str) -> None:
        self._send(f"STATUS={text}")

    def stopping(self) -> None:
        self._send("STOPPING=1")
