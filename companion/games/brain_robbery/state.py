"""The Great Brain Robbery: the whole game between two actions, as plain frozen data.

Shared by :mod:`.rules` and :mod:`.entries`, so neither has to import the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.brain_robbery.data import (
    CABOOSE,
    SETUP,
    Car,
    Decoupling,
    Fight,
    Move,
    Player,
    seat,
)
from companion.games.brain_robbery.house_rules import BOARDS  # one number, kept there


@dataclass(frozen=True)
class State:
    """The whole game. ``train`` runs rear to front; ``pile`` and ``out`` hold board numbers."""

    players: tuple[Player, ...]
    long_game: bool = False
    track_xp: bool = True
    board_names: tuple[str, ...] = ()
    phase: str = SETUP
    current: int = 0
    turn: int = 0
    train: tuple[Car, ...] = (Car(CABOOSE, "A"),)
    pile: tuple[int, ...] = tuple(range(2, BOARDS + 1))
    out: tuple[int, ...] = ()
    move: Move | None = None
    fight: Fight | None = None
    event: Decoupling | None = None
    took_space: bool = False
    iqs: tuple[int, ...] = ()
    end_reason: str = ""

    @property
    def mover(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    @property
    def round(self) -> int:
        """The round number, 1 for the first player's first turn (0 before setup)."""
        return (self.turn + len(self.players) - 1) // len(self.players)

    @property
    def engine(self) -> bool:
        """Whether the Engine is coupled (then it is the front car and no car is added)."""
        return self.train[-1].engine

    @property
    def moving(self) -> Move:
        """The move of this turn, from the mover's roll to the end of the turn (the phases
        whose actions and screens need it; ``move`` is None only before the roll)."""
        assert self.move is not None, f"no move in the {self.phase} phase"
        return self.move

    @property
    def fighting(self) -> Fight:
        """The fight of this turn, from its start to the end of the turn."""
        assert self.fight is not None, f"no fight in the {self.phase} phase"
        return self.fight

    def player(self, name: str) -> Player:
        """The player called ``name``; raises :class:`RuleError` for an unknown name."""
        return self.players[seat(self, name)]
