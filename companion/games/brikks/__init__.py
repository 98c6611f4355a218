"""Brikks: the drawn block, rerolls, trackers, the final score and the solo rating.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo, Records
from companion.games.brikks.house_rules import HOUSE_RULES

GAME = GameInfo(
    key="brikks",
    title=N_("Brikks"),
    short=N_("Brikks"),
    min_players=1,
    max_players=4,
    rules="companion.games.brikks.rules",
    # No bgg_id yet: BoardGameGeek lists Brikks (Schmidt Spiele, 2018), but its id could not
    # be confirmed from two independent sources here (BGG's own pages were out of
    # reach), and a wrong id would file every exported play under another game. BG Stats
    # matches the name instead.
    screens="companion.games.brikks.screens",
    house_rules=HOUSE_RULES,
    dice=("brikks",),  # companion roll brikks: the rules' DICE
    actions={
        "start_block": NC_("action", "start block"),
        "roll": NC_("action", "roll"),
        "reroll": NC_("action", "reroll"),
        "circle": NC_("action", "energy circle"),
        "rotate": NC_("action", "rotation"),
        "swap": NC_("action", "swap"),
        "rows": NC_("action", "full rows"),
        "bomb": NC_("action", "bomb"),
        "out": NC_("action", "out"),
        "finish": NC_("action", "end of game"),
        "score": NC_("action", "score entry"),
    },
    solo_wins=False,
    records=Records(best=N_("Best total"), solo_note="companion.games.brikks.scoring:solo_note",
                    starter="start_player", seats="seats"),
)
