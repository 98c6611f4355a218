r"""Stored text on a terminal: what a crafted log holds is shown, never obeyed.

A log restored from elsewhere may hold any text in a name, a colour or a game's row; an
escape code in it (``ESC [2J`` clears the screen, ``ESC ]…`` sets the window title, a
right-to-left override turns a line around) would reach the terminal of whoever runs
``companion history`` or ``companion players list``. Every command that prints stored
text passes it through :func:`printable` (tables) or :func:`printable_json` (``--json``),
which write such characters out as escapes.

>>> print(printable("Ann\x1b[2J"))
Ann\x1b[2J
"""

from __future__ import annotations

import json
from unicodedata import category

#: What a terminal acts on or draws as nothing: control characters (ESC, BEL, the C1
#: CSI), invisible format characters (a right-to-left override), lone surrogates, and
#: the line and paragraph separators.
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def printable(text: object, keep: str = "") -> str:
    r"""``text`` as a terminal may print it: each character it would act on instead of
    showing (:data:`HIDDEN`) written out as its Python escape; characters in ``keep``
    (a table's line breaks) stay.

    >>> printable("Ann\x1b[2J"), printable("a\u202eb"), printable("山田\n", keep="\n")
    ('Ann\\x1b[2J', 'a\\u202eb', '山田\n')
    """
    text = str(text)
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c in keep or category(c) not in HIDDEN else ascii(c)[1:-1]
                   for c in text)


def printable_json(text: str) -> str:
    r"""JSON text ``text`` with the same characters written as JSON escapes (``\u001b``),
    which mean the same to a JSON reader; its line breaks (between values) stay.

    >>> printable_json('{"name": "Ann\u009b2J"}')
    '{"name": "Ann\\u009b2J"}'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(c if c == "\n" or category(c) not in HIDDEN else json.dumps(c)[1:-1]
                   for c in text)
