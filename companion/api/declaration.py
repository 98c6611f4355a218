"""What a game package's ``__init__.py`` needs to declare itself (see :mod:`companion.api`).

>>> from companion.api.declaration import GameInfo, N_
>>> GAME = GameInfo(key="high_card", title=N_("High card"), short=N_("High card"),
...                 min_players=2, max_players=6, rules="my_game.rules",
...                 screens="my_game.screens")
>>> GAME.api_version
'1.0'
"""

from companion.api.rules import HouseRule
from companion.config.registry import API_VERSION, GameInfo, Records
from companion.core.i18n import N_, NC_

__all__ = ["API_VERSION", "GameInfo", "HouseRule", "N_", "NC_", "Records"]
