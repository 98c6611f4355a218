"""The score pad: any game from the owner's shelf, scored by round or on a category sheet.

The package holds the pure rules (``rules.py``) and the screens (``screens.py``); this
declaration is its only way in. The games themselves come from ``[[shelf]]`` in the
config; each play exports under its own title and BoardGameGeek id.
"""

from companion.api.declaration import N_, NC_, GameInfo, Records

GAME = GameInfo(
    key="score_pad",
    title=N_("Score pad"),
    short=N_("Score pad"),
    min_players=1,
    max_players=8,
    rules="companion.games.score_pad.rules",
    screens="companion.games.score_pad.screens",
    actions={
        "score": NC_("action", "score"),
        "finish": NC_("action", "results"),
    },
    records=Records(shelf="shelf"),
)
