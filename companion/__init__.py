"""Table Companion: dice, scores and rules for a games table, on a Raspberry Pi with an OLED.

The package is laid out by what each part does (``docs/architecture.md``); a game package
uses :mod:`companion.api` alone.
"""

__version__ = "0.1.0"
