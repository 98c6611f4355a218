"""Area Tiles: area points, the bonuses and the fewer-areas tie-break.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo, Records
from companion.games.area_tiles.house_rules import HOUSE_RULES

GAME = GameInfo(
    key="area_tiles",
    title=N_("Area Tiles"),
    short=N_("Area Tiles"),
    min_players=2,
    max_players=3,
    rules="companion.games.area_tiles.rules",
    screens="companion.games.area_tiles.screens",
    house_rules=HOUSE_RULES,
    actions={
        "begin_scoring": NC_("action", "scoring"),
        "select_player": NC_("action", "player choice"),
        "add_area": NC_("action", "new area"),
        "set_area": NC_("action", "area change"),
        "remove_area": NC_("action", "area removed"),
        "finish": NC_("action", "entry closed"),
    },
    records=Records(starter="first"),
)
