"""``companion dark``: the panel goes off a while after the box stopped.

With ``display.on_stop = "message"`` (the default) the box leaves "Stopped" on the panel
when it stops, so that whoever looks knows; but an OLED lit with one picture for days burns
in, and no process of the box is left to turn it off. So ``companion.service`` starts
``companion-dark.service`` once it has stopped (``ExecStopPost=``), which runs this: it
waits ``display.off_after`` seconds (the same rest the screensaver gives an idle box; 0:
never), then opens the display and turns the panel off. The box's next start stops it
first (``ExecStartPre=``), so the two never share the bus. With ``on_stop = "blank"`` the
panel is already off and this does nothing.

>>> from companion.config.file import from_mapping
>>> waited = []
>>> config = from_mapping({"display": {"driver": "dummy", "off_after": 600}})
>>> dark(config, sleep=waited.append, out=lambda line: None)
0
>>> waited
[600]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from companion.config.file import Config
from companion.core.i18n import _


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub.add_parser("dark", help=_("after the box stopped: wait display.off_after seconds, "
                                  "then turn the panel off (companion-dark.service runs it)"))


def dark(config: Config, *, sleep: Callable[[float], None] = time.sleep,
         open_display: Callable[[Config], Any] | None = None,
         out: Callable[[str], None] = print) -> int:
    """Wait, then turn the panel off; 0 (also when there is nothing to do)."""
    d = config.display
    if d["on_stop"] != "message" or not d["off_after"] or d["driver"] == "emulator":
        out(_("Nothing to do: the panel is dark already, or display.off_after is 0."))
        return 0
    sleep(d["off_after"])
    if open_display is None:
        from companion.hw import display

        open_display = display.open_display
    device = open_display(config)  # after the wait: opening it sends a blank frame
    device.hide()
    out(_("The panel is off ({seconds} s after the box stopped).").format(
        seconds=d["off_after"]))
    return 0
