"""The bundled bitmap fonts, so every machine renders the same pixels.

Terminus (SIL Open Font License 1.1, © Dimitar Toshkov Zhekov) and the X11 misc-fixed
fonts (public domain), converted to PIL's bitmap format. Sizes are cell sizes in pixels.

=========  =======  =================================================
name       cell     for
=========  =======  =================================================
``tiny``   4×6      dense grids (the Four-Colour Stones board)
``small``  5×7      labels under a figure
``text``   6×12     menus and lines of text (21 characters a line)
``bold``   6×12     highlighted text
``medium`` 8×16     names, short headings (16 characters a line)
``large``  12×24    the main figure of a game screen
``huge``   16×32    one big number
=========  =======  =================================================
"""

from __future__ import annotations

from companion.ui.fonts.latin import CELLS as CELLS
from companion.ui.fonts.latin import FILES as FILES
from companion.ui.fonts.latin import LOOKALIKES as LOOKALIKES
from companion.ui.fonts.latin import font as font


def needs_japanese(text: str) -> bool:
    """True when ``text`` has characters only the Japanese fonts draw (kana, kanji, …).

    Those fonts load on first use, so an English screen never pays for them.

    >>> needs_japanese("Ann 12"), needs_japanese("はな 12")
    (False, True)
    """
    if text.isascii():  # nearly every text, and a C-speed check
        return False
    return not all(ord(c) < 256 or c in LOOKALIKES for c in text)


def fitted(text: str, name: str, width: int) -> str:
    """``text`` without its last characters until it is at most ``width`` pixels wide in
    font ``name`` (a full-width character counts double).

    >>> fitted("Alexandra", "text", 30)
    'Alexa'
    """
    while text and text_width(text, name) > width:
        text = text[:-1]
    return text


def text_width(text: str, name: str) -> int:
    """Width in pixels of ``text`` in font ``name`` (all fonts are monospaced; a
    full-width character is two cells)."""
    if needs_japanese(text):
        from companion.ui.fonts import japanese

        return japanese.text_width(text, name)
    return len(text) * CELLS[name][0]
