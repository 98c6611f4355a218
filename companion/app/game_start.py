"""Putting a game on the table: a new one (its setup, then its start) or a saved one.

Whatever a game's package or a saved row holds, the box keeps running: a game that
cannot be opened or reopened says so in one sentence and the start menu stays usable
(a saved game stays in History > Unfinished).
"""

from __future__ import annotations

import sys
from typing import Any

from companion.app.session import GameSession
from companion.app.table import Table
from companion.config import registry
from companion.core import i18n
from companion.core.errors import RuleError, StorageError
from companion.core.i18n import _


class GameStart:
    """Starts and reopens games on ``table`` (whose screens, log and overlays it uses)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def open_setup(self, key: str) -> None:
        """Let game ``key``'s screens set up a new game (they push a setup screen, or
        call :meth:`start_game` at once); a game that cannot be opened says why."""
        notice = self.table.overlays.notice
        try:
            screens = self.table.load_screens(key)
        except RuleError as err:
            notice(self.table.explain(err))
            return
        except Exception as err:  # a plugin's screens may fail to import in any way
            notice(_("{game} cannot be opened: {why}").format(game=registry.title(key),
                                                              why=err))
            return
        screens.new_game(self.table.game_ctx)

    def start_game(self, key: str, options: dict[str, Any]) -> None:
        """Start a new game of ``key`` and show its play screen."""
        table = self.table
        try:
            session = GameSession.start(table.store, key, options)
        except RuleError as err:  # the options refused: in that game's words
            info = registry.find(key)
            table.overlays.notice(err.translated(i18n.translator(info.rules)[0]) if info
                                  else str(err))
            return
        except StorageError as err:
            table.overlays.notice(_("Cannot save games: {why}").format(why=table.explain(err)))
            return
        if table.session is not None and not table.session.over:
            table.overlays.inform(_("{game} set aside: History > Unfinished").format(
                game=registry.title(table.session.key, short=True)))
        table.session = session
        table.show_game()

    def reopen_unfinished(self) -> None:
        """At start-up: reopen the game that was being played, if any, saying that only
        what had OK is kept (a half-entered turn is gone after a power cut)."""
        saved = self.table.store.unfinished()
        if saved is not None and registry.find(saved.kind) is not None:
            self.resume(saved.id, quiet=True)
            session = self.table.session
            if session is not None and session.game_id == saved.id:
                # after a power cut the table must know a half-entered turn is gone
                self.table.overlays.inform(_("Resumed {game}: only what had OK is kept.").format(
                    game=registry.title(saved.kind, short=True)))

    def resume(self, game_id: int, quiet: bool = False) -> None:
        """Reopen a saved game by replaying its log and show its play screen.

        A game that will not reopen (a damaged row, a plugin whose screens no longer
        import) says so in one sentence and stays in History > Unfinished: the box boots
        to its start menu whatever a saved game holds.
        """
        table = self.table
        before = table.session
        try:
            table.session = GameSession.resume(table.store, game_id)
            table.show_game()
        except RuleError as err:
            table.session = before
            table.overlays.notice(table.explain(err))
            return
        except Exception as err:  # the resume boundary: no saved game may stop the box
            table.session = before
            self._not_reopened(game_id, err)
            return
        if not quiet:
            table.overlays.inform(_("Resumed {game}.").format(
                game=registry.title(table.session.key, short=True)))

    def _not_reopened(self, game_id: int, err: Exception) -> None:
        """Say on screen that a saved game cannot be reopened; the detail to the journal."""
        why = f"{type(err).__name__}: {err}".replace("\n", " ")
        print("companion: " + _("cannot reopen saved game {id}: {why}").format(
            id=game_id, why=why), file=sys.stderr, flush=True)
        try:
            # the unfinished list reads past damaged settings, which store.game() refuses
            record = next((g for g in self.table.store.unfinished_games() if g.id == game_id),
                          None)
        except Exception:  # the row that failed may fail again here
            record = None
        game = registry.title(record.kind, short=True) if record else _("The game")
        self.table.stack.home()
        self.table.overlays.notice(
            _("{game} cannot be reopened; it stays in History > Unfinished.").format(game=game))
