"""Table Companion: dice, scores and rules for a games table, on a Raspberry Pi with an OLED."""

__version__ = "0.1.0"
