"""At start, a box switched on anywhere can be reached with a phone: when no known network
is up within :data:`WAIT` seconds, the box starts its own Wi-Fi
(:mod:`companion.network.box_wifi`). ``[network] fallback = "off"`` turns this off.

It runs on a thread of its own (:func:`in_background`), so the box's loop never waits for
the network; it only talks to NetworkManager, never to the screens.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from companion.core.i18n import _
from companion.network import box_wifi
from companion.network.errors import NetworkError
from companion.network.wifi import Wifi

#: Seconds a known network may take to come up after the box starts.
WAIT = 45.0
STEP = 1.0


def at_start(folder: Path, *, wifi: Callable[[], Wifi] = Wifi, wait: float = WAIT,
             sleep: Callable[[float], None] = time.sleep,
             clock: Callable[[], float] = time.monotonic) -> str:
    """Wait up to ``wait`` seconds for a known network; give ``"network"`` when one is up,
    ``"box_wifi"`` when the box's own runs (found running, or started now).

    :raises NetworkError: NetworkManager absent, no Wi-Fi device, or it refused.
    """
    deadline = clock() + wait
    with wifi() as nm:
        nm.device()
        while True:
            now = nm.active()
            if now is not None:
                return "box_wifi" if now.access_point else "network"
            if clock() >= deadline:
                break
            sleep(STEP)
        box_wifi.start(nm, folder)
        return "box_wifi"


def in_background(folder: Path, **options: object) -> threading.Thread:
    """:func:`at_start` on a daemon thread; a failure is one line on stderr (the journal)."""

    def run() -> None:
        try:
            if at_start(folder, **options) == "box_wifi":  # type: ignore[arg-type]
                print("companion: " + _("No known Wi-Fi came up: the box's own Wi-Fi is on."),
                      file=sys.stderr, flush=True)
        except (NetworkError, OSError) as err:
            why = err.translated(_) if isinstance(err, NetworkError) else str(err)
            print(f"companion: {why}", file=sys.stderr, flush=True)

    thread = threading.Thread(target=run, name="network-fallback", daemon=True)
    thread.start()
    return thread
