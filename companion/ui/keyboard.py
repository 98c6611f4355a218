"""Typing with a d-pad: the on-screen keyboard's pages, cursor and text (no drawing).

Modelled on the Flipper Zero's ``text_input``: rows of keys with wrap-around in both
directions, a bottom row with delete, space, case, the next page and OK. Three pages:
letters (alphabetical, 7 a row), kana (the 50-sound table, one column per consonant, ten
columns: dakuten ゛ and small 小 in the や column's gaps, わをん, the long-vowel mark ー
and handakuten ゜ down the わ column; the marks change the last kana typed; the
middle dot ・ under the table),
and digits with symbols and accented letters. Kanji are not on the keys: a kanji name
(山田 一郎) is typed on a computer (``companion players add`` / ``rename``) and the
keyboard keeps it when it is renamed here. The first letter and the first after a
space come out upper case; the case key flips the next letter (on the kana page it
switches hiragana and katakana). Holding LEFT/RIGHT jumps three keys and holding
UP/DOWN two rows (one press instead of three); ROLL turns the page, BACK deletes,
holding OK finishes.

>>> kb = Keyboard()
>>> for key in ("OK", "DOWN", "LEFT", "OK", "OK"):
...     _ = kb.press(key)
>>> kb.text
'Ann'
>>> kb.press("OK", long=True)
'done'
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass, field

DELETE, SPACE, CASE, PAGE, DONE = "DEL", "SPC", "Aa", "PAGE", "OK"
#: The bottom row of every page.
CONTROLS = (DELETE, SPACE, CASE, PAGE, DONE)
#: How far a held LEFT/RIGHT jumps along a row, and a held UP/DOWN across rows.
JUMP_KEYS, JUMP_ROWS = 3, 2
DAKUTEN, HANDAKUTEN, SMALL = "\u309b", "\u309c", "\u5c0f"  # ゛ ゜ 小

LETTERS = ("abcdefg", "hijklmn", "opqrstu", "vwxyz-'")
SYMBOLS = ("1234567", "890.&+!", "?()/#@'", "éèüöäñç")
#: The 50-sound table by columns (a, ka, sa, …): ten, so that a row of 12 px kana (the
#: smallest a Japanese reader can read on the panel) fits across the screen; わ・を・ん
#: as the table is recited; the marks where they cost the fewest presses (benchmark
#: name_entry: 小 beside ゆ and よ, the rare ゜ last).
_KANA_COLUMNS = ("あいうえお", "かきくけこ", "さしすせそ", "たちつてと", "なにぬねの",
                 "はひふへほ", "まみむめも", ("や", DAKUTEN, "ゆ", SMALL, "よ"),
                 "らりるれろ", ("わ", "を", "ん", "ー", HANDAKUTEN))
#: The kana page: the table's five rows, then the middle dot 「・」 between the parts of a
#: foreign name (ミヤ・ロドリゲス; issue 41), on a row of its own under the table: ten
#: columns of 12 px kana fill the screen's width.
KANA = (*(tuple(col[r] for col in _KANA_COLUMNS) for r in range(5)), ("・",))
PAGES = (("abc", LETTERS), ("かな", KANA), ("123", SYMBOLS))
_SMALL = dict(zip("あいうえおつやゆよわかけ", "ぁぃぅぇぉっゃゅょゎゕゖ", strict=True))
_SMALL.update({v: k for k, v in _SMALL.items()})


def first_page(language: str) -> int:
    """The page a fresh keyboard opens on: kana for a box speaking Japanese, else the
    letters.

    >>> first_page("ja"), first_page("en")
    (1, 0)
    """
    return 1 if language == "ja" else 0


def katakana(text: str) -> str:
    """Hiragana in ``text`` as katakana (ア for あ); everything else unchanged."""
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in text)


def hiragana(ch: str) -> str:
    return chr(ord(ch) - 0x60) if "\u30a1" <= ch <= "\u30f6" else ch


def with_mark(ch: str, mark: str) -> str:
    """``ch`` with dakuten (U+3099) or handakuten (U+309A) toggled; unchanged if the
    kana cannot carry it (が→か, か→が, は→ぱ, ぱ→ば with the other mark)."""
    base, *marks = list(unicodedata.normalize("NFD", ch))
    if marks == [mark]:
        return base
    made = unicodedata.normalize("NFC", base + mark)
    return made if len(made) == 1 else ch


def toggled_small(ch: str) -> str:
    """Small kana for large and back (つ↔っ, ヤ↔ャ); unchanged for other characters."""
    kata = ch != hiragana(ch)
    flipped = _SMALL.get(hiragana(ch))
    if flipped is None:
        return ch
    return katakana(flipped) if kata else flipped


@functools.cache
def _grid(page: int, kata: bool, upper: bool) -> list[tuple[str, ...]]:
    grid = [tuple(r) for r in PAGES[page][1]]
    if kata:
        grid = [tuple(katakana(c) for c in r) for r in grid]
    elif upper:
        grid = [tuple(c.upper() for c in r) for r in grid]
    return [*grid, CONTROLS]


@dataclass
class Keyboard:
    """The keyboard's state: ``text``, the ``page`` and the cursor (``row``, ``col``).

    :param text: what is already typed (a name being changed).
    :param limit: the most characters ``text`` may hold; further keys are ignored.
    """

    text: str = ""
    limit: int = 12
    page: int = 0
    row: int = 0
    col: int = 0
    flip: bool = False
    kata: bool = False
    #: Where across the row the cursor wants to be (0–1), kept through UP/DOWN.
    want: float = field(default=0.5 / 7)

    def __post_init__(self) -> None:
        # A name being changed opens on the page it ends in: 「はなこ」 on the kana page.
        last = self.text[-1:]
        if last and ("\u3041" <= last <= "\u309f" or "\u30a1" <= last <= "\u30ff"):
            self.page, self.kata = 1, last != hiragana(last)

    # -- what is on the keys ---------------------------------------------------------

    def rows(self) -> list[tuple[str, ...]]:
        """Every row of the current page, the control row last, as the keys type."""
        return _grid(self.page, self.page == 1 and self.kata, self.page != 1 and self.upper())

    def upper(self) -> bool:
        """Whether the next letter comes out upper case."""
        auto = self.text == "" or self.text.endswith(" ")
        return auto != self.flip

    def label(self, key: str) -> str:
        """What a key shows: the control keys say what they will do."""
        if key == PAGE:
            return PAGES[(self.page + 1) % len(PAGES)][0]
        if key == CASE:  # on the symbols page the page key says "abc" already
            if self.page == 1:
                return "かな" if self.kata else "カナ"
            if self.page == 2:
                return "é" if self.upper() else "É"
            return "abc" if self.upper() else "ABC"
        return key

    @property
    def key(self) -> str:
        """The key under the cursor."""
        return self.rows()[self.row][self.col]

    def state(self) -> tuple[object, ...]:
        """Everything that decides what the next press does (for the benchmark's search)."""
        return (self.text, self.page, self.row, self.col, self.flip, self.kata, self.want)

    # -- presses ---------------------------------------------------------------------

    def press(self, key: str, long: bool = False) -> str | None:
        """One button; returns ``"done"`` (hold OK, or the OK key) or ``"cancel"`` (BACK
        with nothing typed), else None."""
        if key == "OK" and long:
            return "done"
        if key in ("LEFT", "RIGHT"):
            row = self.rows()[self.row]
            step = (JUMP_KEYS if long else 1) * (1 if key == "RIGHT" else -1)
            self.col = (self.col + step) % len(row)
            self.want = (self.col + 0.5) / len(row)
        elif key in ("UP", "DOWN"):
            step = (JUMP_ROWS if long else 1) * (1 if key == "DOWN" else -1)
            self.row = (self.row + step) % len(self.rows())
            self.col = min(int(self.want * len(self.rows()[self.row])),
                           len(self.rows()[self.row]) - 1)
        elif key == "ROLL":
            self.turn_page()
        elif key == "BACK":
            if not self.text:
                return "cancel"
            self.text = self.text[:-1]
        elif key == "OK":
            return self._type(self.key)
        return None

    def turn_page(self) -> None:
        self.page = (self.page + 1) % len(PAGES)
        self.row = min(self.row, len(self.rows()) - 1)
        self.col = min(int(self.want * len(self.rows()[self.row])),
                       len(self.rows()[self.row]) - 1)

    def _type(self, key: str) -> str | None:
        if self.row == len(self.rows()) - 1:  # the control row
            if key == DONE:
                return "done"
            if key == DELETE:
                self.text = self.text[:-1]
            elif key == SPACE:
                self._add(" ")
            elif key == CASE:
                if self.page == 1:
                    self.kata = not self.kata
                else:
                    self.flip = not self.flip
            elif key == PAGE:
                self.turn_page()
            return None
        if key in (DAKUTEN, HANDAKUTEN, SMALL):
            if self.text:
                last = self.text[-1]
                changed = (toggled_small(last) if key == SMALL else
                           with_mark(last, "\u3099" if key == DAKUTEN else "\u309a"))
                self.text = self.text[:-1] + changed
            return None
        if key:
            self._add(key)
            self.flip = False
        return None

    def _add(self, ch: str) -> None:
        if len(self.text) < self.limit:
            self.text += ch
