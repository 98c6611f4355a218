"""``companion doctor``'s smart dice line: the table's dice (``dice.toml``) and whether the
box can hear them (BlueZ on the system D-Bus, an adapter, turned on). Never a failure: a
box without Bluetooth plays on, its dice keyed in by hand (issue 47)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.core.errors import ConfigError
from companion.core.i18n import N_, _, ngettext, shown
from companion.hw import dice_set
from companion.hw.pixels_radio import DiceRadio
from companion.owner.doctor.report import Check


def smart_dice_check(folder: Path, radio: Callable[[], Any] = DiceRadio) -> Check:
    """One line: how many dice the table has, and whether Bluetooth answers."""
    try:
        dice = dice_set.load(folder)
    except ConfigError as err:
        return Check(N_("smart dice"), "info", err.translated(_))
    listening = radio()
    try:
        why = listening.start()
    finally:
        listening.stop()
    if why is not None:
        return Check(N_("smart dice"), "info", str(shown(why)))
    return Check(N_("smart dice"), "ok", ngettext(
        "Bluetooth answers; the table has {n} smart die (Settings > Smart dice)",
        "Bluetooth answers; the table has {n} smart dice (Settings > Smart dice)",
        len(dice)).format(n=len(dice)))
