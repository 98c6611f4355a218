"""Any dice: NdX for d4 to d100, mixed sets such as 2d6+d20, and the config's own dice.

The package holds the pure rules (``rules.py``) and the screens (``screens.py``); this
declaration is its only way in. The notation lives in :mod:`companion.core.dicesets`, shared
with ``companion roll``.
"""

from companion.api.declaration import N_, NC_, GameInfo

GAME = GameInfo(
    key="any_dice",
    title=N_("Any dice"),
    short=N_("Any dice"),
    min_players=1,
    max_players=1,
    rules="companion.games.any_dice.rules",
    screens="companion.games.any_dice.screens",
    actions={
        "roll": NC_("action", "roll"),
        "finish": NC_("action", "end of game"),
    },
    tool=True,
)
