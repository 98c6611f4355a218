"""What the box says over the top screen: a message box, a band that goes by itself, a
yes/no question (drawn by :mod:`companion.ui.overlay` and :func:`message_box`).

At most one message and one question wait at a time; the loop gives a key to the
question first, then to the message (which it closes and nothing else), and only then
to the screen::

    >>> overlays = Overlays(clock=lambda: 0.0)
    >>> overlays.inform("Undone: roll")
    >>> overlays.band.until
    2.0
    >>> overlays.ask("Abandon the game?", lambda: None)
    >>> overlays.covers
    True
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.keys import Key
from companion.ui.overlay import BAND_SECONDS, Band, Question, draw_band, draw_question
from companion.ui.paint import Painter
from companion.ui.widgets import message_box

#: The side in pixels of the mark every frame carries while the box saves nothing.
UNSAVED_SIZE = 9


class Overlays:
    """The message, band and question over the screens; ``clock`` times the band."""

    def __init__(self, clock: Callable[[], float], message: str | None = None) -> None:
        self.clock = clock
        #: Shown in a box until the next key (errors, warnings about saving).
        self.message = message
        #: An informational line that goes by itself (see companion.ui.overlay).
        self.band: Band | None = None
        #: A yes/no question over the screen; only OK or BACK answer it.
        self.question: Question | None = None

    def notice(self, message: str) -> None:
        """Show ``message`` in a box until the next key, which does nothing else: for
        what must be read (errors, warnings about saving)."""
        self.message = message

    def inform(self, message: str, whole: tuple[str, ...] = ()) -> None:
        """Show ``message`` in a band for about two seconds; keys keep working meanwhile.
        Its lines never break inside a name of ``whole`` (a player's, 「佐藤 健太」)."""
        self.band = Band(message, self.clock() + BAND_SECONDS, whole)

    def ask(self, question: str, on_yes: Callable[[], None]) -> None:
        """Ask ``question``: OK runs ``on_yes``, BACK does nothing; other keys are ignored."""
        self.question = Question(question, on_yes)

    def answer(self, key: Key) -> Callable[[], None] | None:
        """Let ``key`` answer the question: what to run on a yes (OK), else None. Any key
        but OK or BACK leaves the question up (a burst of undos stops here)."""
        if key.long or key.name not in ("OK", "BACK"):
            return None
        question, self.question = self.question, None
        return question.on_yes if key.name == "OK" and question is not None else None

    def band_over(self) -> bool:
        """Take the band away once its time is up; True if it went."""
        if self.band is not None and self.clock() >= self.band.until:
            self.band = None
            return True
        return False

    def band_in(self) -> float | None:
        """Seconds until the band goes (the loop wakes then), or None: no band."""
        return None if self.band is None else max(0.0, self.band.until - self.clock())

    @property
    def covers(self) -> bool:
        """True while a question or a message hides the screen's focus."""
        return self.question is not None or bool(self.message)

    def draw_unsaved(self, p: Painter) -> None:
        """The mark of a box that saves nothing, on every frame while it cannot (the first
        frame said why): a lit square crossed out in the top right corner."""
        x1 = p.width - 1
        x0 = x1 - UNSAVED_SIZE + 1
        p.rect((x0 - 1, 0, x1, UNSAVED_SIZE), fill=0, outline=0)  # a dark edge around it
        p.rect((x0, 0, x1, UNSAVED_SIZE - 1), fill=1, outline=1)
        p.line((x0 + 2, 2, x1 - 2, UNSAVED_SIZE - 3), fill=0)
        p.line((x0 + 2, UNSAVED_SIZE - 3, x1 - 2, 2), fill=0)

    def draw(self, p: Painter) -> None:
        """Draw the band, then the question or else the message, over the screen."""
        if self.band is not None:
            draw_band(p, self.band.text, self.band.whole)
        if self.question is not None:
            draw_question(p, self.question.text)
        elif self.message:
            message_box(p, self.message)
