"""The Great Brain Robbery: movement and combat dice, the whole train, the IQ winner.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.catalogue import GameInfo
from companion.games.brain_robbery.house_rules import HOUSE_RULES
from companion.i18n import N_, NC_

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
    actions={
        "setup": NC_("action", "setup"),
        "set_hand": NC_("action", "hand"),
        "set_xp": NC_("action", "XP"),
        "set_brain": NC_("action", "brain"),
        "discard": NC_("action", "discard"),
        "move_roll": NC_("action", "movement roll"),
        "run_card": NC_("action", "Run card"),
        "new_car": NC_("action", "new car"),
        "move": NC_("action", "move"),
        "brain_space": NC_("action", "brain space"),
        "fight": NC_("action", "fight"),
        "hit_card": NC_("action", "Hit card"),
        "end_fight": NC_("action", "end of fight"),
        "brains": NC_("action", "brains moved"),
        "swap_brains": NC_("action", "brain swap"),
        "insert_brain": NC_("action", "new brain"),
        "end_turn": NC_("action", "end of turn"),
        "end_game": NC_("action", "end of game"),
        "iq": NC_("action", "IQ"),
        "finish": NC_("action", "final scores"),
    },
)
