"""High card: everyone draws a card, the highest card takes the round, most rounds win.

An example of a game package outside the companion. This declaration is all the box
reads to list it; the rules and screens are imported when someone opens the game. Its
words are in its own catalogue, ``locale/ja/LC_MESSAGES/messages.po``.
"""

from companion.api.declaration import N_, NC_, GameInfo, HouseRule

GAME = GameInfo(
    key="high_card",
    title=N_("High card"),
    short=N_("High card"),
    min_players=2,
    max_players=6,
    rules="companion_high_card.rules",
    screens="companion_high_card.screens",
    house_rules={
        "aces_high": HouseRule(True, N_("An ace is the highest card (false: the lowest)."),
                               (True, False)),
    },
    actions={"draw": NC_("action", "card drawn")},  # what "Undone: …" calls it
    dice=("high-card",),  # companion roll high-card: one card, from the rules' DICE
    api_version="1.0",  # the version of companion.api this game is written for
)
