"""What the app draws over the top screen: a notice band that goes by itself, and a question.

Two kinds of message, so that a message never eats a key meant for the game:

* a **band** (:class:`Band`) says something purely informational ("Undone: turn",
  "Ann lost 2 to the cap") along the bottom edge and vanishes after
  :data:`BAND_SECONDS`; a key pressed meanwhile does what it always does;
* a **question** (:class:`Question`) waits for OK (yes) or BACK (no); any other key,
  a long BACK included, is ignored, so a burst of undos stops at it.

Messages that must be read (errors, warnings about saving) stay in the app's message
box until a key, and that key does nothing else.

>>> from companion.ui.paint import Painter
>>> p = Painter.blank()
>>> draw_band(p, "Undone: roll")
>>> p.texts
['Undone: roll']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.i18n import _
from companion.ui.fonts import needs_japanese
from companion.ui.paint import Painter
from companion.ui.widgets import wrap

#: How long a band stays on screen, in seconds.
BAND_SECONDS = 2.0
_CHARS = 20  # "text" cells across a question, inside its frame
_BAND_CELLS = 21  # a band has no frame: 21 cells of 6 px fill its 128


@dataclass(frozen=True)
class Band:
    """An informational line and the clock time it goes away."""

    text: str
    until: float
    whole: tuple[str, ...] = ()  # names the band's lines never break inside


@dataclass(frozen=True)
class Question:
    """A yes/no question; ``on_yes`` runs when OK answers it."""

    text: str
    on_yes: Callable[[], None]


def draw_band(p: Painter, text: str, whole: tuple[str, ...] = ()) -> None:
    """``text`` (three lines at most) as dark type on a lit bar along the bottom edge,
    never broken inside a name of ``whole``."""
    lines = wrap(text, _BAND_CELLS, whole)
    if len(lines) > 3:
        p.cut.append(text)
    lines = lines[:3]
    h = len(lines) * 12 + 2
    y0 = p.height - h
    p.rect((0, y0 - 5, p.width - 1, p.height - 1), fill=0, outline=None)  # no half-rows above
    p.rect((0, y0, p.width - 1, p.height - 1), fill=1, outline=None)
    for i, line in enumerate(lines):
        p.centred(y0 + 1 + i * 12, line, "text", fill=0)


def draw_question(p: Painter, text: str) -> None:
    """A framed question (three lines at most) with its keys underneath."""
    lines = wrap(text, _CHARS)
    if len(lines) > 3:
        p.cut.append(text)
    lines = lines[:3]
    keys = _("OK yes    BACK no")
    # 「はい」「いいえ」 in 12 px: in 8 px 「いいえ」 read 「いい元」 (issue 35)
    font = "text" if needs_japanese(keys) else "small"
    foot = 13 if font == "small" else 17
    h = len(lines) * 12 + foot
    y0 = max(0, (p.height - h) // 2)
    p.rect((0, y0, p.width - 1, y0 + h), fill=0, outline=1)
    p.rect((1, y0 + 1, p.width - 2, y0 + h - 1), fill=None, outline=1)
    for i, line in enumerate(lines):
        p.centred(y0 + 3 + i * 12, line, "text")
    p.centred(y0 + h - foot + 4, keys, font)
