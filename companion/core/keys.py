"""Semantic keys: what screens receive instead of pins.

A :class:`Key` is a name (``UP``, ``DOWN``, ``LEFT``, ``RIGHT``, ``OK``, ``BACK``,
``ROLL``) and whether it was a long press. Holding ``BACK`` means *undo* everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

UP, DOWN, LEFT, RIGHT, OK, BACK, ROLL = "UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "ROLL"
NAMES = (UP, DOWN, LEFT, RIGHT, OK, BACK, ROLL)


@dataclass(frozen=True)
class Key:
    """One press of one button. ``Key("OK")`` is a short press, ``Key("BACK", long=True)``
    a long one."""

    name: str
    long: bool = False

    def __post_init__(self) -> None:
        if self.name not in NAMES:
            raise ValueError(f"unknown key {self.name!r}; keys are {', '.join(NAMES)}.")

    def __str__(self) -> str:
        return f"long {self.name}" if self.long else self.name


#: Put on the key queue to make the main loop stop.
QUIT = object()
