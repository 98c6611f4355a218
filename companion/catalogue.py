"""The games the companion knows, in menu order, and where their code lives.

Every game of ``shared/rules/`` is listed. A game is *built* when its screens module
exists; the menu lists the others with "not built yet". Modules are imported only when
a game is opened, which keeps start-up fast.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class GameInfo:
    """One entry of the game menu."""

    key: str
    title: str
    short: str  # fits the menu line (≤ 16 characters)

    @property
    def rules(self) -> str:
        return f"companion.games.{self.key}"

    @property
    def screens(self) -> str:
        return f"companion.ui.{self.key}"


GAMES: dict[str, GameInfo] = {
    g.key: g
    for g in (
        GameInfo("dice_roller", "Dice roller", "Dice roller"),
        GameInfo("dice_test", "Test your dice", "Test your dice"),
        GameInfo("genial", "Genial Spezial", "Genial Spezial"),
        GameInfo("brikks", "Brikks", "Brikks"),
        GameInfo("brain_robbery", "The Great Brain Robbery", "Brain Robbery"),
        GameInfo("four_stones", "Four-Colour Stones", "4-Colour Stones"),
        GameInfo("brain_crush", "Brain Crush", "Brain Crush"),
        GameInfo("area_tiles", "Area Tiles", "Area Tiles"),
    )
}


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def is_built(key: str) -> bool:
    """True when both the rules and the screens of game ``key`` exist."""
    info = GAMES[key]
    return _exists(info.rules) and _exists(info.screens)


def rules_module(key: str) -> ModuleType | None:
    """The rules module of game ``key``, or None if it is not written yet."""
    info = GAMES[key]
    return importlib.import_module(info.rules) if _exists(info.rules) else None


def screens_module(key: str) -> ModuleType:
    """The screens module of game ``key`` (call only when :func:`is_built`)."""
    return importlib.import_module(GAMES[key].screens)
