"""Smart dice on the phone: the table's Pixels dice and each one's record across evenings.

Read from the same places as the box's Settings > Smart dice: the set in ``dice.toml``
beside the log (:mod:`companion.hw.dice_set`), the faces each die gave in the log
(:func:`companion.log.dice_rolls.smart_rolls`), counted by
:mod:`companion.hw.dice_record`: the tally per face with a fair die's share beside it,
the batch verdict, and the rolling test's sentence. Dice are added on the box, where
they are heard.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from companion.core.errors import ConfigError
from companion.core.i18n import _
from companion.hw import dice_set
from companion.hw.dice_record import records
from companion.log.dice_rolls import smart_rolls
from companion.web import html
from companion.web.app import box


def add_routes(app: Flask) -> None:
    app.add_url_rule("/dice", "dice", page)


def _rows(rec: Any) -> list[dict[str, Any]]:
    """Each face: its count, its share of the rolls, and the bar's width in % of the
    highest count (the fair share marked at its own width)."""
    top = max([*rec.tally.values(), 1])
    fair = rec.rolls / max(1, len(rec.tally))
    return [{"face": face, "count": count, "width": round(100 * count / top),
             "fair": round(100 * fair / top)} for face, count in rec.tally.items()]


def page() -> str:
    problem = None
    try:
        dice = dice_set.load(box().folder)
    except ConfigError as err:
        dice, problem = [], err.translated(_)
    found = records(dice, smart_rolls(box().store())) if dice else []
    return html.page("dice.html", _("Smart dice"), here="/dice", problem=problem,
                     found=[(rec, _rows(rec)) for rec in found])
