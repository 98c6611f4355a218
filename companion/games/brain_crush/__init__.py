"""Brain Crush: sets scored as they are taken, the starter rotated.

The package holds the pure rules (``rules.py`` and its helpers), the screens
(``screens``) and the house rules; this declaration is its only way in.
"""

from companion.catalogue import GameInfo

GAME = GameInfo(
    key="brain_crush",
    title="Brain Crush",
    short="Brain Crush",
    min_players=2,
    max_players=4,
    rules="companion.games.brain_crush.rules",
    screens="companion.games.brain_crush.screens",
)
