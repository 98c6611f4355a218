"""What a game's screens module needs: the screen, the painter, the shared screens and
widgets, fonts, keys and words (see :mod:`companion.api` for the whole map).

A screen subclasses :class:`Screen`, draws in ``render(p)`` with a :class:`Painter` and
changes the game only through ``ctx.play(action)``::

    from companion.api.screens import Painter, Screen, game_title, hint, title_bar

    class TableScreen(Screen):
        def key_ok(self) -> None:
            self.ctx.play({"type": "draw", "card": self.ctx.dice.pick(DECK)})

        def render(self, p: Painter) -> None:
            title_bar(p, game_title("high_card", short=True))
            hint(p, "OK draw")
"""

from companion.config.file import from_mapping
from companion.config.registry import title as game_title
from companion.config.shelf import shelf_games
from companion.core import seat_names
from companion.core.i18n import N_, NC_, number, package_translator, translator
from companion.core.keys import Key
from companion.core.ranking import numbered
from companion.core.seat_names import table_names
from companion.ui.confirm import Confirm
from companion.ui.dice_entry import DiceEntry
from companion.ui.fonts import CELLS, fitted, needs_japanese, text_width
from companion.ui.linebreak import wrap
from companion.ui.lists import ListScreen
from companion.ui.name_entry import NameEntry
from companion.ui.paint import HEIGHT, WIDTH, Painter
from companion.ui.playing import playing
from companion.ui.scenes import open_game, press
from companion.ui.screen import Context, PagedScreen, Screen
from companion.ui.setup import NEW_PLAYER, Choice, SetupScreen
from companion.ui.tumble import FRAMES, INTERVAL, Tumble
from companion.ui.widgets import (
    PIPS,
    TITLE_H,
    bar_chart,
    dice_row,
    die_face,
    fitting,
    grid_text,
    hint,
    menu_list,
    message_box,
    page_list,
    title_bar,
    winner_page,
    wrap_px,
)

__all__ = [
    "Screen", "PagedScreen", "Context", "Painter", "WIDTH", "HEIGHT", "Key",
    "SetupScreen", "Choice", "NEW_PLAYER", "Confirm", "ListScreen", "NameEntry", "DiceEntry",
    "Tumble", "TITLE_H", "title_bar", "hint", "menu_list", "page_list", "grid_text",
    "message_box", "winner_page", "die_face", "dice_row", "bar_chart", "fitting", "wrap_px",
    "CELLS", "text_width", "fitted", "needs_japanese", "translator", "N_", "NC_", "number",
    "game_title", "open_game", "press", "playing", "package_translator", "seat_names",
    "table_names", "numbered", "PIPS", "wrap", "FRAMES", "INTERVAL", "from_mapping", "shelf_games",
]
