"""``companion roll``: dice once, from the command line.

A spec is ``NdS`` notation or a mixed set (``2d6+d20``), a die or set named in the
config's ``[[dice]]`` (``colour``), or a game's own dice, which the game declares
(``GameInfo.dice``, its rules' ``DICE``: ``companion roll brikks``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.config import registry
from companion.core.dice import Dice
from companion.core.dicesets import Die, NotationError, parse, roll_line
from companion.core.i18n import package_translator


def roll(spec: str, dice: Dice | None = None,
         named: Mapping[str, Sequence[Die]] | None = None) -> str:
    """Roll ``spec`` once; one line.

    >>> roll("2d6", Dice.seeded(1))
    '2d6: 2 5 = 7'
    >>> roll("brain-robbery", Dice.seeded(1))
    "Brain Robbery: 2 + 5 = 7 (two dice; add your brain's Run)"
    """
    dice = dice or Dice()
    name = spec.strip().lower()
    game = registry.game_dice(name) if name else None
    if game is not None:
        info, own = game
        faces = [dice.pick(d.faces) for d in own.dice]
        return own.shown(faces, package_translator(info.rules).gettext)
    try:
        parsed = parse(name, named)
    except NotationError as err:
        shown = spec if len(spec) <= 24 else spec[:20] + "…"  # 5,000 digits: not again
        raise NotationError("cannot roll {spec!r}: {why}", spec=shown, why=err) from None
    faces = [dice.pick(d.faces) for d in parsed]
    return roll_line(name, parsed, faces)
