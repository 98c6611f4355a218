"""Four-Colour Stones: deals, every legal jump, round scores with the first-place bonus.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo
from companion.games.four_stones.house_rules import HOUSE_RULES

GAME = GameInfo(
    key="four_stones",
    title=N_("Four-Colour Stones"),
    short=N_("4-Colour Stones"),
    min_players=2,
    max_players=4,
    rules="companion.games.four_stones.rules",
    # No bgg_id: Manpo's stones games are self-published in Japan and no BoardGameGeek
    # entry for them was found (a play exports with no id; BG Stats then keeps the name).
    screens="companion.games.four_stones.screens",
    house_rules=HOUSE_RULES,
    actions={
        "deal": NC_("action", "layout"),
        "jump": NC_("action", "jump"),
    },
)
