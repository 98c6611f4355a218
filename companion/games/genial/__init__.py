"""Genial Spezial (Ingenious): peg scores per colour and the weakest-colour winner.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo, Records

GAME = GameInfo(
    key="genial",
    title=N_("Genial Spezial"),
    short=NC_("short title", "Genial Spezial"),
    min_players=2,
    max_players=4,
    rules="companion.games.genial.rules",
    screens="companion.games.genial.screens",
    # BoardGameGeek "Genial Spezial" (Kosmos 2009) is 40830: two independent public
    # records agree — a BGG play-log export (objectid="40830" for "Genial Spezial") and
    # a game list in a play-logging app ("40830##Genial Spezial"). Not "Ingenious", which
    # is another BoardGameGeek entry.
    bgg_id=40830,
    actions={
        "turn": NC_("action", "turn"),
        "end_early": NC_("action", "early end"),
    },
    records=Records(best=N_("Best weakest colour"), best_short=N_("Weakest"),
                    hint=N_("Weakest: lowest colour"), starter="first"),
)
