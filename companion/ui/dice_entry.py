"""Entering the result of real dice with the buttons ("physical dice welcome").

Wherever the box rolls, a player may throw their own dice instead and key the faces in:
LEFT/RIGHT pick a die, UP/DOWN set its face (held: ten faces on, for a d20 or a d100),
OK confirms, BACK cancels. The action the
caller builds from the faces should carry ``"entered": True`` so the log tells drawn and
entered rolls apart.

A smart die that lands while the entry is open fills the first die of its kind not yet
read (:meth:`DiceEntry.take`); the box then adds to the action the faces make which die
gave each (``"read"``: per die ``[pixel_id, face as printed on the die]``, None for a
die keyed in), which is each die's record.

>>> # DiceEntry(ctx, [range(1, 5), COLOURS], on_done=lambda faces: ..., labels=["d4", "colour"])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.i18n import N_, _
from companion.ui.fonts import needs_japanese, text_width
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen
from companion.ui.widgets import hint, title_bar


class DiceEntry(Screen):
    """Key in one face per die.

    :param dice: for each die, the faces it has in order (``range(1, 7)``, colour names).
    :param on_done: called with the chosen faces after OK (this screen is already closed).
    :param labels: a short name per die shown above it (``"d4"``, ``"colour"``).
    :param title: the title, marked with ``N_()`` and translated when drawn by
        ``gettext`` (a game passes its own catalogue's ``_``), as are the labels;
        faces are shown through ``gettext`` too, so colour faces may be marked ``N_()``.
    """

    def __init__(self, ctx: Context, dice: Sequence[Sequence[Any]],
                 on_done: Callable[[list[Any]], None], *, labels: Sequence[str] | None = None,
                 title: str = N_("Your dice"),
                 gettext: Callable[[str], str] = _) -> None:
        super().__init__(ctx)
        if not dice:
            raise ValueError("DiceEntry needs at least one die.")
        self.dice = [list(faces) for faces in dice]
        self.index = [0] * len(self.dice)
        self.cursor = 0
        self.on_done = on_done
        self.labels = list(labels) if labels else None
        self.title = title
        self.gettext = gettext
        #: Per die, the smart die that gave its face, ``(pixel_id, printed face)``
        #: (None: keyed in).
        self.read: list[tuple[int, int] | None] = [None] * len(self.dice)

    @property
    def values(self) -> list[Any]:
        return [faces[i] for faces, i in zip(self.dice, self.index, strict=True)]

    def key_left(self) -> None:
        self.cursor = (self.cursor - 1) % len(self.dice)

    def key_right(self) -> None:
        self.cursor = (self.cursor + 1) % len(self.dice)

    def _turn(self, by: int) -> None:
        self.index[self.cursor] = (self.index[self.cursor] + by) % len(self.dice[self.cursor])
        self.read[self.cursor] = None  # set by hand: keyed in

    def key_up(self) -> None:
        self._turn(1)

    def key_down(self) -> None:
        self._turn(-1)

    def key_long_up(self) -> None:
        self._turn(10)

    def key_long_down(self) -> None:
        self._turn(-10)

    def take(self, landed: Any, faces: Sequence[Any], pixel_id: int,
             printed: int | None = None) -> bool:
        """Smart die ``pixel_id``, whose faces are ``faces``, landed on ``landed`` (its
        number ``printed``, where the die stands for faces of the game's own): fill
        the first die (from the cursor on) with exactly those faces that no smart die has
        filled yet. False when there is none (the roll is not for this entry). A die
        set by hand afterwards is keyed in again.

        >>> class Ctx: pass
        >>> entry = DiceEntry(Ctx(), [range(1, 5), range(1, 7)], on_done=print)
        >>> entry.take(5, range(1, 7), 77), entry.values, entry.read
        (True, [1, 5], [None, (77, 5)])
        >>> entry.take(2, range(1, 7), 78)  # the d6 is read: nothing left for a d6
        False
        """
        faces = list(faces)
        n = len(self.dice)
        for step in range(n):
            i = (self.cursor + step) % n
            if self.read[i] is None and self.dice[i] == faces and landed in faces:
                self.index[i] = faces.index(landed)
                self.read[i] = (pixel_id, landed if printed is None else printed)
                rest = [j for j in range(n) if self.read[j] is None]
                if rest:
                    self.cursor = next((j for j in rest if j > i), rest[0])
                return True
        return False

    @property
    def all_read(self) -> bool:
        """True when every die's face came from a smart die."""
        return all(r is not None for r in self.read)

    def key_ok(self) -> None:
        values = self.values
        self.ctx.pop()
        if any(r is not None for r in self.read):  # the next action carries the ids
            self.ctx.note_dice_read([list(r) if r else None for r in self.read])
        self.on_done(values)

    key_roll = key_ok

    def _tr(self, text: str) -> str:
        """``text`` through the caller's catalogue ("" stays "": gettext("") is the header)."""
        return self.gettext(text) if text else text

    def render(self, p: Painter) -> None:
        title_bar(p, self._tr(self.title), f"{self.cursor + 1}/{len(self.dice)}")
        n = len(self.dice)
        slot = p.width // n
        ja = needs_japanese(_("^v face  <> die  OK done"))
        for i, value in enumerate(self.values):
            x0 = i * slot
            text = self._tr(value) if isinstance(value, str) else str(value)
            big = next((f for f in ("large", "medium") if text_width(text, f) <= slot - 2),
                       "text")
            label = (self._tr(self.labels[i]) if self.labels
                     else _("die {n}").format(n=i + 1))
            if ja:  # 12 px labels over the dice, and room below for the 12 px key help
                if not p.fits(label, "text", slot - 1):
                    label = f"#{i + 1}"
                p.centred(12, label, "text" if needs_japanese(label) else "small",
                          x0=x0, x1=x0 + slot)
                p.centred(25, text, big, x0=x0, x1=x0 + slot)
                if i == self.cursor:
                    p.rect((x0 + 1, 24, x0 + slot - 2, 50), outline=1)
                self._mark_read(p, i, x0 + slot)
                continue
            if not p.fits(label, "small", slot - 1):  # six dice leave 21 px a die
                label = f"#{i + 1}"
            p.centred(14, label, "small", x0=x0, x1=x0 + slot)
            p.centred(24, text, big, x0=x0, x1=x0 + slot)
            if i == self.cursor:
                p.rect((x0 + 1, 22, x0 + slot - 2, 51), outline=1)
            self._mark_read(p, i, x0 + slot)
        hint(p, _("^v face  <> die  OK done"))

    def _mark_read(self, p: Painter, i: int, right: int) -> None:
        """A small solid square in a die's top corner: its face came from a smart die."""
        if self.read[i] is not None:
            p.rect((right - 7, 26, right - 5, 28), fill=1, outline=1)
