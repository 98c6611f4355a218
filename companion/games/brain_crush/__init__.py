"""Brain Crush: sets scored as they are taken, the starter rotated.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo, Records

GAME = GameInfo(
    key="brain_crush",
    title=N_("Brain Crush"),
    short=N_("Brain Crush"),
    min_players=2,
    max_players=4,
    rules="companion.games.brain_crush.rules",
    # No bgg_id: Manpo's stones games are self-published in Japan and no BoardGameGeek
    # entry for them was found (a play exports with no id; BG Stats then keeps the name).
    screens="companion.games.brain_crush.screens",
    actions={
        "take": NC_("action", "set taken"),
        "miss": NC_("action", "miss"),
        "end_round": NC_("action", "end of round"),
    },
    records=Records(starter="first"),
)
