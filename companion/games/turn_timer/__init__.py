"""The turn timer: a chess clock for 2–8 players, counting up or down from a budget.

The package holds the pure rules (``rules.py``: clocks computed from the timestamps in
the logged actions) and the screens (``screens.py``); this declaration is its only way in.
"""

from companion.api.declaration import N_, NC_, GameInfo

GAME = GameInfo(
    key="turn_timer",
    title=N_("Turn timer"),
    short=N_("Turn timer"),
    min_players=2,
    max_players=8,
    rules="companion.games.turn_timer.rules",
    screens="companion.games.turn_timer.screens",
    actions={
        "start": NC_("action", "start"),
        "pass": NC_("action", "turn passed"),
        "pause": NC_("action", "pause"),
        "resume": NC_("action", "resume"),
        "finish": NC_("action", "stop"),
    },
    tool=True,
)
