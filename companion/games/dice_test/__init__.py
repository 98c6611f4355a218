"""Test your dice: key in throws of your own die; a chi-square verdict.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo

GAME = GameInfo(
    key="dice_test",
    title=N_("Test your dice"),
    short=N_("Test your dice"),
    min_players=1,
    max_players=1,
    rules="companion.games.dice_test.rules",
    screens="companion.games.dice_test.screens",
    actions={
        "face": NC_("action", "roll"),
        "finish": NC_("action", "verdict"),
    },
    tool=True,
)
