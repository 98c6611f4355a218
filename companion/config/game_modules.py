"""What a game provides, in one typed description: :class:`Rules` for its rules module,
:class:`Screens` for its screens module (as boardgame.io's ``Game`` and datasette's hook
specifications are). Game makers import them as :mod:`companion.api.game`; they live here,
beside the declaration (:class:`~companion.config.registry.GameInfo`), because the
registry reads a game's modules through them.

Every function or name a game may provide is a field below, documented once, here. The
box reads a game's modules through :meth:`Rules.of` and :meth:`Screens.of` and never looks
a name up by itself; docs/writing-a-game.md's list of hooks is :func:`reference`'s output
(``python -m companion.api.game`` prints it; a test keeps the two the same).

>>> from types import SimpleNamespace
>>> module = SimpleNamespace(new_game=lambda options: 0, step=lambda state, action: state + 1,
...                          is_over=lambda state: state >= 3, result=lambda state: None)
>>> rules = Rules.of(module)
>>> rules.replay({}, [{"type": "tick"}] * 2), rules.round_of is None
(2, True)
>>> Rules.missing(SimpleNamespace(step=len))
['new_game', 'is_over', 'result']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any

from companion.core.dicesets import GameDice

__all__ = ["Rules", "Screens", "reference"]


def _hook(signature: str, doc: str, *, required: bool = False, default: Any = None) -> Any:
    """A field of :class:`Rules` or :class:`Screens`: how a game writes it, and what it is."""
    meta = {"signature": signature, "doc": " ".join(doc.split()), "required": required}
    if required:
        return field(metadata=meta)
    if isinstance(default, dict):
        return field(default_factory=dict, metadata=meta)
    return field(default=default, metadata=meta)


class _Described:
    """What :class:`Rules` and :class:`Screens` share: reading a module, finding gaps."""

    @classmethod
    def missing(cls, module: Any) -> list[str]:
        """The required functions ``module`` lacks, in the order they are documented."""
        return [f.name for f in fields(cls)  # type: ignore[arg-type]
                if f.metadata.get("required") and not callable(getattr(module, f.name, None))]

    @classmethod
    def _read(cls, module: Any) -> dict[str, Any]:
        gaps = cls.missing(module)
        if gaps:
            raise LookupError(f"{getattr(module, '__name__', module)} has no {gaps[0]}()")
        return {f.name: getattr(module, f.name) for f in fields(cls)  # type: ignore[arg-type]
                if hasattr(module, f.name)}


@dataclass(frozen=True)
class Rules(_Described):
    """A game's rules module as the box uses it: pure functions over frozen states."""

    new_game: Callable[[Mapping[str, Any]], Any] = _hook(
        "new_game(options) -> State", """``options`` is a JSON-able mapping:
        ``{"players": ["Ann", "Bob"], "house_rules": {...}, ...}`` and the game's own keys.
        Raises ``RuleError`` for options the game does not allow.""", required=True)
    step: Callable[[Any, Mapping[str, Any]], Any] = _hook(
        "step(state, action) -> State", """``action`` is a JSON-able dict with a ``"type"``
        (``{"type": "roll", "dice": [3, 5]}``); every type is named in the declaration's
        ``actions``. Returns a new state, never mutates; raises ``RuleError`` with a
        sentence a player understands when the action is not allowed.""", required=True)
    is_over: Callable[[Any], bool] = _hook(
        "is_over(state) -> bool", "True once the game has ended.", required=True)
    result: Callable[[Any], Any] = _hook(
        "result(state) -> Result", """Places, scores and the winners' sentence; History and
        the exports keep it when the game ends, the phone page asks for it during play (a
        game whose result needs its end may raise then).""", required=True)
    round_of: Callable[[Any], int] | None = _hook(
        "round_of(state) -> int", """The round being played (1 for the first). Holding BACK
        asks once before an undo takes a round back.""")
    player_of: Callable[[Any, Mapping[str, Any]], str | None] | None = _hook(
        "player_of(state, action) -> str | None", """Whose ``action`` is, from the state
        before it: the undo band names them ("Undone: Ann's turn"). None for an action
        that is nobody's (the end of a round).""")
    end_action: Callable[[Any], dict[str, Any] | None] | None = _hook(
        "end_action(state) -> dict | None", """The action that ends the game now and
        records a result, or None while the game cannot end without more from the table.
        *New game* offers "end it and record the result" only when this gives one.""")
    current_player: Callable[[Any], str] | None = _hook(
        "current_player(state) -> str", """Whose turn it is; the phone page's Tonight marks
        them. May raise between turns (nobody's turn then).""")
    figures: Callable[[Any], Mapping[str, Any]] | None = _hook(
        "figures(state) -> dict[str, tuple[tuple[str, Any], ...]]", """Each player's
        figures so far, as (label, value) pairs, shown beside the scores on the phone
        page during play.""")
    DICE: Mapping[str, GameDice] = _hook(
        "DICE: dict[str, GameDice]", """The game's own dice, by the names its declaration
        lists in ``dice``: ``companion roll <name>`` rolls them.""", default={})

    @classmethod
    def of(cls, module: Any) -> Rules:
        """``module``'s functions; :class:`LookupError` naming a required one it lacks."""
        return cls(**cls._read(module))

    def replay(self, options: Mapping[str, Any], actions: Iterable[Mapping[str, Any]]) -> Any:
        """The state after ``actions``: the fold of :attr:`step` over :attr:`new_game`, as
        the box resumes a game and the phone page reads one."""
        state = self.new_game(options)
        for action in actions:
            state = self.step(state, action)
        return state


@dataclass(frozen=True)
class Screens(_Described):
    """A game's screens module as the box uses it."""

    new_game: Callable[[Any], None] = _hook(
        "new_game(ctx) -> None", """Set up a new game: push a setup screen (``SetupScreen``
        or the game's own), or call ``ctx.start_game(key, options)`` at once.""",
        required=True)
    play_screen: Callable[[Any], Any] = _hook(
        "play_screen(ctx) -> Screen", """The screen of the game being played (``playing(ctx)``
        gives its state), when it starts or is resumed.""", required=True)
    SCREENSHOTS: Mapping[str, Callable[..., Any]] = _hook(
        "SCREENSHOTS: dict[str, scene]", """Named scenes for ``make screenshots`` and the
        docs' pictures: each drives a box from the start menu (``open_game``, ``press``).""",
        default={})

    @classmethod
    def of(cls, module: Any) -> Screens:
        """``module``'s functions; :class:`LookupError` naming a required one it lacks."""
        return cls(**cls._read(module))


def reference() -> str:
    """Every hook a game may provide, as docs/writing-a-game.md lists them (Markdown)."""
    out: list[str] = []
    for kind, where in ((Rules, "rules"), (Screens, "screens")):
        out.append(f"In the {where} module (`companion.api.game.{kind.__name__}`):\n")
        for f in fields(kind):
            out.append(_entry(f))
        out.append("")
    return "\n".join(out)


def _entry(f: Field[Any]) -> str:
    need = "required" if f.metadata["required"] else "optional"
    return f"- `{f.metadata['signature']}` ({need}): {f.metadata['doc']}"


