"""The Great Brain Robbery: movement and combat dice, the whole train, the IQ winner.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, GameInfo, Records
from companion.games.brain_robbery.actions import ACTIONS
from companion.games.brain_robbery.house_rules import HOUSE_RULES

GAME = GameInfo(
    key="brain_robbery",
    title=N_("The Great Brain Robbery"),
    short=N_("Brain Robbery"),
    min_players=3,
    max_players=7,
    rules="companion.games.brain_robbery.rules",
    # No bgg_id yet: BoardGameGeek lists The Great Brain Robbery (Cheapass), but its id could not
    # be confirmed from two independent sources here (BGG's own pages were out of
    # reach), and a wrong id would file every exported play under another game. BG Stats
    # matches the name instead.
    screens="companion.games.brain_robbery.screens",
    house_rules=HOUSE_RULES,
    dice=("brain-robbery",),  # companion roll brain-robbery: the rules' DICE
    actions=ACTIONS,
    # its best score is an IQ: "Best score 8" read as points (issue 35)
    records=Records(best=N_("Best IQ"), best_short=N_("Best IQ"), starter="first"),
)
