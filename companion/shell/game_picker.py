"""The game picker: every installed game that is not hidden, in the configured order."""

from __future__ import annotations

from companion.config import registry
from companion.core.i18n import N_, _
from companion.ui.lists import ListScreen
from companion.ui.screen import BoxContext


class GamePicker(ListScreen):
    """Every installed game, in the config's order; one that failed to load says why."""

    ctx: BoxContext

    title = N_("New game")

    def games(self) -> list[registry.Entry]:
        chosen = self.ctx.config.games
        return registry.menu(chosen.get("order", ()), chosen.get("hide", ()))

    def keys(self) -> list[str]:
        return [g.key for g in self.games()]

    def items(self) -> list[str]:
        return [registry.title(g.key, short=True) if isinstance(g, registry.GameInfo)
                else _("{game} (broken)").format(game=g.short[:9]) for g in self.games()]

    def choose(self, index: int) -> None:
        game = self.games()[index]
        if isinstance(game, registry.Unavailable):
            self.ctx.notice(_("{game} does not load; companion doctor says why.").format(
                game=game.key))
            return
        self.ctx.open_setup(game.key)
