"""Entering the result of real dice with the buttons ("physical dice welcome").

Wherever the box rolls, a player may throw their own dice instead and key the faces in:
LEFT/RIGHT pick a die, UP/DOWN set its face (held: ten faces on, for a d20 or a d100),
OK confirms, BACK cancels. The action the
caller builds from the faces should carry ``"entered": True`` so the log tells drawn and
entered rolls apart.

>>> # DiceEntry(ctx, [range(1, 5), COLOUR_DIE], on_done=lambda faces: ..., labels=["d4", "colour"])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.ui.paint import WIDTH, Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar


class DiceEntry(Screen):
    """Key in one face per die.

    :param dice: for each die, the faces it has in order (``range(1, 7)``, colour names).
    :param on_done: called with the chosen faces after OK (this screen is already closed).
    :param labels: a short name per die shown above it (``"d4"``, ``"colour"``).
    """

    def __init__(self, ctx: Context, dice: Sequence[Sequence[Any]],
                 on_done: Callable[[list[Any]], None], *, labels: Sequence[str] | None = None,
                 title: str = "Your dice") -> None:
        super().__init__(ctx)
        if not dice:
            raise ValueError("DiceEntry needs at least one die.")
        self.dice = [list(faces) for faces in dice]
        self.index = [0] * len(self.dice)
        self.cursor = 0
        self.on_done = on_done
        self.labels = list(labels) if labels else [f"die {i + 1}" for i in range(len(dice))]
        self.title = title

    @property
    def values(self) -> list[Any]:
        return [faces[i] for faces, i in zip(self.dice, self.index, strict=True)]

    def key_left(self) -> None:
        self.cursor = (self.cursor - 1) % len(self.dice)

    def key_right(self) -> None:
        self.cursor = (self.cursor + 1) % len(self.dice)

    def key_up(self) -> None:
        self.index[self.cursor] = (self.index[self.cursor] + 1) % len(self.dice[self.cursor])

    def key_down(self) -> None:
        self.index[self.cursor] = (self.index[self.cursor] - 1) % len(self.dice[self.cursor])

    def key_long_up(self) -> None:
        self.index[self.cursor] = (self.index[self.cursor] + 10) % len(self.dice[self.cursor])

    def key_long_down(self) -> None:
        self.index[self.cursor] = (self.index[self.cursor] - 10) % len(self.dice[self.cursor])

    def key_ok(self) -> None:
        values = self.values
        self.ctx.pop()
        self.on_done(values)

    key_roll = key_ok

    def render(self, p: Painter) -> None:
        title_bar(p, self.title, f"{self.cursor + 1}/{len(self.dice)}")
        n = len(self.dice)
        slot = WIDTH // n
        for i, value in enumerate(self.values):
            x0 = i * slot
            text = str(value)
            big = "large" if len(text) * 12 <= slot - 2 else "medium" if len(text) * 8 <= slot - 2 \
                else "text"
            p.centred(14, self.labels[i][: slot // 5], "small", x0=x0, x1=x0 + slot)
            p.centred(24, text, big, x0=x0, x1=x0 + slot)
            if i == self.cursor:
                p.rect((x0 + 1, 22, x0 + slot - 2, 51), outline=1)
        hint(p, "^v face  <> die  OK done")
