"""The game on the table: its session, and what screens do to it (play, undo, abandon).

Every confirmed action goes through :meth:`Table.play`, which returns only once the
action is in the log; a refusal or a failed write is said on screen in one sentence, in
the game's own words, and the game is as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.app.game_context import GameContext
from companion.app.overlays import Overlays
from companion.app.session import Changed, GameSession
from companion.app.stack import ScreenStack
from companion.config import registry
from companion.config.game_modules import Screens
from companion.core import i18n, seat_names
from companion.core.errors import RuleError, StorageError, Translatable
from companion.core.i18n import _
from companion.log.store import Store
from companion.ui.screen import Context


class Table:
    """The current game (``session``, None between games) and the log it is kept in.

    :param ctx: the app; a game's screens are built with :attr:`game_ctx`, the part of
        it a game may use.
    :param load_screens: ``load_screens(key)`` gives game ``key``'s screens (imported then).
    """

    def __init__(self, *, store: Store, stack: ScreenStack, overlays: Overlays, ctx: Context,
                 load_screens: Callable[[str], Screens]) -> None:
        self.store = store
        self.stack = stack
        self.overlays = overlays
        self.ctx = ctx
        #: What a game's screens get: the box through the Context protocol, no more.
        self.game_ctx = GameContext(ctx)
        self.load_screens = load_screens
        self.session: GameSession | None = None
        #: Which smart die gave which face, carried by the next action (``"read"``).
        self.dice_read: list[list[int] | None] | None = None

    def explain(self, err: Exception) -> str:
        """An error's sentence in the language in use: a rule's in its game's words."""
        if isinstance(err, Translatable):
            gettext = (i18n.translator(self.session.info.rules)[0]
                       if self.session is not None else _)
            return err.translated(gettext)
        return str(err)

    def show_game(self) -> None:
        """Show the current game's play screen above the start menu."""
        if self.session is None:
            return
        self.stack.home()
        self.stack.push(self.load_screens(self.session.key).play_screen(self.game_ctx))

    def play(self, action: dict[str, Any]) -> Any:
        """Apply ``action`` to the current game: it is in the log before this returns.

        Returns the new state, or None (with a message on screen) when the rules refuse
        the action or it could not be saved.
        """
        if self.session is None:
            raise RuntimeError("play() needs a game")
        if self.dice_read is not None:  # the faces came from smart dice: say which
            action = {**action, "read": self.dice_read}
            self.dice_read = None
        try:
            return self.session.apply(action)
        except RuleError as err:
            self.overlays.notice(self.explain(err))
        except StorageError as err:
            self.overlays.notice(_("Not saved, try again: {why}").format(why=self.explain(err)))
        return None

    def undo(self) -> bool:
        """Take back the current game's last action; says so on screen.

        An undo that would take back a game's first action or the start of a round asks
        first (and returns False); after a yes, the game's play screen shows the result.
        """
        if self.session is None:
            return False
        question = self.session.undo_question()
        if question is not None:
            self.overlays.ask(question, self._undo_confirmed)
            return False
        return self._undo()

    def _undo_confirmed(self) -> None:
        if self._undo():
            self.show_game()

    def _undo(self) -> bool:
        if self.session is None:
            return False
        try:
            dropped = self.session.undo()
        except StorageError as err:
            self.overlays.notice(_("Undo failed: {why}").format(why=self.explain(err)))
            return False
        except Changed:
            self.overlays.notice(_("This game was changed from the phone: it shows as the log "
                                   "has it now, and nothing was undone."))
            self.show_game()
            return False
        if dropped is None:
            self.overlays.inform(_("Nothing to undo."))
            return False
        named = registry.action_name(self.session.key, str(dropped.get("type")))
        who = self.session.player_of(dropped)
        if named is None:
            self.overlays.inform(_("Undone."))
        elif who is None:
            self.overlays.inform(_("Undone: {what}").format(what=named))
        else:
            called = self._called(who)
            self.overlays.inform(_("Undone: {who}'s {what}").format(who=called, what=named),
                                 whole=(called,))
        return True

    def _called(self, name: str) -> str:
        """``name`` as the table calls it: the given name where two players share the
        family name (一郎), a guest's seat name in the language in use."""
        players = [str(p) for p in (self.session.options.get("players") or [])
                   ] if self.session is not None else []
        return seat_names.shown(seat_names.calls(players).get(name, name))

    def abandon(self, game_id: int) -> bool:
        """Abandon an unfinished game for good: it leaves History > Unfinished."""
        try:
            self.store.abandon(game_id)
        except StorageError as err:
            self.overlays.notice(_("Not saved, try again: {why}").format(why=self.explain(err)))
            return False
        if self.session is not None and self.session.game_id == game_id:
            self.session = None
        return True
