"""The start menu: the game in play, the games set aside, History, Players, Settings, Keys,
Phone."""

from __future__ import annotations

from collections.abc import Callable

from companion.config import registry
from companion.core.i18n import N_, _
from companion.core.keys import Key
from companion.shell import unfinished
from companion.shell.game_picker import GamePicker
from companion.shell.history import HistoryScreen
from companion.shell.keys_help import KeysHelp
from companion.shell.phone import PhoneScreen
from companion.shell.players import PlayersScreen
from companion.shell.settings import SettingsScreen
from companion.ui.lists import ListScreen
from companion.ui.paint import Painter
from companion.ui.screen import BoxContext


class HomeScreen(ListScreen):
    """The start menu: continue or resume a game, start one, see history, key help."""

    ctx: BoxContext

    title = N_("Table Companion")

    def __init__(self, ctx: BoxContext) -> None:
        super().__init__(ctx)
        self._shown: list[str] | None = None

    def entries(self) -> list[tuple[str, Callable[[], None]]]:
        out: list[tuple[str, Callable[[], None]]] = []
        session = self.ctx.session
        if session is not None and not session.over:
            out.append((_entry(session.key), self.ctx.show_game))
        saved = self.ctx.store.unfinished()
        if saved is not None and (session is None or saved.id != session.game_id):
            out.append((_entry(saved.kind),
                        lambda: self.ctx.resume(saved.id)))
        out.append((_("New game"), lambda: unfinished.new_game(
            self.ctx, lambda: self.ctx.push(GamePicker(self.ctx)))))
        out.append((_("History"), lambda: self.ctx.push(HistoryScreen(self.ctx))))
        out.append((_("Players"), lambda: self.ctx.push(PlayersScreen(self.ctx))))
        out.append((_("Settings"), lambda: self.ctx.push(SettingsScreen(self.ctx))))
        out.append((_("Keys"), lambda: self.ctx.push(KeysHelp(self.ctx))))
        out.append((_("Phone"), lambda: self.ctx.push(PhoneScreen(self.ctx))))
        return out

    def items(self) -> list[str]:
        return [label for label, _ in self.entries()]

    def choose(self, index: int) -> None:
        self.entries()[index][1]()

    def key_back(self) -> None:
        """The start menu is the bottom of the stack."""

    def _catch_up(self) -> None:
        """Back to the first entry when the entries changed (a game began or ended).

        Done when a key arrives, not when a frame is drawn, so the cursor is the same
        whether or not the frames between two keys were drawn (a burst draws only once).
        """
        items = self.items()
        if self._shown is not None and items != self._shown:
            self.index = 0
        self._shown = items

    def on_key(self, key: Key) -> None:
        self._catch_up()
        super().on_key(key)
        self._shown = self.items()

    def render(self, p: Painter) -> None:
        if self._shown is not None and self.items() != self._shown:
            self.index = 0  # what the next key will find; the same with or without this frame
        super().render(p)


def _entry(key: str) -> str:
    """A game waiting to go on, named one way wherever it waits and in whatever language
    (issue 35: "Back to", "Play" and "Resume" were one thing; issue 44: "Resume" and "To"
    were still chosen by width): ``To Brikks``, 「脳みそクラッシュへ」. The short form is the
    one every built-in game's name fits on the menu's row in both languages ("Resume 4-Colour
    Stones" and 「脳みそクラッシュを続ける」 do not), and never the bare name, which reads like
    a new game.

    >>> _entry("brikks")
    'To Brikks'
    """
    return _("To {game}").format(game=registry.title(key, short=True))
