"""Genial Spezial (Ingenious): peg scores per colour and the weakest-colour winner.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.catalogue import GameInfo
from companion.i18n import N_, NC_

GAME = GameInfo(
    key="genial",
    title=N_("Genial Spezial"),
    short=NC_("short title", "Genial Spezial"),
    min_players=2,
    max_players=4,
    rules="companion.games.genial.rules",
    screens="companion.games.genial.screens",
    bgg_id=40830,
)
