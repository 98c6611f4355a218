"""The name keyboard on screen: the typed name on top, the keys below, the cursor inverted.

Keys: the d-pad moves (wrapping round; hold to jump) · OK types the key · BACK deletes
the last character, or leaves when nothing is typed · hold BACK deletes too · ROLL
turns the page (abc → かな → 123) · hold OK (or the OK key) finishes. What was typed
exists only on this screen until it is accepted: a half-typed name is simply gone
after a restart.

>>> from companion.owner.screenshots import make_app
>>> app = make_app(); app.start()
>>> app.push(NameEntry(app, "New player", lambda name: None))
>>> app.render().size
(128, 64)
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core import i18n
from companion.core.i18n import N_, _
from companion.ui.fonts import needs_japanese, text_width
from companion.ui.keyboard import (
    DAKUTEN,
    DELETE,
    HANDAKUTEN,
    PAGE,
    SPACE,
    Keyboard,
    first_page,
)
from companion.ui.paint import Painter
from companion.ui.screen import Context, Screen

#: The kana page's keys are 12 px (8 px kana cannot be read on the panel: issue 35), so
#: three of its five rows show at a time, scrolling with the cursor, a bar at the right.
KANA_FONT, KANA_ROWS, KEY_H = "text", 3, 12
TOP = 14  # the keys start below the typed name
CONTROL_Y = TOP + KANA_ROWS * KEY_H  # the control row: 12 px, for 「かな」「カナ」
#: What the hiragana/katakana key says: in words a person of the language in use reads.
_CASE_LABELS = {"かな": N_("kana"), "カナ": N_("KANA")}
#: The control keys a language words its own way (削除, 空白), and the page key's names
#: (英字, 数字); the case key's "ABC"/"abc" is what it types, in every language.
_CONTROL_LABELS = {DELETE: N_("DEL"), SPACE: N_("SPC")}
_PAGE_LABELS = {"abc": N_("abc"), "123": N_("123")}


def tail(line: str, width: int) -> str:
    """The end of ``line`` that fits ``width`` px in 12 px type, after "…" when its start
    is out of sight: a long name scrolls, so the cursor and the last keys typed show.

    >>> tail("ああああああああああああ_", 100)
    '…ああああああ_'
    """
    if text_width(line, "text") <= width:
        return line
    start = 1
    while text_width("…" + line[start:], "text") > width:
        start += 1
    return "…" + line[start:]


class NameEntry(Screen):
    """Type a name; ``on_done(text)`` returns None to accept it (the screen closes) or a
    one-line message saying what is wrong (shown; the screen stays, the text kept).

    :param title: shown while nothing is typed ("New player", "Rename Ann").
    :param text: what the name starts as (renaming).
    """

    def __init__(self, ctx: Context, title: str, on_done: Callable[[str], str | None], *,
                 text: str = "", limit: int = 12,
                 then: Callable[[str], None] | None = None,
                 confirm: Callable[[str], str | None] | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        self.on_done = on_done
        #: The question asked before ``on_done`` (a new name joins the roster only once
        #: OK answers it: a slip and the finishing hold saved "De"; issue 35).
        self.confirm = confirm
        #: Called with the accepted text once this screen has closed (to open the next).
        self.then = then
        # a new name opens on the language's page; one being changed, on the page it
        # ends in (Keyboard sees to that)
        self.kb = Keyboard(text=text, limit=limit,
                           page=0 if text else first_page(i18n.language()))
        #: The first kana row shown (the rows scroll with the cursor).
        self.first = 0

    def _press(self, key: str, long: bool = False) -> None:
        outcome = self.kb.press(key, long)
        if outcome == "cancel":
            self.ctx.pop()
        elif outcome == "done":
            text = self.kb.text
            question = self.confirm(text) if self.confirm is not None else None
            if question is not None:
                self.ctx.ask(question, lambda: self._finish(text))
            else:
                self._finish(text)

    def _finish(self, text: str) -> None:
        problem = self.on_done(text)
        if problem:
            self.ctx.notice(problem)
        else:
            self.ctx.pop()
            if self.then is not None:
                self.then(text)

    def key_up(self) -> None:
        self._press("UP")

    def key_down(self) -> None:
        self._press("DOWN")

    def key_left(self) -> None:
        self._press("LEFT")

    def key_right(self) -> None:
        self._press("RIGHT")

    def key_long_up(self) -> None:
        self._press("UP", True)

    def key_long_down(self) -> None:
        self._press("DOWN", True)

    def key_long_left(self) -> None:
        self._press("LEFT", True)

    def key_long_right(self) -> None:
        self._press("RIGHT", True)

    def key_ok(self) -> None:
        self._press("OK")

    def key_long_ok(self) -> None:
        self._press("OK", True)

    def key_roll(self) -> None:
        self._press("ROLL")

    def key_long_roll(self) -> None:
        self._press("ROLL")

    def key_back(self) -> None:
        self._press("BACK")

    def key_long_back(self) -> None:
        """Undo, here: take back the last character (never leaves the screen)."""
        if self.kb.text:
            self._press("BACK")

    def render(self, p: Painter) -> None:
        kb = self.kb
        counter = f"{len(kb.text)}/{kb.limit}"
        room = p.width - 1 - text_width(counter, "small") - 3  # the line stops short of it
        if kb.text:
            p.text((1, 0), tail(kb.text + "_", room), "text")
        else:
            p.text((1, 0), f"{self.title}:_", "text")
        p.right(3, counter, "small", x1=p.width - 1)
        p.line((0, TOP - 2, p.width - 1, TOP - 2))
        rows = kb.rows()
        if kb.page == 1:
            self._kana(p, rows[:-1])
        else:  # Latin letters and digits are legible in 8 px: every row shows
            height = (CONTROL_Y - TOP) // (len(rows) - 1)
            for r, row in enumerate(rows[:-1]):
                self._row(p, r, row, TOP + r * height, height, "small")
        self._controls(p, rows[-1])

    def _kana(self, p: Painter, rows: list[tuple[str, ...]]) -> None:
        """Three rows of 12 px kana: the cursor's row in the middle where it can be."""
        if self.kb.row < len(rows):  # on the control row the rows stay as they were
            self.first = max(0, min(self.kb.row - 1, len(rows) - KANA_ROWS))
        for r in range(self.first, self.first + KANA_ROWS):
            y = TOP + (r - self.first) * KEY_H
            self._row(p, r, rows[r], y, KEY_H, KANA_FONT, width=p.width - 4)  # 4: the bar
        # the scroll bar: which three of the five rows show
        height = KANA_ROWS * KEY_H
        bar = height * KANA_ROWS // len(rows)
        y0 = TOP + (height - bar) * self.first // (len(rows) - KANA_ROWS)
        p.rect((p.width - 3, y0, p.width - 1, y0 + bar - 1), fill=1, outline=None)

    def _row(self, p: Painter, r: int, row: tuple[str, ...], y: int, height: int,
             font: str, width: int = 0) -> None:
        """One row of keys across ``width`` px (the screen's unless told), the cursor
        inverted; ten kana are 12 px apart (their glyphs keep a pixel between them)."""
        width = width or p.width
        key_w = width // len(row)
        x0 = (width - key_w * len(row)) // 2
        for c, key in enumerate(row):
            x = x0 + c * key_w
            if key in (DAKUTEN, HANDAKUTEN):  # the marks sit in a corner of their cell
                p.text((x + (key_w - 5) // 2, y + (height - 5) // 2), key, font)
            elif key:
                p.centred(y + (height - (12 if font == "text" else 7)) // 2, key, font,
                          x0=x, x1=x + key_w)
            if (r, c) == (self.kb.row, self.kb.col):
                p.inverted((x, y, x + key_w - 1, y + height - 1))

    def _controls(self, p: Painter, row: tuple[str, ...]) -> None:
        """Delete, space, kana/katakana or case, the next page, OK: kana in 12 px."""
        kb, r = self.kb, len(self.kb.rows()) - 1
        labels = [self._control_label(key) for key in row]
        fonts = ["text" if needs_japanese(label) else "small" for label in labels]
        # each key as wide as its label and an equal share of the room left, so that
        # 「削除」「空白」 never run together as one word
        widths = [text_width(label, font) for label, font in zip(labels, fonts, strict=True)]
        spare = max(0, p.width - sum(widths))
        x = 0
        for c, (label, font, width) in enumerate(zip(labels, fonts, widths, strict=True)):
            key_w = width + spare // len(row) + (1 if c < spare % len(row) else 0)
            p.centred(CONTROL_Y + (0 if font == "text" else 3), label, font,
                      x0=x, x1=x + key_w)
            if (r, c) == (kb.row, kb.col):
                p.inverted((x, CONTROL_Y, x + key_w - 1, CONTROL_Y + KEY_H - 1))
            x += key_w

    def _control_label(self, key: str) -> str:
        """What a control key shows in the language in use (「削除」「空白」「英字」)."""
        label = self.kb.label(key)
        if label in _CASE_LABELS:
            return _(_CASE_LABELS[label])
        if key in _CONTROL_LABELS:
            return _(_CONTROL_LABELS[key])
        if key == PAGE and label in _PAGE_LABELS:
            return _(_PAGE_LABELS[label])
        return label
