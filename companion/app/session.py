"""A game being played: its rules module, its log in the store, its current state.

The state is always the replay of the logged actions. :meth:`GameSession.apply` checks
an action against the rules, writes it to the log, and only then makes it current — so
whatever the screen acknowledges is already on disk.

>>> from companion.log.store import Store
>>> store = Store.open(":memory:")
>>> game = GameSession.start(store, "dice_roller", {"players": ["Table"], "count": 1})
>>> game.apply({"type": "roll", "dice": [6]}).last
(6,)
>>> game.undo()
{'dice': [6], 'type': 'roll'}
>>> game.state.last is None
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.config import registry
from companion.config.registry import find
from companion.core.errors import RuleError, StorageError
from companion.core.i18n import _
from companion.log.store import Store


def as_logged(value: Mapping[str, Any]) -> dict[str, Any]:
    """``value`` as the log will give it back (JSON): the rules see an action or the
    options at the table exactly as they will on a resume, so a tuple is a list both
    times and never decides differently after a restart. :class:`TypeError` for a value
    the log cannot keep.

    >>> as_logged({"type": "roll", "dice": (3, 5)})
    {'type': 'roll', 'dice': [3, 5]}
    """
    return json.loads(json.dumps(value))


class Changed(Exception):
    """The game changed in the log from elsewhere (the phone): the session has read it
    again and took nothing back."""


class GameSession:
    """The current game: ``state``, ``apply(action)``, ``undo()``."""

    def __init__(self, store: Store, game_id: int, key: str, options: Mapping[str, Any],
                 actions: list[dict[str, Any]], state: Any) -> None:
        self.store = store
        self.game_id = game_id
        self.key = key
        info = find(key)
        if info is None:
            raise RuleError(f"{key} is not installed.")
        self.info = info
        self.options = dict(options)
        self.actions = actions
        self.state = state
        self.rules = registry.rules(key)

    @classmethod
    def start(cls, store: Store, key: str, options: Mapping[str, Any]) -> GameSession:
        """Check ``options`` against the rules, log a new game and return it."""
        rules = registry.rules(key)  # RuleError when the game is not installed
        options = as_logged(options)
        state = rules.new_game(options)  # raises RuleError before anything is logged
        game_id = store.new_game(key, dict(options))
        return cls(store, game_id, key, options, [], state)

    @classmethod
    def resume(cls, store: Store, game_id: int) -> GameSession:
        """Rebuild a logged game by replaying its actions.

        An action the rules no longer accept ends the replay there; the rest stay in the
        log untouched and :class:`RuleError` says where it stopped.
        """
        record = store.game(game_id)
        if record is None:
            raise RuleError(f"there is no saved game {game_id}.")
        rules = registry.rules(record.kind)  # RuleError when the game is not installed
        state = rules.new_game(record.options)
        actions = store.actions(game_id)
        for n, action in enumerate(actions):
            try:
                state = rules.step(state, action)
            except RuleError as err:
                raise RuleError(f"saved game {game_id} stops replaying at action {n + 1}: "
                                f"{err}") from err
        session = cls(store, game_id, record.kind, record.options, actions, state)
        if record.finished is None:
            try:
                store.resumed(game_id)  # its time set aside ends: it counts as played again
            except StorageError:
                pass  # a log that cannot be written: the play time counts the pause, no more
        if record.finished is None and session.over:
            session.mark_finished()  # it ended, but saving the result failed last time
        return session

    @property
    def over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def apply(self, action: dict[str, Any]) -> Any:
        """Play ``action``: check it, log it, make it current; returns the new state.

        Raises :class:`RuleError` (nothing logged) when the rules refuse it, or when
        the game names its actions (``GameInfo.actions``) and this is not one of them.
        """
        action = as_logged(action)
        kind = action.get("type")
        if self.info.actions and kind not in self.info.actions:
            raise RuleError("{game} has no action {kind!r}; it has {known}.", game=self.key,
                            kind=kind, known=", ".join(self.info.actions))
        new_state = self.rules.step(self.state, action)
        self.store.append(self.game_id, action)
        self.actions.append(action)
        self.state = new_state
        if self.rules.is_over(new_state):
            self.mark_finished()
        return new_state

    def mark_finished(self) -> None:
        """Record the result of a game that is over.

        The last action is already saved, so a failure here loses nothing: the result
        is recorded again the next time the game is opened.
        """
        try:
            self.store.finish(self.game_id, self.rules.result(self.state).to_json())
        except StorageError:
            pass

    def undo(self) -> dict[str, Any] | None:
        """Take back the last action; returns it, or None when there is nothing to undo.

        :class:`Changed` (nothing taken back, the game read again from the log) when the
        log no longer holds what this session was told: the phone reopened the game, and
        took its end back, while the box still showed it."""
        if not self.actions:
            return None
        if self.store.action_count(self.game_id) != len(self.actions):
            self.actions = self.store.actions(self.game_id)
            self.state = self.rules.replay(self.options, self.actions)
            raise Changed()
        dropped = self.store.drop_last(self.game_id, reopen=self.over)
        self.actions.pop()
        self.state = self.rules.replay(self.options, self.actions)
        return dropped

    def player_of(self, action: dict[str, Any]) -> str | None:
        """Whose ``action`` was, asked of the rules' optional ``player_of(state, action)``
        with the state before it (after an undo: the state now); None when the game does
        not say, or says nothing sensible (a plugin's bug costs only the name)."""
        player_of = self.rules.player_of
        if player_of is None:
            return None
        try:
            who = player_of(self.state, action)
        except Exception:  # a plugin's mistake must not turn a done undo into a crash
            return None
        return who if isinstance(who, str) and who else None

    def undo_question(self) -> str | None:
        """The question to ask before undoing the last action, if it is more than a move:
        the game's first action, or one that began a round (``round_of`` in the rules).

        >>> from companion.log.store import Store
        >>> game = GameSession.start(Store.open(":memory:"), "dice_roller", {"players": ["T"]})
        >>> _ = game.apply({"type": "roll", "dice": [1, 2]})
        >>> game.undo_question()
        "Undo the game's first action?"
        """
        if not self.actions:
            return None
        if len(self.actions) == 1:
            return _("Undo the game's first action?")
        round_of = self.rules.round_of
        if round_of is None:
            return None
        before = round_of(self.rules.replay(self.options, self.actions[:-1]))
        if before != round_of(self.state):
            return _("Undo back into round {n}?").format(n=before)
        return None

    def end_action(self) -> dict[str, Any] | None:
        """The action that ends this game now with a result, if the game allows that."""
        end = self.rules.end_action
        return None if end is None or self.over else end(self.state)

    def abandon(self) -> None:
        """Set this game aside (it will not be offered for resume)."""
        self.store.abandon(self.game_id)
