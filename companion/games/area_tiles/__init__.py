"""Area Tiles: area points, the bonuses and the fewer-areas tie-break.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.catalogue import GameInfo
from companion.games.area_tiles.house_rules import HOUSE_RULES
from companion.i18n import N_

GAME = GameInfo(
    key="area_tiles",
    title=N_("Area Tiles"),
    short=N_("Area Tiles"),
    min_players=2,
    max_players=3,
    rules="companion.games.area_tiles.rules",
    screens="companion.games.area_tiles.screens",
    house_rules=HOUSE_RULES,
)
