"""The dice roller: 1–6 d6, big dice, a histogram against fair dice.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo

GAME = GameInfo(
    key="dice_roller",
    title=N_("Dice roller"),
    short=N_("Dice roller"),
    min_players=1,
    max_players=8,
    rules="companion.games.dice_roller.rules",
    screens="companion.games.dice_roller.screens",
    actions={
        "roll": NC_("action", "roll"),
        "set_count": NC_("action", "dice count"),
        "finish": NC_("action", "end of game"),
    },
    tool=True,
)
