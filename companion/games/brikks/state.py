"""Brikks: what a game holds between actions (rolls, the trackers the box keeps, the
final entries). Plain frozen data, shared by :mod:`.rules` and :mod:`.scoring`.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.brikks import data as D


@dataclass(frozen=True)
class Roll:
    """One throw of both dice: ``number`` picks the column, ``colour`` the row."""

    turn: int
    round: int
    player: int
    number: int
    colour: str
    reroll: bool = False
    entered: bool = False


@dataclass(frozen=True)
class Tracker:
    """What the box keeps for one player (only meaningful if ``used``).

    ``bar`` counts the energy-bar circles already taken (available, spent or crossed);
    ``chip`` is the player's own block this turn after a turn or a swap.
    """

    energy: int
    bar: int
    bonus_marks: int = 0
    bombs_left: int = D.BOMBS
    out: bool = False
    used: bool = False
    bomb_turn: int = 0
    chip: tuple[str, int] | None = None
    chip_turn: int = 0


@dataclass(frozen=True)
class Entry:
    """The numbers a player read off their sheet at the end."""

    rows: tuple[int, ...]
    bonus_marks: int = 0
    bombs_left: int = 0
    energy_left: int = 0


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    levels: tuple[int, ...]
    duel: bool
    pick_order: str
    trackers: tuple[Tracker, ...]
    start_blocks: tuple[str | None, ...]
    phase: str = "start"
    turn: int = 0
    round: int = 1
    turn_no: int = 1
    rolls: tuple[Roll, ...] = ()
    acted: bool = False
    entries: tuple[Entry | None, ...] = ()
    survivor: int | None = None

    @property
    def active(self) -> str:
        """The name of the player whose turn it is."""
        return self.players[self.turn]

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def rolled(self) -> bool:
        """Whether the player whose turn it is has rolled yet."""
        return bool(self.rolls) and self.rolls[-1].turn == self.turn_no
